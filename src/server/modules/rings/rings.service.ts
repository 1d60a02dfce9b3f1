import { anySuspended } from '../moderation/suspension-state';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ring, RingStatusInput } from '../../../common/api/rings';
import { COMMITTED_RING_STATUSES, ringClaimDeadline } from '../../../common/domain/ring-state';
import { dealTerms } from '../../../common/domain/trade-terms';
import type { Queryable, Tx } from '../../db/connect';
import { items, reviews, ringLegs, rings, tradeDisputes, users } from '../../db/schema';
import type { RingTimers, TradeTimers } from '../../env';
import type { Effects } from '../../lib/domain-events';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { text, type TextRef, translator } from '../../lib/i18n';
import type { Locale } from '../../../common/domain/locales';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { ringConversationIds } from '../chat/group-chat.query';
import { isBlockedAmong } from '../safety/safety.query';
import { lockItemsForUpdate } from '../trades/trade-holds';
import { presentDispute } from '../trades/dispute.presenter';
import { presentTradePartner } from '../users/users.presenter';
import { reasonShownTo } from './ring-reasons';

type RingRow = typeof rings.$inferSelect;
type LegRow = typeof ringLegs.$inferSelect;
type ItemRow = typeof items.$inferSelect;

export const RINGS_LINK = '/rings';

/** Listed, open to rings: what an item must be to join or stay in a ring that is not yet accepted. */
export const isRingable = (item: ItemRow) =>
  item.isActive &&
  item.deletedAt === null &&
  !item.directSwapsOnly &&
  (item.availability === 'available' || item.availability === 'pending');

export interface ProposedLeg {
  itemId: string;
  giverId: string;
  receiverId: string;
  reason: string;
}

