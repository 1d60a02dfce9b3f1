/*
 * The rings module's core: links, deadlines, members, the ring lock (items in id order, then the
 * ring) and a ring's two ends (dissolved or completed), shared by the commands
 * (ring-commands.service.ts), the sweep, the listeners and the disputes. The read model is in
 * ring-read.service.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { COMMITTED_RING_STATUSES } from '../../../common/domain/ring-state';
import { shipBy } from '../../../common/domain/shipping-deadline';
import { ringPath } from '../../../common/domain/notification-links';
import type { Queryable, Tx } from '../../db/connect';
import { items, ringLegs, rings, users } from '../../db/schema';
import type { TradeTimers } from '../../env';
import type { Effects } from '../../lib/domain-events';
import { notFound } from '../../lib/errors';
import { text, type TextRef } from '../../lib/i18n';
import { lockItemsForUpdate } from '../trades';
import { type RingReason } from '../../../common/domain/ring-reasons';

type RingRow = typeof rings.$inferSelect;

type ItemRow = typeof items.$inferSelect;

/** Where notifications about swap rings in general link. */
export const RINGS_LINK = '/rings';
/** Where a notification about one ring links: its own page. */
export const ringLink = ringPath;

/** The end of every giver's time to mark their item sent, once the ring is accepted. */
export const ringShipBy = (ring: RingRow, timers: TradeTimers) =>
  ring.status === 'proposed' || ring.status === 'declined'
    ? null
    : shipBy(ring.acceptedAt, timers.shipWithinDays);

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
  reason: RingReason;
}

export async function firstNames(tx: Queryable, ids: string[]) {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/**
 * Everyone in a ring: its givers and its receivers. In a ring they are the same members; a chain's
 * first giver receives nothing and its last receiver gives nothing.
 */
export const membersOf = (legs: Array<{ giverId: string; receiverId: string }>) => [
  ...new Set(legs.flatMap((leg) => [leg.giverId, leg.receiverId])),
];

/**
 * Locks a ring for a change: its items first, in id order, then the ring row, the order every trade
 * transaction uses. With a `memberId`, anyone not in the ring gets the 404 of an unknown id.
 */
export async function lockRing(tx: Tx, ringId: string, memberId: string | null) {
  const peek = await tx.select().from(ringLegs).where(eq(ringLegs.ringId, ringId));
  if (
    peek.length === 0 ||
    (memberId !== null && !peek.some((leg) => leg.giverId === memberId || leg.receiverId === memberId))
  ) {
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
        parties: membersOf(legs),
      });
  }
  const title = text(`notifications:rings.ended.${status}`);
  effects.notify(
    ...membersOf(legs)
      .filter((id) => id !== byMemberId)
      .map((userId) => ({
        userId,
        type: 'swap_ring' as const,
        title,
        message,
        link: ringLink(ring.id),
      })),
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
    ...membersOf(locked.legs).map((userId) => ({
      userId,
      type: 'swap_ring' as const,
      title: text('notifications:rings.completed.title'),
      message,
      link: ringLink(locked.ring.id),
    })),
  );
}
