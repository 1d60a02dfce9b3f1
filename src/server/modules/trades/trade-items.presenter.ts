import type { TradeItemSummary, TradeRequest } from '../../../common/api/trades';
import { dealTerms, diffTerms, type ItemTerms } from '../../../common/domain/trade-terms';
import type { items, tradeRequests } from '../../db/schema';
import { termsVersion } from './trade-terms';

type TradeRow = typeof tradeRequests.$inferSelect;

/** The live columns of an item that a trade needs: its deal fields, owner and listing state. */
export type LiveTradeItem = Pick<
  typeof items.$inferSelect,
  | 'id'
  | 'title'
  | 'description'
  | 'images'
  | 'estimatedValue'
  | 'condition'
  | 'category'
  | 'gender'
  | 'style'
  | 'brand'
  | 'size'
  | 'userId'
  | 'isActive'
>;

function summarize(item: LiveTradeItem, terms: ItemTerms): TradeItemSummary {
  return {
    id: item.id,
    title: terms.title,
    images: terms.images,
    estimatedValue: terms.estimatedValue,
    condition: terms.condition as TradeItemSummary['condition'],
    category: terms.category,
    brand: terms.brand,
    size: terms.size,
    userId: item.userId,
    isActive: item.isActive,
  };
}

/**
 * Both items of a trade as its terms hold them and, while it is pending, what changed since: a
 * settled trade shows what was agreed, whatever happened to the items later.
 */
export function presentTradeItems(
  trade: TradeRow,
  requested: LiveTradeItem,
  offered: LiveTradeItem,
): Pick<
  TradeRequest,
  | 'requestedItem'
  | 'offeredItem'
  | 'requestedItemChanges'
  | 'offeredItemChanges'
  | 'requestedItemNow'
  | 'offeredItemNow'
  | 'termsVersion'
> {
  const liveRequested = dealTerms(requested);
  const liveOffered = dealTerms(offered);
  const pending = trade.status === 'pending';
  const requestedItemChanges = pending ? diffTerms(trade.requestedTerms, liveRequested) : [];
  const offeredItemChanges = pending ? diffTerms(trade.offeredTerms, liveOffered) : [];
  return {
    requestedItem: summarize(requested, trade.requestedTerms),
    offeredItem: summarize(offered, trade.offeredTerms),
    requestedItemChanges,
    offeredItemChanges,
    requestedItemNow: requestedItemChanges.length > 0 ? summarize(requested, liveRequested) : null,
    offeredItemNow: offeredItemChanges.length > 0 ? summarize(offered, liveOffered) : null,
    termsVersion: termsVersion(liveRequested, liveOffered),
  };
}