export async function firstNames(tx: Queryable, ids: string[]) {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/** Every two members of a ring: a block between any of them, neighbours or not, keeps the ring out. */
const everyPair = (memberIds: string[]) => {
  const members = [...new Set(memberIds)];
  return members.flatMap((a, k) => members.slice(k + 1).map((b): [string, string] => [a, b]));
};

/**
 * Creates a proposed ring if its items are all still ringable and held by no other open ring, and no
 * two of its members have blocked each other: all checked under the items' locks (id order, like
 * every trade). Answers the ring's id, or null when the ring is no longer possible.
 */
export async function createRing(
  ctx: ServiceContext,
  legs: ProposedLeg[],
  score: number,
  now: Date,
  timers: RingTimers,
): Promise<string | null> {
  return transact(ctx, async (tx, effects) => {
    const locked = await lockItemsForUpdate(tx, { ids: legs.map((leg) => leg.itemId) });
    const byId = new Map(locked.map((row) => [row.id, row]));
    for (const leg of legs) {
      const item = byId.get(leg.itemId);
      if (!item || !isRingable(item) || item.userId !== leg.giverId) return null;
    }
    const held = await tx
      .select({ itemId: ringLegs.itemId })
      .from(ringLegs)
      .where(
        and(
          inArray(
            ringLegs.itemId,
            legs.map((leg) => leg.itemId),
          ),
          eq(ringLegs.open, true),
        ),
      )
      .limit(1);
    if (held.length > 0) return null;
    if (await isBlockedAmong(tx, everyPair(legs.map((leg) => leg.giverId)))) return null;
    const expiresAt = new Date(now.getTime() + timers.proposalHours * 3_600_000);
    const [ring] = await tx
      .insert(rings)
      .values({ score, createdAt: now, updatedAt: now, expiresAt })
      .returning({ id: rings.id });
    if (!ring) throw new Error('ring insert returned nothing');
    await tx.insert(ringLegs).values(
      legs.map((leg, position) => ({
        ringId: ring.id,
        position,
        giverId: leg.giverId,
        itemId: leg.itemId,
        receiverId: leg.receiverId,
        terms: dealTerms(byId.get(leg.itemId) as ItemRow),
        reason: leg.reason,
      })),
    );
    await effects.emit('ring.proposed', { ringId: ring.id, memberIds: legs.map((leg) => leg.giverId) });
    const names = await firstNames(
      tx,
      legs.map((leg) => leg.giverId),
    );
    for (const leg of legs) {
      const gets = legs.find((other) => other.receiverId === leg.giverId);
      const getsTitle = (gets && byId.get(gets.itemId)?.title) ?? text('notifications:common.anItem');
      const others = legs
        .filter((other) => other.giverId !== leg.giverId)
        .map((other) => names.get(other.giverId) ?? null);
      const t = (locale: Locale) => translator(locale);
      const withOthers = (locale: Locale) =>
        others
          .map((name) => name ?? t(locale)('notifications:common.aMember'))
          .join(t(locale)('notifications:common.and'));
      effects.notify({
        userId: leg.giverId,
        type: 'swap_ring',
        emailType: 'ringProposal',
        title: text('notifications:rings.proposed.title', { size: legs.length }),
        message: text('notifications:rings.proposed.message', {
          gives: byId.get(leg.itemId)?.title ?? text('notifications:common.anItem'),
          gets: getsTitle,
          others: withOthers,
          count: timers.proposalHours,
        }),
        link: RINGS_LINK,
        dedupeKey: `ring:${ring.id}`,
      });
    }
    return ring.id;
  });
}

/**
 * Locks a ring for a change: its items first, in id order, then the ring row, the order every trade
 * transaction uses. With a `memberId`, anyone not in the ring gets the 404 of an unknown id.
 */
export async function lockRing(tx: Tx, ringId: string, memberId: string | null) {
  const peek = await tx.select().from(ringLegs).where(eq(ringLegs.ringId, ringId));
  if (peek.length === 0 || (memberId !== null && !peek.some((leg) => leg.giverId === memberId))) {
    throw notFound('rings.not_found');
  }
  const locked = await lockItemsForUpdate(tx, { ids: peek.map((leg) => leg.itemId) });
  const [ring] = await tx.select().from(rings).where(eq(rings.id, ringId)).for('update');
  if (!ring) throw notFound('rings.not_found');
  const legs = await tx.select().from(ringLegs).where(eq(ringLegs.ringId, ringId)).orderBy(ringLegs.position);
  return { ring, legs, items: new Map(locked.map((row) => [row.id, row])) };
}

type LockedRing = Awaited<ReturnType<typeof lockRing>>;

/**
 * Ends a ring that was proposed or accepted without a swap: its holds go, reserved items return to
 * the marketplace, and every member but `byMemberId` is told why (`message`, a notifications text).
 */
export async function dissolveRing(
  tx: Tx,
  effects: Effects,
  locked: LockedRing,
  status: 'declined' | 'expired' | 'cancelled',
  byMemberId: string | null,
  message: TextRef,
  now: Date,
  reason: string | null = null,
) {
  const { ring, legs } = locked;
  await tx
    .update(rings)
    .set({ status, cancelledAt: now, cancelledById: byMemberId, cancelReason: reason, updatedAt: now })
    .where(eq(rings.id, ring.id));
  await tx.update(ringLegs).set({ open: false }).where(eq(ringLegs.ringId, ring.id));
  if ((COMMITTED_RING_STATUSES as readonly string[]).includes(ring.status)) {
    const released = await tx
      .update(items)
      .set({ availability: 'available' })
      .where(
        and(
          inArray(
            items.id,
            legs.map((leg) => leg.itemId),
          ),
          eq(items.availability, 'reserved'),
        ),
      )
      .returning({ id: items.id });
    if (released.length > 0)
      await effects.emit('items.availability-changed', {
        itemIds: released.map((row) => row.id),
        availability: 'available',
        parties: legs.map((leg) => leg.giverId),
      });
  }
  const title = text(`notifications:rings.ended.${status}`);
  effects.notify(
    ...legs
      .filter((leg) => leg.giverId !== byMemberId)
      .map((leg) => ({ userId: leg.giverId, type: 'swap_ring' as const, title, message, link: RINGS_LINK })),
  );
}

/** Every item leaves the marketplace as traded and the ring completes. The caller holds the locks. */
export async function completeRing(
  tx: Tx,
  effects: Effects,
  locked: LockedRing,
  now: Date,
  message: TextRef,
) {
  await tx
    .update(rings)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(eq(rings.id, locked.ring.id));
  await tx.update(ringLegs).set({ open: false }).where(eq(ringLegs.ringId, locked.ring.id));
  await tx
    .update(items)
    .set({ availability: 'traded', isActive: false, updatedAt: now })
    .where(
      inArray(
        items.id,
        locked.legs.map((leg) => leg.itemId),
      ),
    );
  effects.notify(
    ...locked.legs.map((leg) => ({
      userId: leg.giverId,
      type: 'swap_ring' as const,
      title: text('notifications:rings.completed.title'),
      message,
      link: RINGS_LINK,
    })),
  );
}

export async function answerRing(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  input: RingStatusInput,
  timers: TradeTimers,
) {
  const now = new Date();
  const outcome = await transact(ctx, async (tx, effects) => {
    const locked = await lockRing(tx, ringId, memberId);
    const { ring, legs } = locked;
    const mine = legs.find((leg) => leg.giverId === memberId) as LegRow;
    const actor =
      (await firstNames(tx, [memberId])).get(memberId) ?? text('notifications:common.aMemberCapital');
    if (input.reason && input.status !== 'cancelled') {
      throw badRequest('rings.reason_only_when_cancelling');
    }

    if (input.status === 'cancelled') {
      if (ring.status === 'disputed') throw conflict('rings.under_dispute_cancel');
      if (ring.status !== 'accepted') throw conflict('rings.not_cancellable', { status: ring.status });
      if (legs.some((leg) => leg.receivedAt !== null)) {
        throw conflict('rings.item_received');
      }
      const reason = input.reason || null;
      await dissolveRing(
        tx,
        effects,
        locked,
        'cancelled',
        memberId,
        reason
          ? text('notifications:rings.backedOut.withReason', { name: actor, reason })
          : text('notifications:rings.backedOut.message', { name: actor }),
        now,
        reason,
      );
      const others = legs.map((leg) => leg.giverId).filter((id) => id !== memberId);
      if (await anySuspended(tx, others))
        await tx.update(rings).set({ cancelExcused: true }).where(eq(rings.id, ring.id));
      return 'done' as const;
    }

    if (ring.status !== 'proposed') throw conflict('rings.already_settled', { status: ring.status });
    if (ring.expiresAt <= now) throw conflict('rings.expired');

    if (input.status === 'declined') {
      await dissolveRing(
        tx,
        effects,
        locked,
        'declined',
        memberId,
        text('notifications:rings.declined.message', { name: actor }),
        now,
      );
      return 'done' as const;
    }

    // A block between two members that came after the proposal (and before its dissolving
    // listener ran, or around it) ends the ring instead of letting it be accepted.
    if (await isBlockedAmong(tx, everyPair(legs.map((leg) => leg.giverId)))) {
      await dissolveRing(
        tx,
        effects,
        locked,
        'cancelled',
        null,
        text('notifications:rings.blocked.message'),
        now,
      );
      return 'blocked' as const;
    }
    if (mine.acceptedAt !== null) return 'done' as const;
    await tx
      .update(ringLegs)
      .set({ acceptedAt: now })
      .where(and(eq(ringLegs.ringId, ring.id), eq(ringLegs.position, mine.position)));
    const waiting = legs.filter((leg) => leg.giverId !== memberId && leg.acceptedAt === null);
    if (waiting.length > 0) {
      effects.notify(
        ...legs
          .filter((leg) => leg.giverId !== memberId)
          .map((leg) => ({
            userId: leg.giverId,
            type: 'swap_ring' as const,
            title: text('notifications:rings.acceptedByOne.title'),
            message: text('notifications:rings.acceptedByOne.message', {
              name: actor,
              count: waiting.length,
            }),
            link: RINGS_LINK,
          })),
      );
      return 'done' as const;
    }
    // Everyone is in: every item must still be free, then all are reserved at once.
    const gone = legs.find((leg) => {
      const item = locked.items.get(leg.itemId);
      return !item || !isRingable(item);
    });
    if (gone) {
      await dissolveRing(
        tx,
        effects,
        locked,
        'cancelled',
        null,
        text('notifications:rings.itemGone.message'),
        now,
      );
      return 'unavailable' as const;
    }
    const itemIds = legs.map((leg) => leg.itemId);
    await tx
      .update(rings)
      .set({ status: 'accepted', acceptedAt: now, updatedAt: now })
      .where(eq(rings.id, ring.id));
    await tx.update(items).set({ availability: 'reserved' }).where(inArray(items.id, itemIds));
    await effects.emit('items.availability-changed', {
      itemIds,
      availability: 'reserved',
      parties: legs.map((leg) => leg.giverId),
    });
    await effects.emit('ring.accepted', {
      ringId: ring.id,
      memberIds: legs.map((leg) => leg.giverId),
      itemIds,
    });
    effects.notify(
      ...legs.map((leg) => ({
        userId: leg.giverId,
        type: 'swap_ring' as const,
        title: text('notifications:rings.acceptedByAll.title'),
        message: text('notifications:rings.acceptedByAll.message'),
        link: RINGS_LINK,
      })),
    );
    return 'done' as const;
  });
  if (outcome === 'unavailable') {
    throw conflict('rings.dissolved');
  }
  if (outcome === 'blocked') {
    throw conflict('rings.members_blocked');
  }
  return getRing(ctx, memberId, ringId, timers);
}

export async function confirmRingReceived(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const locked = await lockRing(tx, ringId, memberId);
    const { ring, legs } = locked;
    if (ring.status === 'completed') throw conflict('rings.already_completed');
    if (ring.status === 'disputed') throw conflict('rings.under_dispute');
    if (ring.status !== 'accepted') throw conflict('rings.receipt_needs_accepted');
    const getLeg = legs.find((leg) => leg.receiverId === memberId) as LegRow;
    if (getLeg.receivedAt !== null) return;
    const now = new Date();
    await tx
      .update(ringLegs)
      .set({ receivedAt: now })
      .where(and(eq(ringLegs.ringId, ring.id), eq(ringLegs.position, getLeg.position)));
    const missing = legs.filter((leg) => leg.position !== getLeg.position && leg.receivedAt === null);
    if (missing.length === 0) {
      await completeRing(tx, effects, locked, now, text('notifications:rings.completed.allReceived'));
      return;
    }
    const actor =
      (await firstNames(tx, [memberId])).get(memberId) ?? text('notifications:common.aMemberCapital');
    const days = timers.claimWindowDays;
    effects.notify(
      ...legs
        .filter((leg) => leg.giverId !== memberId && leg.receiverId !== memberId)
        .concat(legs.filter((leg) => leg.receiverId === memberId && leg.giverId !== memberId))
        .filter((leg, index, list) => list.findIndex((other) => other.giverId === leg.giverId) === index)
        .map((leg) => ({
          userId: leg.giverId,
          type: 'swap_ring' as const,
          title: text('notifications:rings.received.title'),
          message: text('notifications:rings.received.message', { name: actor, count: days }),
          link: RINGS_LINK,
        })),
    );
  });
  return getRing(ctx, memberId, ringId, timers);
}

const giver = alias(users, 'giver');
const receiver = alias(users, 'receiver');

const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

async function selectRings(
  ctx: ServiceContext,
  memberId: string,
  timers: TradeTimers,
  ringId?: string,
): Promise<Ring[]> {
  const mine = ctx.db
    .select({ ringId: ringLegs.ringId })
    .from(ringLegs)
    .where(eq(ringLegs.giverId, memberId));
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
    status: row.status,
    score: Math.round(row.score * 1000) / 1000,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    claimDeadline: deadline?.toISOString() ?? null,
    legs,
    myGiveLeg: legs.find((leg) => leg.giver.id === memberId)?.position ?? 0,
    myGetLeg: legs.find((leg) => leg.receiver.id === memberId)?.position ?? 0,
    explanation: legs.map(
      (leg) =>
        `${leg.giver.firstName} gives "${leg.item.title}" (${money(leg.item.estimatedValue)}) to ${leg.receiver.firstName}: ${leg.reason}.`,
    ),
    disputes: trust.disputes
      .filter((dispute) => dispute.ringPosition !== null && mine.has(dispute.ringPosition))
      .map(presentDispute),
    myReview: myReview ? { rating: myReview.rating } : null,
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
