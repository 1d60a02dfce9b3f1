/**
 * The trade state machine, shared by the server's checks and the client's buttons (docs/product.md § Trades; docs/decisions/006-trade-lifecycle.md).
 *
 * pending → accepted | declined | cancelled; accepted → completed | cancelled | disputed;
 * disputed → completed | cancelled (a moderator decides).
 */

export const TRADE_STATUSES = [
  'pending',
  'accepted',
  'disputed',
  'declined',
  'cancelled',
  'completed',
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export type TradeRole = 'owner' | 'requester';
export type TradeAction = 'accepted' | 'declined' | 'cancelled';

/** Which roles may move a request from which statuses by each member action. */
const TRANSITIONS: Record<TradeAction, Array<{ from: TradeStatus; by: readonly TradeRole[] }>> = {
  accepted: [{ from: 'pending', by: ['owner'] }],
  declined: [{ from: 'pending', by: ['owner'] }],
  cancelled: [
    { from: 'pending', by: ['requester'] },
    // Either party may back out of an accepted trade until someone has confirmed receipt.
    { from: 'accepted', by: ['owner', 'requester'] },
  ],
};

export type TransitionCheck = { ok: true } | { ok: false; reason: 'wrong-role' | 'wrong-status' };

export interface TradeProgress {
  status: TradeStatus;
  requesterReceived: boolean;
  ownerReceived: boolean;
}

export function canTransition(trade: TradeProgress, action: TradeAction, role: TradeRole): TransitionCheck {
  const rules = TRANSITIONS[action];
  const fromHere = rules.filter((rule) => rule.from === trade.status);
  if (fromHere.length === 0) {
    return rules.some((rule) => rule.by.includes(role))
      ? { ok: false, reason: 'wrong-status' }
      : { ok: false, reason: 'wrong-role' };
  }
  if (!fromHere.some((rule) => rule.by.includes(role))) return { ok: false, reason: 'wrong-role' };
  // Once an item has arrived the trade is past the point of backing out: confirm or dispute instead.
  if (
    action === 'cancelled' &&
    trade.status === 'accepted' &&
    (trade.requesterReceived || trade.ownerReceived)
  )
    return { ok: false, reason: 'wrong-status' };
  return { ok: true };
}

/** Both parties confirm receipt of an accepted trade; the second confirmation completes it. */
export function canConfirmReceipt(status: TradeStatus): boolean {
  return status === 'accepted';
}

/**
 * A party who has not confirmed receipt may open a dispute on an accepted trade, until the claim
 * window that the other party's confirmation opened has passed.
 */
export function canDispute(trade: TradeProgress, role: TradeRole, claimDeadline: Date | null, now: Date) {
  if (trade.status !== 'accepted') return false;
  if (role === 'owner' ? trade.ownerReceived : trade.requesterReceived) return false;
  return claimDeadline === null || now.getTime() < claimDeadline.getTime();
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of the claim window: `claimWindowDays` after the first receipt, while only one is confirmed. */
export function claimDeadline(
  receipts: { requesterReceivedAt: Date | null; ownerReceivedAt: Date | null },
  claimWindowDays: number,
): Date | null {
  const { requesterReceivedAt, ownerReceivedAt } = receipts;
  if ((requesterReceivedAt === null) === (ownerReceivedAt === null)) return null;
  const first = (requesterReceivedAt ?? ownerReceivedAt) as Date;
  return new Date(first.getTime() + claimWindowDays * DAY_MS);
}

/** Whole days and hours left until `deadline`, for the claim-window countdown; null once it passed. */
export function timeLeft(deadline: Date, now: Date): { days: number; hours: number } | null {
  const ms = deadline.getTime() - now.getTime();
  if (ms <= 0) return null;
  const hours = Math.ceil(ms / (60 * 60 * 1000));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_received: 'Item not received',
  not_as_described: 'Not as described',
  damaged: 'Arrived damaged',
  other: 'Something else',
};
export const DISPUTE_OUTCOMES = ['completed', 'cancelled'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const MAX_DISPUTE_PHOTOS = 4;
export const MAX_CANCEL_REASON = 500;

/** Reviews are blind until both parties have reviewed, or this long after completion. */
export const REVIEW_BLIND_PERIOD_MS = 7 * DAY_MS;

/** Badge variants: pending secondary, accepted default, completed outline, else destructive. */
export function tradeStatusBadge(status: string): 'secondary' | 'default' | 'outline' | 'destructive' {
  if (status === 'pending') return 'secondary';
  if (status === 'accepted') return 'default';
  if (status === 'completed') return 'outline';
  return 'destructive';
}

export function defaultTradeMessage(offeredTitle: string, requestedTitle: string): string {
  return `Hi! I'd love to swap my "${offeredTitle}" for your "${requestedTitle}". Let me know what you think!`;
}

/**
 * Whether other members may still offer a barter for an item: it is listed and not promised to
 * anyone (an accepted trade reserves it, a completed one trades it). A pending offer does not stop
 * further offers; the owner picks one.
 */
export function isOpenForOffers(item: { isActive: boolean; availability: string }): boolean {
  return item.isActive && item.availability !== 'reserved' && item.availability !== 'traded';
}
