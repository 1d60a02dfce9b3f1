import { z } from 'zod';
import { CONDITIONS } from '../domain/taxonomy';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  MAX_CANCEL_REASON,
  MAX_DISPUTE_PHOTOS,
  TRADE_STATUSES,
} from '../domain/trade-state';
import { canonicalId, keysetCursor, moderationQueueQuery, text } from './common';
import { TRADE_TABS } from '../domain/trade-board';
import { DEAL_FIELDS } from '../domain/trade-terms';
import { shippingAddress } from './addresses';
import { userSummary } from './users';
import { MAX_BUNDLE_ITEMS, MAX_TRADE_MESSAGE_LENGTH } from '../domain/limits';
import { CARRIER_IDS, TRACKING_NUMBER_MESSAGE, TRACKING_NUMBER_PATTERN } from '../domain/carriers';

export const tradeItemSummary = z.object({
  id: z.string(),
  title: z.string(),
  images: z.array(z.string()),
  estimatedValue: z.number().int(),
  condition: z.enum(CONDITIONS),
  category: z.string(),
  brand: z.string().nullable(),
  size: z.string().nullable(),
  userId: z.string(),
  isActive: z.boolean(),
});
export type TradeItemSummary = z.infer<typeof tradeItemSummary>;

/** A dispute over a trade, as both parties and moderators see it. */
export const tradeDispute = z.object({
  id: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  text: z.string(),
  /** `/images/{id}` URLs. */
  photos: z.array(z.string()),
  openedById: z.string().nullable(),
  createdAt: z.string(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  /** The moderator's note to both parties, once resolved. */
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type TradeDispute = z.infer<typeof tradeDispute>;

/** How a party sent their item: the carrier, its tracking number and when they said so. */
export const shipment = z.object({
  carrier: z.enum(CARRIER_IDS),
  trackingNumber: z.string(),
  shippedAt: z.string(),
  /** The carrier's tracking page for this number; null for "Other". */
  trackingUrl: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipment>;

/**
 * POST /api/trade-requests/:id/shipment (and /api/rings/:id/shipment): what the member sent their own
 * item with; replaces what they said before. The carrier must be one offered in the member's country
 * (carriersFor) and the number must have that carrier's shape: 400 `shipment.carrier_not_offered` or
 * `shipment.tracking_format` otherwise.
 */
export const shipmentInput = z
  .object({
    carrier: z.enum(CARRIER_IDS, { message: 'Choose a carrier from the list' }),
    trackingNumber: z
      .string({ message: 'Enter the tracking number' })
      .trim()
      .regex(TRACKING_NUMBER_PATTERN, { message: TRACKING_NUMBER_MESSAGE }),
  })
  .strict();
export type ShipmentInput = z.infer<typeof shipmentInput>;

/** One deal field that differs between a request's terms and the live item. */
export const termsChange = z.object({
  field: z.enum(DEAL_FIELDS),
  before: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
  after: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
});

/**
 * An item of one version of an offer, as the offer history shows it: its id and its title when that
 * version was proposed (the trade's current items are in requestedItems and offeredItems).
 */
export const tradeOfferItem = z.object({
  id: z.string(),
  title: z.string(),
});
export type TradeOfferItem = z.infer<typeof tradeOfferItem>;

/** One version of a trade's offer: the request itself (version 1), then each counter-offer. */
export const tradeOffer = z.object({
  version: z.number().int(),
  /** The party who proposed it (null: an account since deleted). */
  proposedById: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** Both sides as they were when this version was proposed. */
  requestedItems: z.array(tradeOfferItem),
  offeredItems: z.array(tradeOfferItem),
});
export type TradeOffer = z.infer<typeof tradeOffer>;

/** One side of a trade: at least one item, the first one named by the trade's own id field. */
const sideItems = z.tuple([tradeItemSummary], tradeItemSummary);
/** The requester's side: empty for a giveaway handover (the requester gives nothing). */
const offeredSideItems = z.array(tradeItemSummary);

export const tradeRequest = z.object({
  id: z.string(),
  requestedItemId: z.string(),
  /** Null for a giveaway handover: the requester gives nothing (offeredItems is empty). */
  offeredItemId: z.string().nullable(),
  ownerUserId: z.string(),
  requesterId: z.string(),
  message: z.string(),
  status: z.enum(TRADE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  requesterReceived: z.boolean(),
  ownerReceived: z.boolean(),
  acceptedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The party who cancelled; null when the request expired or a moderator cancelled. */
  cancelledById: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** While one party has confirmed receipt: when the trade completes unless the other disputes. */
  claimDeadline: z.string().nullable(),
  dispute: tradeDispute.nullable(),
  /** incoming: the member owns the requested item; outgoing: the member asked. */
  side: z.enum(['incoming', 'outgoing']),
  /**
   * While pending: how each live item differs from the terms, and the live item when it does
   * (null when unchanged). Accepting agrees to the live items.
   */
  requestedItemChanges: z.array(termsChange),
  offeredItemChanges: z.array(termsChange),
  requestedItemNow: tradeItemSummary.nullable(),
  offeredItemNow: tradeItemSummary.nullable(),
  /**
   * While pending: every item of either side (a bundle's later items too) whose live listing
   * differs from the terms, with the live item and the fields that changed; empty otherwise.
   */
  itemChanges: z.array(
    z.object({
      side: z.enum(['requested', 'offered']),
      item: tradeItemSummary,
      now: tradeItemSummary,
      changes: z.array(termsChange),
    }),
  ),
  /**
   * While pending: the live items' fingerprint, sent back with an accept
   * (tradeStatusInput.termsVersion). Empty once the request is settled: nothing is accepted then.
   */
  termsVersion: z.string(),
  /**
   * Every item of each side (a bundle has up to ${MAX_BUNDLE_ITEMS}), as the terms hold them: taken
   * when the request was made, and again at acceptance. Each side has at least one; the first is
   * requestedItemId / offeredItemId. (The list names each item once: there is no separate
   * requestedItem / offeredItem copy of the first.)
   */
  requestedItems: sideItems,
  offeredItems: offeredSideItems,
  /** The latest version of the offer: the only one that can be accepted (tradeStatusInput.offerVersion). */
  offerVersion: z.number().int(),
  /** Who proposed the latest version; the other party answers it (accept, counter or decline). */
  offeredById: z.string(),
  /** Every version of the offer, oldest first. */
  offers: z.array(tradeOffer),
  requester: userSummary,
  owner: userSummary,
  /** What the requester sent their item with, once they said; null before. */
  requesterShipment: shipment.nullable(),
  /** What the owner sent their item with, once they said; null before. */
  ownerShipment: shipment.nullable(),
  /** The member's own review of this trade, if any. */
  myReview: z.object({ rating: z.number().int() }).nullable(),
  /**
   * The partner's shipping address, which the member sends their items to: only once the trade is
   * accepted (or disputed), until 30 days after it completed; null otherwise or when the partner has
   * none yet (docs/decisions/022-address-privacy.md).
   */
  recipientAddress: shippingAddress.nullable(),
  /** The trade is accepted and the member has no address yet: ask them for one (their partner needs it). */
  needsAddress: z.boolean(),
  /** The country (ISO alpha-2) whose carriers the member may name for their parcel. */
  carrierCountry: z.string(),
  /** When the requester marked their items sent (by post or handed over at a meet-up); null before. */
  requesterSentAt: z.string().nullable(),
  /** When the owner marked their items sent or handed over; null before. */
  ownerSentAt: z.string().nullable(),
  /**
   * Once accepted: the end of each sender's time to mark their items sent (acceptance plus the
   * server's SHIP_WITHIN_DAYS). Past it with nothing sent, the partner may cancel at no cost.
   */
  shipBy: z.string().nullable(),
});
export type TradeRequest = z.infer<typeof tradeRequest>;

/** Trades in one page of a Barter Management list. */
export const TRADE_PAGE_SIZE = 20;

/**
 * GET /api/trade-requests/page: one list of Barter Management (a tab, or the history below them),
 * newest first. `cursor` is the `nextCursor` of the page before (the last trade's creation time, in
 * UTC to the microsecond, and its id); clients pass it on as is.
 */
export const tradePageQuery = z
  .object({
    tab: z.enum(TRADE_TABS, { message: `tab must be one of: ${TRADE_TABS.join(', ')}` }),
    cursor: keysetCursor().optional(),
  })
  .strict();
export type TradePageQuery = z.infer<typeof tradePageQuery>;

/** A page of one list, newest first; `nextCursor` asks for the next (older) one, null on the last page. */
export const tradePage = z.object({
  trades: z.array(tradeRequest),
  nextCursor: z.string().nullable(),
});
export type TradePage = z.infer<typeof tradePage>;

/**
 * GET /api/trade-requests/counts: how many of the member's trades each list holds (the tabs' counts
 * and the home dashboard's pending and completed).
 */
export const tradeCounts = z.object({
  pending: z.number().int(),
  accepted: z.number().int(),
  completed: z.number().int(),
  history: z.number().int(),
});
export type TradeCounts = z.infer<typeof tradeCounts>;

export const TRADE_HISTORY_EVENTS = [
  'requested',
  'countered',
  'accepted',
  'declined',
  'sent',
  'received',
  'disputed',
  'resolved',
  'cancelled',
  'completed',
] as const;
export type TradeHistoryEvent = (typeof TRADE_HISTORY_EVENTS)[number];

/** One step of a trade's history, oldest first. */
export const tradeHistoryEntry = z.object({
  event: z.enum(TRADE_HISTORY_EVENTS),
  at: z.string(),
  /** The member who did it; null when the app (an expiry) or a moderator did. */
  actorId: z.string().nullable(),
});
export type TradeHistoryEntry = z.infer<typeof tradeHistoryEntry>;

/** GET /api/trade-requests/:id: the trade as the list has it, with its history. */
export const tradeRequestDetail = tradeRequest.extend({
  history: z.array(tradeHistoryEntry),
});
export type TradeRequestDetail = z.infer<typeof tradeRequestDetail>;

/**
 * POST /api/trade-requests/:id/received (and a ring's): the receiver says everything is as
 * described. Anything else is a dispute, so the flag must be sent, and true.
 */
export const receivedInput = z
  .object({
    asDescribed: z.literal(true, { message: 'Confirm that everything is as described (asDescribed: true)' }),
  })
  .strict();
export type ReceivedInput = z.infer<typeof receivedInput>;

const tradeMessage = z
  .string({ message: 'message must be text' })
  .trim()
  .max(MAX_TRADE_MESSAGE_LENGTH, {
    message: `The message must be at most ${MAX_TRADE_MESSAGE_LENGTH} characters`,
  })
  .nullish();

/** 1 to MAX_BUNDLE_ITEMS distinct item ids. */
const itemIdList = (name: string) =>
  z
    .array(canonicalId(`${name} must be item ids`), { message: `${name} must be a list of item ids` })
    .min(1, { message: `${name} must name at least one item` })
    .max(MAX_BUNDLE_ITEMS, { message: `${name} can name at most ${MAX_BUNDLE_ITEMS} items` })
    .refine((ids) => new Set(ids).size === ids.length, { message: `${name} names the same item twice` });

/**
 * A barter request: one item for one (requestedItemId, offeredItemId) or a bundle on either side
 * (requestedItemIds, offeredItemIds, up to MAX_BUNDLE_ITEMS each). Each side takes one form.
 */
export const tradeRequestInput = z
  .object({
    requestedItemId: canonicalId('requestedItemId must be an item id').optional(),
    offeredItemId: canonicalId('Please select an item to offer for barter').optional(),
    requestedItemIds: itemIdList('requestedItemIds').optional(),
    offeredItemIds: itemIdList('offeredItemIds').optional(),
    message: tradeMessage,
    /** Checked against the requested item's owner; never trusted (docs/product.md § API conventions). */
    ownerUserId: canonicalId('ownerUserId must be a member id').nullish(),
  })
  .strict()
  .superRefine((input, issue) => {
    for (const side of ['requested', 'offered'] as const) {
      const one = input[`${side}ItemId`];
      const many = input[`${side}ItemIds`];
      if (one !== undefined && many !== undefined) {
        issue.addIssue({
          code: 'custom',
          path: [`${side}ItemIds`],
          message: `Send ${side}ItemId or ${side}ItemIds, not both`,
        });
      } else if (one === undefined && many === undefined) {
        issue.addIssue({
          code: 'custom',
          path: [`${side}ItemIds`],
          message:
            side === 'offered'
              ? 'Please select an item to offer for barter'
              : 'requestedItemId must be an item id',
        });
      }
    }
  });
export type TradeRequestInput = z.input<typeof tradeRequestInput>;

/** POST /api/trade-requests/:id/counter: the answering party proposes other items for either side. */
export const counterOfferInput = z
  .object({
    requestedItemIds: itemIdList('requestedItemIds'),
    offeredItemIds: itemIdList('offeredItemIds'),
    message: tradeMessage,
  })
  .strict();
export type CounterOfferInput = z.input<typeof counterOfferInput>;

/** The answers to a proposal (a trade request, a ring): agree, refuse, or back out once agreed. */
export const answerStatus = z.enum(['accepted', 'declined', 'cancelled'], {
  message: 'status must be accepted, declined or cancelled',
});
/** Why an agreed exchange is cancelled (trimmed text; each contract sets its own maximum). */
export const cancelReasonText = z.string({ message: 'reason must be text' }).trim();

export const tradeStatusInput = z
  .object({
    status: answerStatus,
    /** Why an accepted trade is cancelled; shown to the partner. */
    reason: cancelReasonText
      .max(MAX_CANCEL_REASON, { message: `The reason must be at most ${MAX_CANCEL_REASON} characters` })
      .optional(),
    /**
     * With an accept: the termsVersion of the trade the owner was shown. When the items changed
     * since, the accept answers 409 instead of agreeing to terms nobody saw.
     */
    termsVersion: z
      .string({ message: 'termsVersion must be text' })
      .max(64, { message: 'termsVersion must be at most 64 characters' })
      .optional(),
    /**
     * With an accept: the offer version the member was shown. An older one than the latest (a
     * counter-offer arrived meanwhile) answers 409.
     */
    offerVersion: z
      .number({ message: 'offerVersion must be a number' })
      .int({ message: 'offerVersion must be a whole number' })
      .min(1, { message: 'offerVersion must be at least 1' })
      .max(1_000_000, { message: 'offerVersion is too large' })
      .optional(),
  })
  .strict();
export type TradeStatusInput = z.infer<typeof tradeStatusInput>;

export const disputeInput = z
  .object({
    reason: z.enum(DISPUTE_REASONS, { message: `reason must be one of: ${DISPUTE_REASONS.join(', ')}` }),
    text: text('The description', 1, 2000),
    photoIds: z
      .array(canonicalId('photoIds must be uploaded image ids'), {
        message: 'photoIds must be a list of image ids',
      })
      .max(MAX_DISPUTE_PHOTOS, { message: `Attach at most ${MAX_DISPUTE_PHOTOS} photos` })
      .default([]),
  })
  .strict();
export type DisputeInput = z.input<typeof disputeInput>;

/** An open or resolved dispute with its trade or swap ring, for the moderation view. */
export const moderationDispute = tradeDispute.extend({
  /** The disputed trade, or null for a swap ring's dispute (ringId). */
  tradeId: z.string().nullable(),
  /**
   * The swap ring whose leg is disputed. Its opener shows as `requester` with the item they gave
   * (`offeredItem`), the giver of the disputed item (`requestedItem`) as `owner`.
   */
  ringId: z.string().nullable(),
  tradeStatus: z.enum(TRADE_STATUSES),
  requestedItem: tradeItemSummary,
  /** Null for a giveaway handover's dispute: the requester gave nothing. */
  offeredItem: tradeItemSummary.nullable(),
  requester: userSummary,
  owner: userSummary,
});
export type ModerationDispute = z.infer<typeof moderationDispute>;

export const disputeListQuery = moderationQueueQuery;

export const disputeResolutionInput = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOMES, { message: 'outcome must be completed or cancelled' }),
    note: text('The note', 1, 1000),
  })
  .strict();
export type DisputeResolutionInput = z.infer<typeof disputeResolutionInput>;

/** A member's trading record, on their public profile. All figures are null for a new member. */
export const reliability = z.object({
  /** Completed trades and swap rings (reliability.service.ts counts both alike). */
  completedTrades: z.number().int(),
  acceptedTrades: z.number().int(),
  /** Share (0–1) of the trades they accepted or had accepted that they cancelled; null with none. */
  cancelledShare: z.number().nullable(),
  /** Disputes opened against them that a moderator resolved by cancelling the trade. */
  disputesLost: z.number().int(),
  /** Median days from acceptance to their own receipt confirmation; null with none confirmed. */
  medianReceiptDays: z.number().nullable(),
  /** No accepted trade yet: the profile says "New member" instead of figures. */
  isNew: z.boolean(),
});
export type Reliability = z.infer<typeof reliability>;
