import type { TradeItemSummary, TradeOffer, TradeRequest } from '../../../common/api/trades';
import { dealTerms, diffTerms, type ItemTerms } from '../../../common/domain/trade-terms';
import type { items, tradeOffers, tradeRequests } from '../../db/schema';
import type { TradeSides } from './trade-sides';
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
 * Every item of a trade as its terms hold them and, while it is pending, what changed since on
 * every item (and, for older clients, on the first item of each side): a settled trade shows what was agreed, whatever happened to the items
 * later. The fingerprint covers every item.
 */
export function presentTradeItems(
  trade: TradeRow,
  sides: TradeSides,
  live: Map<string, LiveTradeItem>,
): Pick<
  TradeRequest,
  | 'requestedItem'
  | 'offeredItem'
  | 'requestedItems'
  | 'offeredItems'
  | 'requestedItemChanges'
  | 'offeredItemChanges'
  | 'requestedItemNow'
  | 'offeredItemNow'
  | 'itemChanges'
  | 'termsVersion'
> {
  const item = (id: string) => live.get(id) as LiveTradeItem;
  const agreed = (id: string) => sides.terms.get(id) ?? dealTerms(item(id));
  const requestedItems = sides.requested.map((id) => summarize(item(id), agreed(id)));
  const offeredItems = sides.offered.map((id) => summarize(item(id), agreed(id)));
  const pending = trade.status === 'pending';
  const itemChanges = !pending
    ? []
    : (['requested', 'offered'] as const).flatMap((side) =>
        sides[side].flatMap((id) => {
          const now = dealTerms(item(id));
          const changes = diffTerms(agreed(id), now);
          if (changes.length === 0) return [];
          return [{ side, item: summarize(item(id), agreed(id)), now: summarize(item(id), now), changes }];
        }),
      );
  // The single-item fields read the first item of each side out of the same list.
  const changeOf = (id: string | undefined) => itemChanges.find((entry) => entry.item.id === id);
  const requestedFirst = changeOf(sides.requested[0]);
  const offeredFirst = changeOf(sides.offered[0]);
  return {
    requestedItem: requestedItems[0] as TradeItemSummary,
    offeredItem: offeredItems[0] as TradeItemSummary,
    requestedItems,
    offeredItems,
    requestedItemChanges: requestedFirst?.changes ?? [],
    offeredItemChanges: offeredFirst?.changes ?? [],
    requestedItemNow: requestedFirst?.now ?? null,
    offeredItemNow: offeredFirst?.now ?? null,
    itemChanges,
    termsVersion: termsVersion(
      sides.requested.map((id) => dealTerms(item(id))),
      sides.offered.map((id) => dealTerms(item(id))),
    ),
  };
}

/** The history of a trade's offers; a trade made before offers had one shows its request as version 1. */
export function presentOffers(
  trade: TradeRow,
  sides: TradeSides,
  offers: (typeof tradeOffers.$inferSelect)[] | undefined,
  live: Map<string, LiveTradeItem>,
): TradeOffer[] {
  const summarizeAll = (list: { itemId: string; terms: ItemTerms }[]) =>
    list.flatMap(({ itemId, terms }) => {
      const row = live.get(itemId);
      return row ? [summarize(row, terms)] : [];
    });
  if (!offers || offers.length === 0) {
    const current = (ids: string[]) =>
      ids.map((id) => ({
        itemId: id,
        terms: sides.terms.get(id) ?? dealTerms(live.get(id) as LiveTradeItem),
      }));
    return [
      {
        version: trade.offerVersion,
        proposedById: trade.offeredById ?? trade.requesterId,
        message: trade.message,
        createdAt: (trade.offeredAt ?? trade.createdAt).toISOString(),
        requestedItems: summarizeAll(current(sides.requested)),
        offeredItems: summarizeAll(current(sides.offered)),
      },
    ];
  }
  return offers.map((offer) => ({
    version: offer.version,
    proposedById: offer.proposedById,
    message: offer.message,
    createdAt: offer.createdAt.toISOString(),
    requestedItems: summarizeAll(offer.requested),
    offeredItems: summarizeAll(offer.offered),
  }));
}
