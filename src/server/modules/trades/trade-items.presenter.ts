import type { TradeItemSummary, TradeOffer, TradeOfferItem, TradeRequest } from '../../../common/api/trades';
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

/** What a settled trade reads of its items' live rows: their owner and whether they are listed. */
export type LiveTradeOwnership = Pick<LiveTradeItem, 'id' | 'userId' | 'isActive'>;

function summarize(item: LiveTradeOwnership, terms: ItemTerms): TradeItemSummary {
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
 * later. The fingerprint covers every item, and only a pending trade has one (only it can be
 * accepted): a settled trade reads nothing of its items' live listings but their owner and whether
 * they are still listed, so `live` may hold just those for it (LiveTradeOwnership).
 */
export function presentTradeItems(
  trade: TradeRow,
  sides: TradeSides,
  live: Map<string, LiveTradeItem | LiveTradeOwnership>,
): Pick<
  TradeRequest,
  | 'requestedItems'
  | 'offeredItems'
  | 'requestedItemChanges'
  | 'offeredItemChanges'
  | 'requestedItemNow'
  | 'offeredItemNow'
  | 'itemChanges'
  | 'termsVersion'
> {
  const pending = trade.status === 'pending';
  const owned = (id: string) => live.get(id) as LiveTradeOwnership;
  // Only a pending trade's items are read in full (selectTrades loads them).
  const full = (id: string) => live.get(id) as LiveTradeItem;
  const agreed = (id: string) => sides.terms.get(id) ?? dealTerms(full(id));
  // A side always has its first item (TradeSides).
  const requestedItems = sides.requested.map((id) =>
    summarize(owned(id), agreed(id)),
  ) as TradeRequest['requestedItems'];
  const offeredItems = sides.offered.map((id) =>
    summarize(owned(id), agreed(id)),
  ) as TradeRequest['offeredItems'];
  const itemChanges = !pending
    ? []
    : (['requested', 'offered'] as const).flatMap((side) =>
        sides[side].flatMap((id) => {
          const now = dealTerms(full(id));
          const changes = diffTerms(agreed(id), now);
          if (changes.length === 0) return [];
          return [{ side, item: summarize(full(id), agreed(id)), now: summarize(full(id), now), changes }];
        }),
      );
  // The single-item fields read the first item of each side out of the same list.
  const changeOf = (id: string | undefined) => itemChanges.find((entry) => entry.item.id === id);
  const requestedFirst = changeOf(sides.requested[0]);
  const offeredFirst = changeOf(sides.offered[0]);
  return {
    requestedItems,
    offeredItems,
    requestedItemChanges: requestedFirst?.changes ?? [],
    offeredItemChanges: offeredFirst?.changes ?? [],
    requestedItemNow: requestedFirst?.now ?? null,
    offeredItemNow: offeredFirst?.now ?? null,
    itemChanges,
    termsVersion: pending
      ? termsVersion(
          sides.requested.map((id) => dealTerms(full(id))),
          sides.offered.map((id) => dealTerms(full(id))),
        )
      : '',
  };
}

/**
 * The history of a trade's offers, each item by the id and title it had in that version (every
 * trade has at least its request as version 1). Reads no live item.
 */
export function presentOffers(
  trade: TradeRow,
  sides: TradeSides,
  offers: (typeof tradeOffers.$inferSelect)[] | undefined,
): TradeOffer[] {
  const titled = (list: { itemId: string; terms: ItemTerms }[]): TradeOfferItem[] =>
    list.map(({ itemId, terms }) => ({ id: itemId, title: terms.title }));
  // A giveaway handover picked before its ask was recorded as an offer (migration 0058 left
  // handovers alone): its request is the item asked for, nothing offered.
  if ((!offers || offers.length === 0) && trade.offeredItemId === null)
    return [
      {
        version: 1,
        proposedById: trade.requesterId,
        message: trade.message,
        createdAt: trade.createdAt.toISOString(),
        requestedItems: sides.requested.map((id) => ({ id, title: sides.terms.get(id)?.title ?? '' })),
        offeredItems: [],
      },
    ];
  if (!offers || offers.length === 0) throw new Error(`trade ${trade.id} has no offer (trade_offers)`);
  return offers.map((offer) => ({
    version: offer.version,
    proposedById: offer.proposedById,
    message: offer.message,
    createdAt: offer.createdAt.toISOString(),
    requestedItems: titled(offer.requested),
    offeredItems: titled(offer.offered),
  }));
}
