import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { dealTerms, type ItemTerms } from '../../../common/domain/trade-terms';
import type { Queryable } from '../../db/connect';
import {
  type OfferItemTerms,
  type items,
  tradeOffers,
  tradeRequestItems,
  tradeRequests,
} from '../../db/schema';

type ItemRow = typeof items.$inferSelect;
type TradeRow = typeof tradeRequests.$inferSelect;
type OfferRow = typeof tradeOffers.$inferSelect;

/**
 * The items of each side of a trade (a bundle has up to 5 a side) with the terms agreed for each.
 * Every item of each side is in trade_request_items (migration 0056 filled them in for the trades
 * made before bundles); the trade row also names the first item of each side.
 */
export interface TradeSides {
  /** The owner's items, first one = trade.requestedItemId. */
  requested: string[];
  /** The requester's items, first one = trade.offeredItemId. */
  offered: string[];
  terms: Map<string, ItemTerms>;
}

/** A condition on trade_requests: the trade's current terms include one of these items. */
export function touchesItems(itemIds: string[]): SQL {
  return or(
    inArray(tradeRequests.requestedItemId, itemIds),
    inArray(tradeRequests.offeredItemId, itemIds),
    sql`exists (select 1 from ${tradeRequestItems} where ${tradeRequestItems.tradeRequestId} = ${tradeRequests.id} and ${inArray(tradeRequestItems.itemId, itemIds)})`,
  ) as SQL;
}

/** Every item id of a set of sides, requested side first. */
export const allItemIds = (sides: TradeSides) => [...sides.requested, ...sides.offered];

/** A giveaway handover: the owner gives, the requester gives nothing (docs/decisions/027-giveaway-handovers.md). */
export const isHandover = (trade: Pick<TradeRow, 'offeredItemId'>) => trade.offeredItemId === null;

/** A row of trade_request_items: one item of one side of a trade, with its agreed terms. */
export interface SideItemRow {
  itemId: string;
  side: 'requested' | 'offered';
  terms: ItemTerms;
}

/**
 * A trade's sides from its trade_request_items rows in position order. Every trade has at least one
 * item a side; a trade without is a broken invariant, not a shape to read around.
 */
export function sidesFromRows(trade: TradeRow, rows: readonly SideItemRow[] | null | undefined): TradeSides {
  const sides: TradeSides = { requested: [], offered: [], terms: new Map() };
  for (const row of rows ?? []) {
    sides[row.side].push(row.itemId);
    sides.terms.set(row.itemId, row.terms);
  }
  // A giveaway handover has no offered side (the requester gives nothing); every other trade has both.
  if (sides.requested.length === 0 || (sides.offered.length === 0 && !isHandover(trade)))
    throw new Error(`trade ${trade.id} has no items on one side (trade_request_items)`);
  return sides;
}

/** The sides of each of these trades, by trade id. */
export async function loadSides(q: Queryable, trades: TradeRow[]): Promise<Map<string, TradeSides>> {
  const result = new Map<string, TradeSides>();
  if (trades.length === 0) return result;
  const rows = await q
    .select()
    .from(tradeRequestItems)
    .where(
      inArray(
        tradeRequestItems.tradeRequestId,
        trades.map((trade) => trade.id),
      ),
    )
    .orderBy(asc(tradeRequestItems.position));
  const byTrade = new Map<string, SideItemRow[]>();
  for (const row of rows) {
    const list = byTrade.get(row.tradeRequestId) ?? [];
    list.push(row);
    byTrade.set(row.tradeRequestId, list);
  }
  for (const trade of trades) result.set(trade.id, sidesFromRows(trade, byTrade.get(trade.id)));
  return result;
}

export async function sidesOf(q: Queryable, trade: TradeRow): Promise<TradeSides> {
  return (await loadSides(q, [trade])).get(trade.id) as TradeSides;
}

