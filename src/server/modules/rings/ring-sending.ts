import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { reminderDue, shipBy } from '../../../common/domain/shipping-deadline';
import { DAY_MS } from '../../../common/domain/trade-state';
import type { Queryable } from '../../db/connect';
import { ringLegs, rings } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { conflict } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { getRing } from './ring-read.service';
import { firstNames, lockRing, ringLink } from './rings.service';

/**
 * Records that the giver of a ring's leg sent (or handed over) their item: the column the leg's
 * shipping deadline, its reminder and the receiver's "I received it" read. The caller holds the
 * ring's lock. Answers false when it was recorded already (the first time stays).
 */
export async function recordLegSent(tx: Queryable, ringId: string, position: number, at: Date) {
  const updated = await tx
    .update(ringLegs)
    .set({ sentAt: at })
    .where(and(eq(ringLegs.ringId, ringId), eq(ringLegs.position, position), isNull(ringLegs.sentAt)))
    .returning({ position: ringLegs.position });
  return updated.length > 0;
}

/** POST /api/rings/:id/sent: a giver of an accepted ring says they sent the item they give. */
export async function markRingSent(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { ring, legs } = await lockRing(tx, ringId, memberId);
    if (ring.status !== 'accepted') throw conflict('rings.sending_closed', { status: ring.status });
    const give = legs.find((leg) => leg.giverId === memberId);
    // A chain's last member receives without giving: a clear answer rather than a silent nothing.
    if (!give) throw conflict('rings.nothing_to_send');
    if (!(await recordLegSent(tx, ring.id, give.position, new Date()))) return;
    const name =
      (await firstNames(tx, [memberId])).get(memberId) ?? text('notifications:common.aMemberCapital');
    effects.notify({
      userId: give.receiverId,
      type: 'swap_ring',
      title: text('notifications:sending.ringSent.title'),
      message: text('notifications:sending.ringSent.message', { name }),
      link: ringLink(ring.id),
    });
  });
  return getRing(ctx, memberId, ringId, timers);
}

/**
 * A day before the rings' shipping deadline, every giver who has not marked their item sent is
 * reminded once; the reminder is claimed by a conditional update of the leg's `reminded_at`, in
 * the transaction that stores it, so two sweeps never both send it.
 */
export async function remindRingDeadlines(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const from = new Date(now.getTime() - timers.shipWithinDays * DAY_MS);
  const to = new Date(from.getTime() + DAY_MS);
  const due = await ctx.db
    .select({ ringId: ringLegs.ringId, position: ringLegs.position })
    .from(ringLegs)
    .innerJoin(rings, eq(rings.id, ringLegs.ringId))
    .where(
      and(
        eq(rings.status, 'accepted'),
        gt(rings.acceptedAt, from),
        lte(rings.acceptedAt, to),
        isNull(ringLegs.sentAt),
        isNull(ringLegs.remindedAt),
      ),
    )
    .limit(200);
  for (const leg of due) {
    await transact(ctx, async (tx, effects) => {
      const [ring] = await tx.select().from(rings).where(eq(rings.id, leg.ringId));
      if (!ring || ring.status !== 'accepted') return;
      if (!reminderDue(null, shipBy(ring.acceptedAt, timers.shipWithinDays), now)) return;
      const [claimed] = await tx
        .update(ringLegs)
        .set({ remindedAt: now })
        .where(
          and(
            eq(ringLegs.ringId, leg.ringId),
            eq(ringLegs.position, leg.position),
            isNull(ringLegs.sentAt),
            isNull(ringLegs.remindedAt),
          ),
        )
        .returning();
      if (!claimed) return;
      effects.notify({
        userId: claimed.giverId,
        type: 'swap_ring',
        emailType: 'ringProposal',
        title: text('notifications:sending.ringReminder.title'),
        message: text('notifications:sending.ringReminder.message'),
        link: ringLink(leg.ringId),
      });
    });
  }
}
