/** The trade state machine (docs/product.md § Trades), shared by the server's checks and the client's buttons. */

export const TRADE_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export type TradeRole = 'owner' | 'requester';
export type TradeAction = 'accepted' | 'declined' | 'cancelled';

/** Which role may move a request from which status to which. */
const TRANSITIONS: Record<TradeAction, { from: TradeStatus; by: TradeRole }> = {
  accepted: { from: 'pending', by: 'owner' },
  declined: { from: 'pending', by: 'owner' },
  cancelled: { from: 'pending', by: 'requester' },
};

export type TransitionCheck = { ok: true } | { ok: false; reason: 'wrong-role' | 'wrong-status' };

export function canTransition(status: TradeStatus, action: TradeAction, role: TradeRole): TransitionCheck {
  const rule = TRANSITIONS[action];
  if (rule.by !== role) return { ok: false, reason: 'wrong-role' };
  if (rule.from !== status) return { ok: false, reason: 'wrong-status' };
  return { ok: true };
}

/** Both parties confirm receipt of an accepted trade; the second confirmation completes it. */
export function canConfirmReceipt(status: TradeStatus): boolean {
  return status === 'accepted';
}

/** Reviews are blind until both parties have reviewed, or this long after completion. */
export const REVIEW_BLIND_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

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