/** The columns a trade row keeps for its first items (its indexed item columns; touchesItems reads them). */
export function firstItemColumns(requested: ItemRow[], offered: ItemRow[], terms?: Map<string, ItemTerms>) {
  const [firstRequested, firstOffered] = [requested[0] as ItemRow, offered[0] as ItemRow];
  return {
    requestedItemId: firstRequested.id,
    offeredItemId: firstOffered.id,
    requestedTerms: terms?.get(firstRequested.id) ?? dealTerms(firstRequested),
    offeredTerms: terms?.get(firstOffered.id) ?? dealTerms(firstOffered),
  };
}

/** Replaces the trade's current items with these (their terms taken now unless given). */
export async function writeSides(
  q: Queryable,
  tradeId: string,
  requested: ItemRow[],
  offered: ItemRow[],
  terms?: Map<string, ItemTerms>,
) {
  await q.delete(tradeRequestItems).where(eq(tradeRequestItems.tradeRequestId, tradeId));
  const row = (item: ItemRow, side: 'requested' | 'offered', position: number) => ({
    tradeRequestId: tradeId,
    itemId: item.id,
    side,
    position,
    terms: terms?.get(item.id) ?? dealTerms(item),
  });
  await q
    .insert(tradeRequestItems)
    .values([
      ...requested.map((item, index) => row(item, 'requested', index)),
      ...offered.map((item, index) => row(item, 'offered', index)),
    ]);
}

const offerItems = (list: ItemRow[]): OfferItemTerms[] =>
  list.map((item) => ({ itemId: item.id, terms: dealTerms(item) }));

/** Records a version of the offer in the trade's history. */
export async function recordOffer(
  q: Queryable,
  offer: {
    tradeRequestId: string;
    version: number;
    proposedById: string;
    message: string;
    requested: ItemRow[];
    offered: ItemRow[];
    createdAt: Date;
  },
) {
  await q.insert(tradeOffers).values({
    ...offer,
    requested: offerItems(offer.requested),
    offered: offerItems(offer.offered),
  });
}

/**
 * Columns for a query over trade_requests that carry each trade's sides and offer history with it,
 * so that a list of trades is one round trip (the trade list reads them so): each is one JSON array
 * in order, or null when the trade has no such rows. Read them with sidesFromRows and offersFromJson.
 */
export const sidesAndOffersColumns = () => ({
  sideItems: sql<SideItemRow[] | null>`(select json_agg(json_build_object('itemId', tri.item_id,
      'side', tri.side, 'terms', tri.terms) order by tri.position)
    from ${tradeRequestItems} tri where tri.trade_request_id = ${tradeRequests.id})`,
  offerHistory: sql<OfferJson[] | null>`(select json_agg(json_build_object('version', o.version,
      'proposedById', o.proposed_by_id, 'message', o.message, 'requested', o.requested,
      'offered', o.offered, 'createdAt', o.created_at) order by o.version)
    from ${tradeOffers} o where o.trade_request_id = ${tradeRequests.id})`,
});

/** A trade_offers row as sidesAndOffersColumns carries it: its time is JSON's text. */
export type OfferJson = Omit<OfferRow, 'tradeRequestId' | 'createdAt'> & { createdAt: string };

/** The offer history of sidesAndOffersColumns as rows of trade_offers. */
export const offersFromJson = (tradeId: string, offers: readonly OfferJson[] | null): OfferRow[] =>
  (offers ?? []).map((offer) => ({
    ...offer,
    tradeRequestId: tradeId,
    createdAt: new Date(offer.createdAt),
  }));

/** The history of each of these trades (oldest first), by trade id; trades without one get none. */
export async function loadOffers(q: Queryable, tradeIds: string[]) {
  const result = new Map<string, OfferRow[]>();
  if (tradeIds.length === 0) return result;
  const rows = await q
    .select()
    .from(tradeOffers)
    .where(inArray(tradeOffers.tradeRequestId, tradeIds))
    .orderBy(asc(tradeOffers.version));
  for (const row of rows) {
    const list = result.get(row.tradeRequestId) ?? [];
    list.push(row);
    result.set(row.tradeRequestId, list);
  }
  return result;
}
