import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { ringClaimDeadline } from '../../../common/domain/ring-state';
import { DAY_MS } from '../../../common/domain/trade-state';
import { ringLegs, rings } from '../../db/schema';
import type { RingTimers, TradeTimers } from '../../env';
import type { Sweep } from '../../lib/sweep';
import type { ServiceContext } from '../../lib/service-context';
import { text } from '../../lib/i18n';
import { transact } from '../../lib/unit-of-work';
import { remindRingDeadlines } from './ring-sending';
import { repackRings } from './rings.proposer';
import { completeRing, dissolveRing, isRingable, lockRing } from './rings.service';

/** How many rings one task settles per run; the next run takes the rest. */
const BATCH = 200;

/**
 * Like the trade sweep: candidates are read without locks, and each is settled in its own
 * transaction that locks the ring's items and the ring and checks the condition again.
 */
async function settleEach(
  ctx: ServiceContext,
  ids: string[],
  settle: (
    locked: Awaited<ReturnType<typeof lockRing>>,
    tx: Parameters<Parameters<typeof transact>[1]>[0],
    effects: Parameters<Parameters<typeof transact>[1]>[1],
  ) => Promise<void>,
) {
  for (const id of ids) {
    await transact(ctx, async (tx, effects) => {
      const locked = await lockRing(tx, id, null);
      await settle(locked, tx, effects);
    });
  }
}

/** Proposals past their deadline dissolve, releasing their holds. */
export async function expireProposals(ctx: ServiceContext, now: Date) {
  const due = await ctx.db
    .select({ id: rings.id })
    .from(rings)
    .where(and(eq(rings.status, 'proposed'), lt(rings.expiresAt, now)))
    .limit(BATCH);
  await settleEach(
    ctx,
    due.map((row) => row.id),
    async (locked, tx, effects) => {
      if (locked.ring.status !== 'proposed' || locked.ring.expiresAt >= now) return;
      await dissolveRing(
        tx,
        effects,
        locked,
        'expired',
        null,
        text('notifications:rings.expired.message'),
        now,
      );
    },
  );
}

/**
 * Proposals whose items are no longer ringable (accepted in a pairwise trade, unlisted, deleted,
 * marked "direct swaps only") dissolve, so their other items are free again.
 */
export async function dissolveBrokenProposals(ctx: ServiceContext, now: Date) {
  const broken = await ctx.db
    .selectDistinct({ id: rings.id })
    .from(rings)
    .innerJoin(ringLegs, eq(ringLegs.ringId, rings.id))
    .where(
      and(
        eq(rings.status, 'proposed'),
        sql`exists (select 1 from items i where i.id = ${ringLegs.itemId} and not (i.is_active and i.deleted_at is null
          and not i.direct_swaps_only and i.availability in ('available', 'pending')))`,
      ),
    )
    .limit(BATCH);
  await settleEach(
    ctx,
    broken.map((row) => row.id),
    async (locked, tx, effects) => {
      if (locked.ring.status !== 'proposed') return;
      const gone = locked.legs.some((leg) => {
        const item = locked.items.get(leg.itemId);
        return !item || !isRingable(item);
      });
      if (!gone) return;
      const message = text('notifications:rings.itemGone.message');
      await dissolveRing(tx, effects, locked, 'cancelled', null, message, now);
    },
  );
}

/** Accepted rings in which nobody confirmed a receipt within the accepted-trade expiry are cancelled. */
export async function expireAcceptedRings(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.acceptedExpiryDays * DAY_MS);
  const stale = await ctx.db
    .select({ id: rings.id })
    .from(rings)
    .where(
      and(
        eq(rings.status, 'accepted'),
        lt(rings.acceptedAt, cutoff),
        sql`not exists (select 1 from ${ringLegs} where ${ringLegs.ringId} = ${rings.id} and ${ringLegs.receivedAt} is not null)`,
      ),
    )
    .limit(BATCH);
  await settleEach(
    ctx,
    stale.map((row) => row.id),
    async (locked, tx, effects) => {
      const { ring, legs } = locked;
      if (ring.status !== 'accepted' || !ring.acceptedAt || ring.acceptedAt >= cutoff) return;
      if (legs.some((leg) => leg.receivedAt !== null)) return;
      const message = text('notifications:rings.acceptedExpired.message', {
        count: timers.acceptedExpiryDays,
      });
      await dissolveRing(tx, effects, locked, 'cancelled', null, message, now);
    },
  );
}

/** Once the claim window after the first receipt passes, the ring completes. */
export async function completeRingsAfterClaimWindow(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.claimWindowDays * DAY_MS);
  const due = await ctx.db
    .selectDistinct({ id: rings.id })
    .from(rings)
    .innerJoin(ringLegs, eq(ringLegs.ringId, rings.id))
    .where(and(eq(rings.status, 'accepted'), isNotNull(ringLegs.receivedAt), lt(ringLegs.receivedAt, cutoff)))
    .limit(BATCH);
  await settleEach(
    ctx,
    due.map((row) => row.id),
    async (locked, tx, effects) => {
      const deadline = ringClaimDeadline(
        locked.legs.map((leg) => leg.receivedAt),
        timers.claimWindowDays,
      );
      if (locked.ring.status !== 'accepted' || !deadline || deadline > now) return;
      await completeRing(tx, effects, locked, now, text('notifications:rings.completed.afterClaimWindow'));
    },
  );
}

/** The ring lifecycle's periodic work, on the shared sweep (its advisory lock). */
export function registerRingsSweep(sweep: Sweep, ctx: ServiceContext, timers: TradeTimers) {
  sweep.register('rings.expire-proposals', (now) => expireProposals(ctx, now));
  sweep.register('rings.dissolve-broken', (now) => dissolveBrokenProposals(ctx, now));
  sweep.register('rings.expire-accepted', (now) => expireAcceptedRings(ctx, timers, now));
  sweep.register('rings.claim-window', (now) => completeRingsAfterClaimWindow(ctx, timers, now));
  sweep.register('rings.ship-reminder', (now) => remindRingDeadlines(ctx, timers, now));
}

/** The global re-pack, on a sweep of its own (its own advisory lock and interval). */
export function registerRingsRepack(sweep: Sweep, ctx: ServiceContext, timers: RingTimers) {
  sweep.register('rings.repack', async (now) => {
    await repackRings(ctx, timers, now);
  });
}
