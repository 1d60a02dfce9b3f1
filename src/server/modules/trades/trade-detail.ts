import { eq } from 'drizzle-orm';
import type { TradeHistoryEntry, TradeRequestDetail } from '../../../common/api/trades';
import { tradeDisputes, tradeRequests } from '../../db/schema';
import type { TradeTimers } from '../../env';
import type { ServiceContext } from '../../lib/service-context';
import { loadOffers } from './trade-sides';
import { getTradeRequest } from './trade-read.service';

type TradeRow = typeof tradeRequests.$inferSelect;
type DisputeRow = typeof tradeDisputes.$inferSelect;
type OfferRow = { version: number; proposedById: string | null; createdAt: Date };

/**
 * A trade's history from what its row records: the request and each counter-offer (the offer
 * history, which every trade has from its request on), acceptance, each side's sending and
 * receipt, the dispute and its outcome, and how it ended. Oldest first; a step whose time the
 * schema does not keep (a decline) takes the trade's last change.
 */
export function tradeHistory(trade: TradeRow, offers: OfferRow[], dispute: DisputeRow | null) {
  const steps: Array<{ event: TradeHistoryEntry['event']; at: Date; actorId: string | null }> = [];
  for (const offer of offers)
    steps.push({
      event: offer.version === 1 ? 'requested' : 'countered',
      at: offer.createdAt,
      actorId: offer.proposedById,
    });
  if (trade.acceptedAt) {
    // The party who did not propose the latest offer accepted it.
    const proposer = trade.offeredById ?? trade.requesterId;
    steps.push({
      event: 'accepted',
      at: trade.acceptedAt,
      actorId: proposer === trade.ownerId ? trade.requesterId : trade.ownerId,
    });
  }
  // A giveaway handover's receiver sends nothing: no step of theirs to show.
  if (trade.requesterSentAt && trade.offeredItemId !== null)
    steps.push({ event: 'sent', at: trade.requesterSentAt, actorId: trade.requesterId });
  if (trade.ownerSentAt) steps.push({ event: 'sent', at: trade.ownerSentAt, actorId: trade.ownerId });
  if (trade.requesterReceivedAt)
    steps.push({ event: 'received', at: trade.requesterReceivedAt, actorId: trade.requesterId });
  if (trade.ownerReceivedAt)
    steps.push({ event: 'received', at: trade.ownerReceivedAt, actorId: trade.ownerId });
  if (dispute) {
    steps.push({ event: 'disputed', at: dispute.createdAt, actorId: dispute.openedById });
    if (dispute.resolvedAt) steps.push({ event: 'resolved', at: dispute.resolvedAt, actorId: null });
  }
  if (trade.status === 'declined') steps.push({ event: 'declined', at: trade.updatedAt, actorId: null });
  if (trade.status === 'cancelled')
    steps.push({
      event: 'cancelled',
      at: trade.cancelledAt ?? trade.updatedAt,
      actorId: trade.cancelledById,
    });
  if (trade.completedAt) steps.push({ event: 'completed', at: trade.completedAt, actorId: null });
  return steps
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((step) => ({ ...step, at: step.at.toISOString() }));
}

/**
 * GET /api/trade-requests/:id: one trade as the member's list has it, with its history. Only its
 * two parties may read it; anyone else gets the 404 of an unknown id.
 */
export async function getTradeDetail(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  timers: TradeTimers,
): Promise<TradeRequestDetail> {
  const trade = await getTradeRequest(ctx, memberId, tradeId, timers);
  const [[row], offers, [dispute]] = await Promise.all([
    ctx.db.select().from(tradeRequests).where(eq(tradeRequests.id, tradeId)),
    loadOffers(ctx.db, [tradeId]),
    ctx.db.select().from(tradeDisputes).where(eq(tradeDisputes.tradeRequestId, tradeId)),
  ]);
  return {
    ...trade,
    history: row ? tradeHistory(row, offers.get(tradeId) ?? [], dispute ?? null) : [],
  };
}
