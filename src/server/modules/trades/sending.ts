import { and, eq, isNull } from 'drizzle-orm';
import { canConfirmReceiptFrom, isLateSender, shipBy } from '../../../common/domain/shipping-deadline';
import type { Queryable } from '../../db/connect';
import { tradeRequests } from '../../db/schema';
import type { TradeTimers } from '../../env';

type TradeRow = typeof tradeRequests.$inferSelect;
export type TradeRole = 'owner' | 'requester';

export const roleOf = (trade: TradeRow, memberId: string): TradeRole =>
  trade.ownerId === memberId ? 'owner' : 'requester';
const other = (role: TradeRole): TradeRole => (role === 'owner' ? 'requester' : 'owner');

/** When `role` sent (or handed over) their items: the one column every deadline rule reads. */
export const sentAtOf = (trade: TradeRow, role: TradeRole) =>
  role === 'owner' ? trade.ownerSentAt : trade.requesterSentAt;

export const tradeShipBy = (trade: TradeRow, timers: TradeTimers) =>
  trade.status === 'pending' ? null : shipBy(trade.acceptedAt, timers.shipWithinDays);

/** The receiver may confirm receipt: the other party sent, or its deadline passed. */
export function receiptOpenTo(trade: TradeRow, receiver: TradeRole, timers: TradeTimers, now: Date) {
  return canConfirmReceiptFrom(sentAtOf(trade, other(receiver)), tradeShipBy(trade, timers), now);
}

/** The partner of `canceller` when their shipping deadline has passed with nothing sent, else null. */
export function latePartner(trade: TradeRow, canceller: TradeRole, timers: TradeTimers, now: Date) {
  const partner = other(canceller);
  return isLateSender(sentAtOf(trade, partner), tradeShipBy(trade, timers), now)
    ? partner === 'owner'
      ? trade.ownerId
      : trade.requesterId
    : null;
}

/**
 * Records that `role` sent their items (by post) or handed them over (a meet-up): the column the
 * shipping deadline, its reminder and "I received it" read. The caller holds the trade's lock and
 * has checked that the trade is accepted. Answers false when it was recorded already (the first
 * time stays).
 */
export async function recordSent(tx: Queryable, trade: TradeRow, role: TradeRole, at: Date) {
  const column = role === 'owner' ? tradeRequests.ownerSentAt : tradeRequests.requesterSentAt;
  const updated = await tx
    .update(tradeRequests)
    .set(role === 'owner' ? { ownerSentAt: at, updatedAt: at } : { requesterSentAt: at, updatedAt: at })
    .where(and(eq(tradeRequests.id, trade.id), isNull(column)))
    .returning({ id: tradeRequests.id });
  return updated.length > 0;
}
