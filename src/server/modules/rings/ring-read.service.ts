/** The rings read model: a member's rings and one ring, as the contract shows them. */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ring } from '../../../common/api/rings';
import { ringClaimDeadline } from '../../../common/domain/ring-state';
import { isLateSender } from '../../../common/domain/shipping-deadline';
import type { Queryable } from '../../db/connect';
import { items, reviews, ringLegs, rings, tradeDisputes, users } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { ringConversationIds } from '../chat';
import { presentDispute } from '../trades';
import { presentTradePartner } from '../users';
import { reasonShownTo } from '../../../common/domain/ring-reasons';
import { withTrackingUrl } from '../../../common/domain/carriers';
import { type AddressView, ringAddressViews } from '../exchange';
import { ringShipBy } from './rings.service';

type RingRow = typeof rings.$inferSelect;
type LegRow = typeof ringLegs.$inferSelect;

const giver = alias(users, 'giver');
const receiver = alias(users, 'receiver');

async function selectRings(
  ctx: ServiceContext,
  memberId: string,
  timers: TradeTimers,
  ringId?: string,
): Promise<Ring[]> {
  const mine = ctx.db
    .select({ ringId: ringLegs.ringId })
    .from(ringLegs)
    .where(or(eq(ringLegs.giverId, memberId), eq(ringLegs.receiverId, memberId)));
  const ringRows = await ctx.db
    .select()
    .from(rings)
    .where(and(inArray(rings.id, mine), ringId ? eq(rings.id, ringId) : undefined))
    .orderBy(desc(rings.createdAt))
    .limit(100);
  if (ringRows.length === 0) return [];
  const legRows = await ctx.db
    .select({
      leg: ringLegs,
      item: { id: items.id, images: items.images },
      giver: {
        id: giver.id,
        firstName: giver.firstName,
        lastName: giver.lastName,
        profileImageUrl: giver.profileImageUrl,
      },
      receiver: {
        id: receiver.id,
        firstName: receiver.firstName,
        lastName: receiver.lastName,
        profileImageUrl: receiver.profileImageUrl,
      },
    })
    .from(ringLegs)
    .innerJoin(items, eq(items.id, ringLegs.itemId))
    .innerJoin(giver, eq(giver.id, ringLegs.giverId))
    .innerJoin(receiver, eq(receiver.id, ringLegs.receiverId))
    .where(
      inArray(
        ringLegs.ringId,
        ringRows.map((row) => row.id),
      ),
    )
    .orderBy(ringLegs.ringId, ringLegs.position);
  const ringIds = ringRows.map((row) => row.id);
  // Who may see which address is decided in one place (exchange/recipient-address.query.ts).
  const addressViews = await ringAddressViews(
    ctx.db,
    memberId,
    ringRows.map((row) => ({
      id: row.id,
      status: row.status,
      completedAt: row.completedAt,
      legs: legRows.filter(({ leg }) => leg.ringId === row.id).map(({ leg }) => leg),
    })),
  );
  const [disputeRows, reviewRows, threads] = await Promise.all([
    ctx.db
      .select()
      .from(tradeDisputes)
      .where(inArray(tradeDisputes.ringId, ringIds))
      .orderBy(tradeDisputes.createdAt),
    ctx.db
      .select({ ringId: reviews.ringId, reviewerId: reviews.reviewerId, rating: reviews.rating })
      .from(reviews)
      .where(inArray(reviews.ringId, ringIds)),
    ringConversationIds(ctx.db, ringIds),
  ]);
  return ringRows.map((row) => ({
    ...presentRing(
      row,
      legRows.filter((leg) => leg.leg.ringId === row.id),
      {
        disputes: disputeRows.filter((dispute) => dispute.ringId === row.id),
        reviews: reviewRows.filter((review) => review.ringId === row.id),
      },
      memberId,
      timers,
      addressViews.get(row.id) as AddressView,
    ),
    conversationId: threads.get(row.id) ?? null,
  }));
}

