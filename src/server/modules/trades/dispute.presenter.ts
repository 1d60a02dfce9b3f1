import type { TradeDispute } from '../../../common/api/trades';
import type { tradeDisputes } from '../../db/schema';

type DisputeRow = typeof tradeDisputes.$inferSelect;

/** A dispute as its parties and moderators see it, whether about a trade or a swap ring's leg. */
export function presentDispute(row: DisputeRow): TradeDispute {
  return {
    id: row.id,
    reason: row.reason,
    text: row.text,
    photos: row.photoIds.map((id) => `/images/${id}`),
    openedById: row.openedById,
    createdAt: row.createdAt.toISOString(),
    outcome: row.outcome,
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}
