/** Commands that change a ring: proposing it, a member's answer, and confirming receipt. */
import { anySuspended } from '../moderation';
import { and, eq, inArray } from 'drizzle-orm';
import type { RingStatusInput } from '../../../common/api/rings';
import { canConfirmReceiptFrom, isLateSender } from '../../../common/domain/shipping-deadline';
import { dealTerms } from '../../../common/domain/trade-terms';
import { items, ringLegs, rings } from '../../db/schema';
import type { RingTimers, TradeTimers } from '../../env';
import { badRequest, conflict } from '../../lib/errors';
import type { Effects } from '../../lib/domain-events';
import { list, text, type TextRef } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { isBlockedAmong } from '../safety';
import { lockItemsForUpdate } from '../trades';
import {
  completeRing,
  dissolveRing,
  firstNames,
  isRingable,
  lockRing,
  membersOf,
  type ProposedLeg,
  ringLink,
  ringShipBy,
} from './rings.service';
import { getRing } from './ring-read.service';

type ItemRow = typeof items.$inferSelect;

/** Every two members of a ring: a block between any of them, neighbours or not, keeps the ring out. */
const everyPair = (memberIds: string[]) => {
  const members = [...new Set(memberIds)];
  return members.flatMap((a, k) => members.slice(k + 1).map((b): [string, string] => [a, b]));
};

/** Tells every member of the ring but `memberId` (the one who acted) what they did. */
function notifyOthers(
  effects: Effects,
  legs: Array<{ giverId: string; receiverId: string }>,
  memberId: string,
  ringId: string,
  title: TextRef,
  message: TextRef,
) {
  effects.notify(
    ...membersOf(legs)
      .filter((id) => id !== memberId)
      .map((userId) => ({ userId, type: 'swap_ring' as const, title, message, link: ringLink(ringId) })),
  );
}

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
  kind: 'ring' | 'chain' = 'ring',
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
    const members = membersOf(legs);
    if (await isBlockedAmong(tx, everyPair(members))) return null;
    const expiresAt = new Date(now.getTime() + timers.proposalHours * 3_600_000);
    const [ring] = await tx
      .insert(rings)
      .values({ kind, score, createdAt: now, updatedAt: now, expiresAt })
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
    await effects.emit('ring.proposed', { ringId: ring.id, memberIds: members });
    const names = await firstNames(tx, members);
    const titleOf = (leg: ProposedLeg | undefined) =>
      (leg && byId.get(leg.itemId)?.title) ?? text('notifications:common.anItem');
    for (const memberId of members) {
      const gives = legs.find((leg) => leg.giverId === memberId);
      const gets = legs.find((leg) => leg.receiverId === memberId);
      const others = list(
        members
          .filter((other) => other !== memberId)
          .map((other) => names.get(other) ?? text('notifications:common.aMember')),
      );
      const values = { gives: titleOf(gives), gets: titleOf(gets), others, count: timers.proposalHours };
      // A chain's giver gives without getting, its last member gets without giving.
      const message =
        kind === 'ring'
          ? 'notifications:rings.proposed.message'
          : gets
            ? gives
              ? 'notifications:rings.proposedChain.message'
              : 'notifications:rings.proposedChain.end'
            : 'notifications:rings.proposedChain.giver';
      effects.notify({
        userId: memberId,
        type: 'swap_ring',
        emailType: 'ringProposal',
        title: text(
          kind === 'ring' ? 'notifications:rings.proposed.title' : 'notifications:rings.proposedChain.title',
          { size: members.length },
        ),
        message: text(message, values),
        link: ringLink(ring.id),
        dedupeKey: `ring:${ring.id}`,
      });
    }
    return ring.id;
  });
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
    // A chain's last member gives nothing: their answer is kept on the ring (endAcceptedAt).
    const mine = legs.find((leg) => leg.giverId === memberId);
    const endMember = ring.kind === 'chain' ? legs[legs.length - 1]?.receiverId : undefined;
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
      // A giver past the shipping deadline with nothing sent: backing out costs the others nothing.
      const deadline = ringShipBy(ring, timers);
      const late = legs.find((leg) => leg.giverId !== memberId && isLateSender(leg.sentAt, deadline, now));
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
      const others = membersOf(legs).filter((id) => id !== memberId);
      if (late)
        await tx
          .update(rings)
          .set({ cancelExcused: true, lateGiverId: late.giverId })
          .where(eq(rings.id, ring.id));
      else if (await anySuspended(tx, others))
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
    if (await isBlockedAmong(tx, everyPair(membersOf(legs)))) {
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
    if (mine) {
      if (mine.acceptedAt !== null) return 'done' as const;
      await tx
        .update(ringLegs)
        .set({ acceptedAt: now })
        .where(and(eq(ringLegs.ringId, ring.id), eq(ringLegs.position, mine.position)));
    } else {
      if (ring.endAcceptedAt !== null) return 'done' as const;
      await tx.update(rings).set({ endAcceptedAt: now, updatedAt: now }).where(eq(rings.id, ring.id));
    }
    const waiting = [
      ...legs.filter((leg) => leg.giverId !== memberId && leg.acceptedAt === null),
      ...(endMember && endMember !== memberId && ring.endAcceptedAt === null ? [endMember] : []),
    ];
    if (waiting.length > 0) {
      notifyOthers(
        effects,
        legs,
        memberId,
        ring.id,
        text('notifications:rings.acceptedByOne.title'),
        text('notifications:rings.acceptedByOne.message', { name: actor, count: waiting.length }),
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
      parties: membersOf(legs),
    });
    await effects.emit('ring.accepted', {
      ringId: ring.id,
      memberIds: membersOf(legs),
      itemIds,
    });
    effects.notify(
      ...membersOf(legs).map((userId) => ({
        userId,
        type: 'swap_ring' as const,
        title: text('notifications:rings.acceptedByAll.title'),
        message: text('notifications:rings.acceptedByAll.message'),
        link: ringLink(ring.id),
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
    const getLeg = legs.find((leg) => leg.receiverId === memberId);
    // A chain's giver receives nothing.
    if (!getLeg) throw conflict('rings.nothing_to_receive');
    if (getLeg.receivedAt !== null) return;
    const now = new Date();
    if (!canConfirmReceiptFrom(getLeg.sentAt, ringShipBy(ring, timers), now))
      throw conflict('rings.giver_not_sent');
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
    notifyOthers(
      effects,
      legs,
      memberId,
      ring.id,
      text('notifications:rings.received.title'),
      text('notifications:rings.received.message', { name: actor, count: days }),
    );
  });
  return getRing(ctx, memberId, ringId, timers);
}