function presentRing(
  row: RingRow,
  legRows: Array<{
    leg: LegRow;
    item: { id: string; images: string[] };
    giver: Parameters<typeof presentTradePartner>[0];
    receiver: Parameters<typeof presentTradePartner>[0];
  }>,
  trust: {
    disputes: Array<typeof tradeDisputes.$inferSelect>;
    reviews: Array<{ reviewerId: string | null; rating: number }>;
  },
  memberId: string,
  timers: TradeTimers,
  addressView: AddressView,
): Omit<Ring, 'conversationId'> {
  const openDispute = (position: number) =>
    trust.disputes.some((dispute) => dispute.ringPosition === position && dispute.resolvedAt === null);
  const myReview = trust.reviews.find((review) => review.reviewerId === memberId);
  const legs = legRows.map(({ leg, item, giver: from, receiver: to }) => ({
    position: leg.position,
    giver: presentTradePartner(from),
    receiver: presentTradePartner(to),
    item: {
      id: item.id,
      title: leg.terms.title,
      images: leg.terms.images.length > 0 ? leg.terms.images : item.images,
      estimatedValue: leg.terms.estimatedValue,
      condition: leg.terms.condition,
      brand: leg.terms.brand,
      size: leg.terms.size,
    },
    reason: reasonShownTo(leg.reason, leg.receiverId, memberId),
    accepted: leg.acceptedAt !== null,
    received: leg.receivedAt !== null,
    disputed: openDispute(leg.position),
    reviewed: trust.reviews.some((review) => review.reviewerId === leg.receiverId),
    shipment: leg.shipment ? withTrackingUrl(leg.shipment) : null,
    // Only the caller's own leg as giver ever carries the address they send to.
    recipientAddress: leg.giverId === memberId ? addressView.recipientAddress : null,
    sentAt: leg.sentAt?.toISOString() ?? null,
    receivedAt: leg.receivedAt?.toISOString() ?? null,
    late: row.status === 'accepted' && isLateSender(leg.sentAt, ringShipBy(row, timers), new Date()),
  }));
  const mine = new Set(
    legs
      .filter((leg) => leg.giver.id === memberId || leg.receiver.id === memberId)
      .map((leg) => leg.position),
  );
  const deadline =
    row.status === 'accepted'
      ? ringClaimDeadline(
          legRows.map(({ leg }) => leg.receivedAt),
          timers.claimWindowDays,
        )
      : null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    score: Math.round(row.score * 1000) / 1000,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    claimDeadline: deadline?.toISOString() ?? null,
    shipBy: ringShipBy(row, timers)?.toISOString() ?? null,
    legs,
    myGiveLeg: legs.find((leg) => leg.giver.id === memberId)?.position ?? -1,
    myGetLeg: legs.find((leg) => leg.receiver.id === memberId)?.position ?? -1,
    endAccepted: row.kind === 'chain' && row.endAcceptedAt !== null,
    iAccepted:
      legs.find((leg) => leg.giver.id === memberId)?.accepted ??
      (row.kind === 'chain' && row.endAcceptedAt !== null),
    explanation: legs.map((leg) => ({
      giver: leg.giver.firstName,
      receiver: leg.receiver.firstName,
      title: leg.item.title,
      value: leg.item.estimatedValue,
      reason: leg.reason,
    })),
    disputes: trust.disputes
      .filter((dispute) => dispute.ringPosition !== null && mine.has(dispute.ringPosition))
      .map(presentDispute),
    myReview: myReview ? { rating: myReview.rating } : null,
    needsAddress: addressView.needsAddress,
    carrierCountry: addressView.carrierCountry,
  };
}

export function listRings(ctx: ServiceContext, memberId: string, timers: TradeTimers) {
  return selectRings(ctx, memberId, timers);
}

export async function getRing(ctx: ServiceContext, memberId: string, ringId: string, timers: TradeTimers) {
  const [ring] = await selectRings(ctx, memberId, timers, ringId);
  if (!ring) throw notFound('rings.not_found');
  return ring;
}

/** Items that may not take part in a new ring: held by an open one. */
export async function heldItemIds(db: Queryable, itemIds: string[]) {
  if (itemIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ itemId: ringLegs.itemId })
    .from(ringLegs)
    .where(and(inArray(ringLegs.itemId, itemIds), eq(ringLegs.open, true)));
  return new Set(rows.map((row) => row.itemId));
}
