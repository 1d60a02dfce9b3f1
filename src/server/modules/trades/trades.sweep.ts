import { and, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { reminderDue, shipBy } from '../../../common/domain/shipping-deadline';
import { claimDeadline, DAY_MS } from '../../../common/domain/trade-state';
import { tradeRequests } from '../../db/schema';
import type { Tx } from '../../db/connect';
import type { TradeTimers } from '../../env';
import type { Effects } from '../../lib/domain-events';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';
import { transact } from '../../lib/unit-of-work';
import {
  completeTrade,
  firstName,
  lockTrade,
  refreshAvailability,
  releaseItems,
  tradeLink,
} from './trades.service';

/** How many trades one task settles per run; the next run takes the rest. */
const BATCH = 200;

/** The ids of up to BATCH trades that meet the condition: what one pass of a sweep settles. */
const tradeIdsWhere = (ctx: ServiceContext, condition: SQL | undefined) =>
  ctx.db.select({ id: tradeRequests.id }).from(tradeRequests).where(condition).limit(BATCH);

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
  const stale = await tradeIdsWhere(
    ctx,
    and(
      eq(tradeRequests.status, 'pending'),
      sql`coalesce(${tradeRequests.offeredAt}, ${tradeRequests.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
    ),
  );
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
          link: tradeLink(trade.id),
        })),
      );
    },
  );
}

/** Accepted trades where nobody confirmed receipt within the expiry are cancelled, blaming no one. */
export async function expireAcceptedTrades(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.acceptedExpiryDays * DAY_MS);
  const acceptedAt = sql`coalesce(${tradeRequests.acceptedAt}, ${tradeRequests.updatedAt})`;
  const stale = await tradeIdsWhere(
    ctx,
    and(
      eq(tradeRequests.status, 'accepted'),
      isNull(tradeRequests.requesterReceivedAt),
      isNull(tradeRequests.ownerReceivedAt),
      sql`${acceptedAt} < ${cutoff.toISOString()}::timestamptz`,
    ),
  );
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
          link: tradeLink(trade.id),
        })),
      );
    },
  );
}

/** Once the claim window after the first receipt passes with no confirmation or dispute, the trade completes. */
export async function completeAfterClaimWindow(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  const cutoff = new Date(now.getTime() - timers.claimWindowDays * DAY_MS);
  const due = await tradeIdsWhere(
    ctx,
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
  );
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
          link: tradeLink(trade.id),
        })),
      );
    },
  );
}

/**
 * A day before a sender's shipping deadline, with nothing marked sent, they are reminded once
 * (notification and email). The reminder is claimed by a conditional update of its own column
 * (`…_reminded_at is null`) in the transaction that stores it, so of two sweeps, here or on
 * another instance, exactly one sends it.
 */
export async function remindShippingDeadlines(ctx: ServiceContext, timers: TradeTimers, now: Date) {
  // Accepted between (shipWithinDays) and (shipWithinDays - 1) days ago: the deadline is within a day.
  const from = new Date(now.getTime() - timers.shipWithinDays * DAY_MS);
  const to = new Date(from.getTime() + DAY_MS);
  const due = await tradeIdsWhere(
    ctx,
    and(
      eq(tradeRequests.status, 'accepted'),
      gt(tradeRequests.acceptedAt, from),
      lte(tradeRequests.acceptedAt, to),
      or(
        and(isNull(tradeRequests.requesterSentAt), isNull(tradeRequests.requesterRemindedAt)),
        and(isNull(tradeRequests.ownerSentAt), isNull(tradeRequests.ownerRemindedAt)),
      ),
    ),
  );
  for (const { id } of due) {
    await transact(ctx, async (tx, effects) => {
      for (const role of ['requester', 'owner'] as const) {
        const sentAt = role === 'owner' ? tradeRequests.ownerSentAt : tradeRequests.requesterSentAt;
        const remindedAt =
          role === 'owner' ? tradeRequests.ownerRemindedAt : tradeRequests.requesterRemindedAt;
        const [claimed] = await tx
          .update(tradeRequests)
          .set(role === 'owner' ? { ownerRemindedAt: now } : { requesterRemindedAt: now })
          .where(
            and(
              eq(tradeRequests.id, id),
              eq(tradeRequests.status, 'accepted'),
              isNull(sentAt),
              isNull(remindedAt),
            ),
          )
          .returning();
        if (!claimed) continue;
        const deadline = shipBy(claimed.acceptedAt, timers.shipWithinDays);
        if (!reminderDue(null, deadline, now)) continue;
        effects.notify({
          userId: role === 'owner' ? claimed.ownerId : claimed.requesterId,
          type: 'trade_request',
          // The member's setting for accepted trades: the reminder is about one.
          emailType: 'tradeAccepted',
          title: text('notifications:sending.reminder.title'),
          message: text('notifications:sending.reminder.message', {
            name: await firstName(tx, role === 'owner' ? claimed.requesterId : claimed.ownerId),
          }),
          link: tradeLink(id),
        });
      }
    });
  }
}

/** The trade lifecycle's periodic work. */
export function registerTradesSweep(sweep: Sweep, ctx: ServiceContext, timers: TradeTimers) {
  sweep.register('trades.expire-pending', (now) => expirePendingRequests(ctx, timers, now));
  sweep.register('trades.expire-accepted', (now) => expireAcceptedTrades(ctx, timers, now));
  sweep.register('trades.claim-window', (now) => completeAfterClaimWindow(ctx, timers, now));
  sweep.register('trades.ship-reminder', (now) => remindShippingDeadlines(ctx, timers, now));
}
