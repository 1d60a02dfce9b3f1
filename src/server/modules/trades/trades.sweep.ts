import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { claimDeadline, DAY_MS } from '../../../common/domain/trade-state';
import { tradeRequests } from '../../db/schema';
import type { Tx } from '../../db/connect';
import type { TradeTimers } from '../../env';
import type { Effects } from '../../lib/domain-events';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';
import { transact } from '../../lib/unit-of-work';
import { completeTrade, lockTrade, refreshAvailability, releaseItems, TRADES_LINK } from './trades.service';

/** How many trades one task settles per run; the next run takes the rest. */
const BATCH = 200;

/**
 * Candidates are read without locks; each one is then settled in its own transaction that locks
 * its items and the trade (the usual order) and checks the condition again, so a member acting at
 * the same moment either wins or finds the trade settled.
 */
async function settleEach(
  ctx: ServiceContext,
  ids: string[],
  settle: (locked: Awaited<ReturnType<typeof lockTrade>>, tx: Tx, effects: Effects) => Promise<void>,
) {
  for (const id of ids) {
    await transact(ctx, async (tx, effects) => {
      const locked = await lockTrade(tx, id, null);
      await settle(locked, tx, effects);
    });
  }
}

/** Pending requests older than the expiry are declined; both parties are told. */
export async function expirePendingRequests(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.pendingExpiryDays * DAY_MS);
  const stale = await ctx.db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'pending'),
        sql`coalesce(${tradeRequests.offeredAt}, ${tradeRequests.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .limit(BATCH);
  await settleEach(
    ctx,
    stale.map((row) => row.id),
    async ({ trade, requested, itemIds }, tx, effects) => {
      if (trade.status !== 'pending' || (trade.offeredAt ?? trade.createdAt) >= cutoff) return;
      await tx
        .update(tradeRequests)
        .set({ status: 'declined', updatedAt: now })
        .where(eq(tradeRequests.id, trade.id));
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'expired', actorId: null });
      await refreshAvailability(tx, itemIds);
      effects.notify(
        ...[trade.requesterId, trade.ownerId].map((userId) => ({
          userId,
          type: 'trade_request' as const,
          title: text('notifications:trades.expired.title'),
          message: text('notifications:trades.expired.message', {
            item: requested.title,
            count: timers.pendingExpiryDays,
          }),
          link: TRADES_LINK,
        })),
      );
    },
  );
}

/** Accepted trades where nobody confirmed receipt within the expiry are cancelled, blaming no one. */
export async function expireAcceptedTrades(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.acceptedExpiryDays * DAY_MS);
  const acceptedAt = sql`coalesce(${tradeRequests.acceptedAt}, ${tradeRequests.updatedAt})`;
  const stale = await ctx.db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'accepted'),
        isNull(tradeRequests.requesterReceivedAt),
        isNull(tradeRequests.ownerReceivedAt),
        sql`${acceptedAt} < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .limit(BATCH);
  await settleEach(
    ctx,
    stale.map((row) => row.id),
    async ({ trade, requested, itemIds }, tx, effects) => {
      const since = trade.acceptedAt ?? trade.updatedAt;
      if (
        trade.status !== 'accepted' ||
        trade.requesterReceivedAt !== null ||
        trade.ownerReceivedAt !== null ||
        since >= cutoff
      )
        return;
      await tx
        .update(tradeRequests)
        .set({ status: 'cancelled', cancelledAt: now, cancelledById: null, updatedAt: now })
        .where(eq(tradeRequests.id, trade.id));
      await releaseItems(tx, effects, trade, itemIds);
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'expired', actorId: null });
      effects.notify(
        ...[trade.requesterId, trade.ownerId].map((userId) => ({
          userId,
          type: 'trade_request' as const,
          title: text('notifications:trades.acceptedExpired.title'),
          message: text('notifications:trades.acceptedExpired.message', {
            item: requested.title,
            count: timers.acceptedExpiryDays,
          }),
          link: TRADES_LINK,
        })),
      );
    },
  );
}

/** Once the claim window after the first receipt passes with no confirmation or dispute, the trade completes. */
export async function completeAfterClaimWindow(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.claimWindowDays * DAY_MS);
  const due = await ctx.db
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'accepted'),
        or(
          and(
            isNotNull(tradeRequests.requesterReceivedAt),
            isNull(tradeRequests.ownerReceivedAt),
            lt(tradeRequests.requesterReceivedAt, cutoff),
          ),
          and(
            isNotNull(tradeRequests.ownerReceivedAt),
            isNull(tradeRequests.requesterReceivedAt),
            lt(tradeRequests.ownerReceivedAt, cutoff),
          ),
        ),
      ),
    )
    .limit(BATCH);
  await settleEach(
    ctx,
    due.map((row) => row.id),
    async ({ trade, requested }, tx, effects) => {
      const deadline = claimDeadline(trade, timers.claimWindowDays);
      if (trade.status !== 'accepted' || !deadline || deadline > now) return;
      await completeTrade(tx, trade, now);
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'completed', actorId: null });
      effects.notify(
        ...[trade.requesterId, trade.ownerId].map((userId) => ({
          userId,
          type: 'trade_request' as const,
          title: text('notifications:trades.completed.title'),
          message: text('notifications:trades.completed.afterClaimWindow', { item: requested.title }),
          link: TRADES_LINK,
        })),
      );
    },
  );
}

/** The trade lifecycle's periodic work. */
export function registerTradesSweep(sweep: Sweep, ctx: ServiceContext, timers: TradeTimers) {
  sweep.register('trades.expire-pending', (now) => expirePendingRequests(ctx, timers, now));
  sweep.register('trades.expire-accepted', (now) => expireAcceptedTrades(ctx, timers, now));
  sweep.register('trades.claim-window', (now) => completeAfterClaimWindow(ctx, timers, now));
}
