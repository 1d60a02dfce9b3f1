/** The trades read model: a member's trades, one trade, and the rows behind both (trade-list.query.ts pages them). */
import { withTrackingUrl } from '../../../common/domain/carriers';
import { type AddressView, tradeAddressViews } from '../exchange';
import { and, desc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { TradeRequest } from '../../../common/api/trades';
import { claimDeadline } from '../../../common/domain/trade-state';
import type { Db } from '../../db/connect';
import { items, reviews, tradeDisputes, tradeRequests, users } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { presentTradePartner } from '../users';
import { presentDispute } from './dispute.presenter';
import {
  type LiveTradeItem,
  type LiveTradeOwnership,
  presentOffers,
  presentTradeItems,
} from './trade-items.presenter';
import { tradeShipBy } from './sending';
import {
  allItemIds,
  offersFromJson,
  sidesAndOffersColumns,
  sidesFromRows,
  type TradeSides,
} from './trade-sides';

const requestedItem = alias(items, 'requested_item');
const offeredItem = alias(items, 'offered_item');
const requester = alias(users, 'requester');
const owner = alias(users, 'owner');

/** The live item columns a trade needs (not the search columns: a list stays light). */
const summaryColumns = (item: typeof requestedItem | typeof offeredItem) => ({
  id: item.id,
  title: item.title,
  description: item.description,
  images: item.images,
  estimatedValue: item.estimatedValue,
  condition: item.condition,
  category: item.category,
  gender: item.gender,
  style: item.style,
  brand: item.brand,
  size: item.size,
  userId: item.userId,
  isActive: item.isActive,
});

/**
 * The same columns, of which a settled trade reads only the owner and the listing state (it shows
 * its terms, never the live item): the deal columns come as one JSON object, null unless the trade
 * is pending, so a member's history does not carry every item's description and photos out of
 * PostgreSQL. (One JSON value instead of ten columns: mapping a row costs the app per column.)
 */
type DealColumns = Omit<LiveTradeItem, 'id' | 'userId' | 'isActive'>;
const listColumns = (item: typeof requestedItem | typeof offeredItem) => ({
  id: item.id,
  userId: item.userId,
  isActive: item.isActive,
  deal: sql<DealColumns | null>`case when ${tradeRequests.status} = 'pending'
    then json_build_object('title', ${item.title}, 'description', ${item.description},
      'images', ${item.images}, 'estimatedValue', ${item.estimatedValue}, 'condition', ${item.condition},
      'category', ${item.category}, 'gender', ${item.gender}, 'style', ${item.style},
      'brand', ${item.brand}, 'size', ${item.size}) end`,
});

/** At most this many trades in a member's list, newest first. */
const TRADE_LIST_MAX = 500;

/**
 * The ids of the member's newest trades, or of one of them: the page is kept before anything is
 * joined. Each side of a trade comes newest first from its own index (trade_requests_requester_idx,
 * trade_requests_owner_idx) and stops at TRADE_LIST_MAX, so a member with thousands of trades reads
 * at most twice that many index entries; a member is never on both sides of one trade.
 */
function memberTradeIds(db: Db, memberId: string | Placeholder, tradeId?: string) {
  const side = (column: typeof tradeRequests.requesterId | typeof tradeRequests.ownerId) =>
    db
      .select({ id: tradeRequests.id, createdAt: tradeRequests.createdAt })
      .from(tradeRequests)
      .where(and(eq(column, memberId), tradeId ? eq(tradeRequests.id, tradeId) : undefined))
      .orderBy(desc(tradeRequests.createdAt))
      .limit(TRADE_LIST_MAX);
  const both = unionAll(side(tradeRequests.requesterId), side(tradeRequests.ownerId)).as('member_trades');
  return db.select({ id: both.id }).from(both).orderBy(desc(both.createdAt)).limit(TRADE_LIST_MAX).as('page');
}

/** A subquery naming the trades to read (its `id`s); the rows come newest first, whatever its order. */
export type TradeIdsSubquery = ReturnType<typeof memberTradeIds>;

/** The trades a member is part of (newest first, at most TRADE_LIST_MAX), or one of them. */
function tradeRowsQuery(db: Db, memberId: string | Placeholder, tradeId?: string) {
  return tradeRowsOf(db, memberId, memberTradeIds(db, memberId, tradeId));
}

/**
 * The trades of a page of ids (their member's view of them), newest first, with all they show. The
 * requester's item is left-joined: a giveaway handover has none (docs/decisions/027-giveaway-handovers.md).
 */
export function tradeRowsOf(db: Db, memberId: string | Placeholder, page: TradeIdsSubquery) {
  return db
    .select({
      trade: tradeRequests,
      requestedItem: listColumns(requestedItem),
      offeredItem: listColumns(offeredItem),
      requester: {
        id: requester.id,
        firstName: requester.firstName,
        lastName: requester.lastName,
        profileImageUrl: requester.profileImageUrl,
      },
      owner: {
        id: owner.id,
        firstName: owner.firstName,
        lastName: owner.lastName,
        profileImageUrl: owner.profileImageUrl,
      },
      myRating: reviews.rating,
      dispute: tradeDisputes,
      ...sidesAndOffersColumns(),
      // Its position to the microsecond, as stored: a page's cursor (a millisecond one could skip trades).
      position: sql<string>`to_char(${tradeRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(page)
    .innerJoin(tradeRequests, eq(tradeRequests.id, page.id))
    .innerJoin(requestedItem, eq(requestedItem.id, tradeRequests.requestedItemId))
    .leftJoin(offeredItem, eq(offeredItem.id, tradeRequests.offeredItemId))
    .innerJoin(requester, eq(requester.id, tradeRequests.requesterId))
    .innerJoin(owner, eq(owner.id, tradeRequests.ownerId))
    .leftJoin(reviews, and(eq(reviews.tradeRequestId, tradeRequests.id), eq(reviews.reviewerId, memberId)))
    .leftJoin(tradeDisputes, eq(tradeDisputes.tradeRequestId, tradeRequests.id))
    .orderBy(desc(tradeRequests.createdAt), desc(tradeRequests.id));
}

/** A row of tradeRowsOf, which presentTradeRows turns into the member's view of the trade. */
export type TradeListRow = Awaited<ReturnType<typeof tradeRowsQuery>>[number];

/**
 * The trade list is the most frequent signed-in read: prepared once per database, so that a
 * request does not rebuild its seven-table query (profiled: building it cost more Node CPU than
 * answering an empty list).
 */
const prepareTradeList = (db: Db) => tradeRowsQuery(db, sql.placeholder('memberId')).prepare('trade_list');
const tradeLists = new WeakMap<Db, ReturnType<typeof prepareTradeList>>();

async function selectTrades(
  ctx: ServiceContext,
  memberId: string,
  timers: TradeTimers,
  tradeId?: string,
): Promise<TradeRequest[]> {
  let rows;
  if (tradeId) {
    rows = await tradeRowsQuery(ctx.db, memberId, tradeId);
  } else {
    let list = tradeLists.get(ctx.db);
    if (!list) {
      list = prepareTradeList(ctx.db);
      tradeLists.set(ctx.db, list);
    }
    rows = await list.execute({ memberId });
  }
  return presentTradeRows(ctx, memberId, timers, rows);
}

/** The member's view of each trade row: its items (live or as agreed), offers, partner, address. */
export async function presentTradeRows(
  ctx: ServiceContext,
  memberId: string,
  timers: TradeTimers,
  rows: TradeListRow[],
): Promise<TradeRequest[]> {
  // Each row carries its trade's sides and offer history (one round trip for the whole list).
  const sidesById = new Map(rows.map((row) => [row.trade.id, sidesFromRows(row.trade, row.sideItems)]));
  // Settled trades' rows carry only the owner and listing state of their items; a pending trade's
  // carry its first items in full, and any item of a pending bundle not among them is read here.
  const live = new Map<string, LiveTradeItem | LiveTradeOwnership>();
  const full = new Set<string>();
  for (const row of rows) {
    const pending = row.trade.status === 'pending';
    // A giveaway handover's requester item is missing (the left join's columns are null).
    for (const entry of [row.requestedItem, row.offeredItem]) {
      if (!entry || entry.id === null || entry.userId === null || entry.isActive === null) continue;
      const { deal, ...rest } = entry;
      const item = { ...rest, id: entry.id, userId: entry.userId, isActive: entry.isActive };
      if (pending && deal) {
        live.set(item.id, { ...deal, ...item });
        full.add(item.id);
      } else if (!live.has(item.id)) live.set(item.id, item);
    }
  }
  const missing = new Set<string>();
  for (const { trade } of rows) {
    const pending = trade.status === 'pending';
    for (const id of allItemIds(sidesById.get(trade.id) as TradeSides))
      if (pending ? !full.has(id) : !live.has(id)) missing.add(id);
  }
  if (missing.size > 0) {
    const extra = await ctx.db
      .select(summaryColumns(requestedItem))
      .from(requestedItem)
      .where(inArray(requestedItem.id, [...missing]));
    for (const item of extra) {
      live.set(item.id, item);
      full.add(item.id);
    }
  }
  // Who may see which address is decided in one place (exchange/recipient-address.query.ts).
  const addressViews = await tradeAddressViews(
    ctx.db,
    memberId,
    rows.map(({ trade }) => ({
      id: trade.id,
      status: trade.status,
      completedAt: trade.completedAt,
      ownerId: trade.ownerId,
      requesterId: trade.requesterId,
      offeredItemId: trade.offeredItemId,
    })),
  );
  return rows.map(({ trade, ...row }) => {
    const sides = sidesById.get(trade.id) as TradeSides;
    const deadline = trade.status === 'accepted' ? claimDeadline(trade, timers.claimWindowDays) : null;
    return {
      id: trade.id,
      requestedItemId: trade.requestedItemId,
      offeredItemId: trade.offeredItemId,
      ownerUserId: trade.ownerId,
      requesterId: trade.requesterId,
      message: trade.message,
      status: trade.status,
      createdAt: trade.createdAt.toISOString(),
      updatedAt: trade.updatedAt.toISOString(),
      completedAt: trade.completedAt?.toISOString() ?? null,
      requesterReceived: trade.requesterReceivedAt !== null,
      ownerReceived: trade.ownerReceivedAt !== null,
      acceptedAt: trade.acceptedAt?.toISOString() ?? null,
      cancelledAt: trade.cancelledAt?.toISOString() ?? null,
      cancelledById: trade.cancelledById,
      cancelReason: trade.cancelReason,
      claimDeadline: deadline?.toISOString() ?? null,
      dispute: row.dispute ? presentDispute(row.dispute) : null,
      side: trade.ownerId === memberId ? 'incoming' : 'outgoing',
      ...presentTradeItems(trade, sides, live),
      offerVersion: trade.offerVersion,
      offeredById: trade.offeredById ?? trade.requesterId,
      offers: presentOffers(trade, sides, offersFromJson(trade.id, row.offerHistory)),
      requester: presentTradePartner(row.requester),
      owner: presentTradePartner(row.owner),
      requesterShipment: trade.requesterShipment ? withTrackingUrl(trade.requesterShipment) : null,
      ownerShipment: trade.ownerShipment ? withTrackingUrl(trade.ownerShipment) : null,
      myReview: row.myRating === null ? null : { rating: row.myRating },
      ...(addressViews.get(trade.id) as AddressView),
      requesterSentAt: trade.requesterSentAt?.toISOString() ?? null,
      ownerSentAt: trade.ownerSentAt?.toISOString() ?? null,
      shipBy: tradeShipBy(trade, timers)?.toISOString() ?? null,
    };
  });
}

export function listTradeRequests(ctx: ServiceContext, memberId: string, timers: TradeTimers) {
  return selectTrades(ctx, memberId, timers);
}

export async function getTradeRequest(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  timers: TradeTimers,
) {
  const [trade] = await selectTrades(ctx, memberId, timers, tradeId);
  if (!trade) throw notFound('trade.not_found');
  return trade;
}
