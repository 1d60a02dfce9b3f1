import type { TradeItemSummary, TradeRequest } from '@common/api/trades';

/*
 * A trade between the member (ME) and their partner (PARTNER, "Bruno"), as GET /api/trade-requests
 * answers it: the fixture of the trade card's component tests (server-rendered and in a DOM).
 */

export const ME = 'member-me';
export const PARTNER = 'member-partner';
export const DAY = 24 * 60 * 60 * 1000;

export function item(id: string, userId: string): TradeItemSummary {
  return {
    id,
    title: `Item ${id}`,
    images: [],
    estimatedValue: 2500,
    condition: 'good',
    category: 'clothing',
    brand: null,
    size: null,
    userId,
    isActive: true,
  };
}

/** A trade between the member and their partner; `incoming`: the member owns the requested item. */
export function trade(
  overrides: Partial<TradeRequest> & { side?: 'incoming' | 'outgoing' } = {},
): TradeRequest {
  const side = overrides.side ?? 'incoming';
  const ownerId = side === 'incoming' ? ME : PARTNER;
  const requesterId = side === 'incoming' ? PARTNER : ME;
  const now = Date.now();
  return {
    id: 't1',
    requestedItemId: 'requested',
    offeredItemId: 'offered',
    ownerUserId: ownerId,
    requesterId,
    message: '',
    status: 'pending',
    createdAt: new Date(now - DAY).toISOString(),
    updatedAt: new Date(now - DAY).toISOString(),
    completedAt: null,
    requesterReceived: false,
    ownerReceived: false,
    acceptedAt: null,
    cancelledAt: null,
    cancelledById: null,
    cancelReason: null,
    claimDeadline: null,
    dispute: null,
    side,
    requestedItemChanges: [],
    offeredItemChanges: [],
    requestedItemNow: null,
    offeredItemNow: null,
    itemChanges: [],
    termsVersion: 'v1',
    requestedItems: [item('requested', ownerId)],
    offeredItems: [item('offered', requesterId)],
    offerVersion: 1,
    offeredById: requesterId,
    offers: [],
    requester: {
      id: requesterId,
      firstName: requesterId === ME ? 'Me' : 'Bruno',
      lastName: null,
      profileImageUrl: null,
    },
    owner: { id: ownerId, firstName: ownerId === ME ? 'Me' : 'Bruno', lastName: null, profileImageUrl: null },
    requesterShipment: null,
    ownerShipment: null,
    myReview: null,
    recipientAddress: null,
    needsAddress: false,
    carrierCountry: 'US',
    requesterSentAt: null,
    ownerSentAt: null,
    shipBy: null,
    ...overrides,
  };
}
