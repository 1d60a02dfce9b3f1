import type { TradeStatus } from './trade-state';

/** How the Barter Management view sorts a member's trade requests (docs/product.md § Trades). */

interface BoardTrade {
  status: TradeStatus;
}

export interface TradeBoard<T extends BoardTrade> {
  pending: T[];
  accepted: T[];
  completed: T[];
  /** Declined and cancelled requests, listed below the tabs. */
  history: T[];
}

/** The lists of Barter Management: three tabs, then the history (declined and cancelled) below them. */
export const TRADE_TABS = ['pending', 'accepted', 'completed', 'history'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];

/**
 * The statuses each list shows. A disputed trade is still in progress: it stays with the accepted
 * ones until a moderator decides.
 */
export const TRADE_TAB_STATUSES: Readonly<Record<TradeTab, readonly TradeStatus[]>> = {
  pending: ['pending'],
  accepted: ['accepted', 'disputed'],
  completed: ['completed'],
  history: ['declined', 'cancelled'],
};

/** The list a trade of this status is in. */
export function tradeTabOf(status: TradeStatus): TradeTab {
  return TRADE_TABS.find((tab) => TRADE_TAB_STATUSES[tab].includes(status)) ?? 'history';
}

/** Splits trades by status, keeping their order (the API answers newest first). */
export function groupTrades<T extends BoardTrade>(trades: readonly T[]): TradeBoard<T> {
  const board: TradeBoard<T> = { pending: [], accepted: [], completed: [], history: [] };
  for (const trade of trades) board[tradeTabOf(trade.status)].push(trade);
  return board;
}

interface ReceiptTrade {
  side: 'incoming' | 'outgoing';
  requesterReceived: boolean;
  ownerReceived: boolean;
}

/** Who has confirmed receiving their item, seen from the member (incoming: the member owns the requested item). */
export function receiptState(trade: ReceiptTrade): { mine: boolean; theirs: boolean } {
  return trade.side === 'incoming'
    ? { mine: trade.ownerReceived, theirs: trade.requesterReceived }
    : { mine: trade.requesterReceived, theirs: trade.ownerReceived };
}

interface OfferableItem {
  id: string;
  isActive: boolean;
  availability: string;
}

/** Items already promised or gone cannot be offered (docs/product.md § Items). */
const UNAVAILABLE_FOR_OFFER: ReadonlySet<string> = new Set(['reserved', 'traded']);

/**
 * The member's items they may offer for a target (docs/product.md § Trades): listed, not
 * reserved or traded, and not the target itself.
 */
export function offerableItems<T extends OfferableItem>(items: readonly T[], targetItemId: string): T[] {
  return items.filter(
    (item) => item.isActive && !UNAVAILABLE_FOR_OFFER.has(item.availability) && item.id !== targetItemId,
  );
}
