import type { TradeRequest } from '@common/api/trades';

/** What every per-state action component receives from the card. */
export interface TradeActionsProps {
  trade: TradeRequest;
  partnerName: string;
  onAccepted: (trade: TradeRequest) => void;
  onArrangeShipping: (trade: TradeRequest) => void;
}

/** The other member's id, seen from the signed-in member. */
export function partnerIdOf(trade: TradeRequest) {
  return trade.side === 'incoming' ? trade.requester.id : trade.owner.id;
}

/** The signed-in member's id in this trade. */
export function memberIdOf(trade: TradeRequest) {
  return trade.side === 'incoming' ? trade.owner.id : trade.requester.id;
}
