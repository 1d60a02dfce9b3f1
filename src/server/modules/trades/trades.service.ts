/*
 * The trades module's core: the locks every trade transaction takes (items in id order, then the
 * trade), item availability, and the end of a trade (release or complete). The commands live in
 * trade-offers.service.ts (request, counter-offer) and trade-transitions.service.ts (accept, decline,
 * cancel, receive); what other modules' events do to trades in trade-reactions.service.ts; the read
 * model in trade-read.service.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_LINKS, tradePath } from '../../../common/domain/notification-links';
import type { Queryable } from '../../db/connect';
import { items, tradeRequestItems, tradeRequests, users } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { conflict, notFound } from '../../lib/errors';
import { presentDispute } from './dispute.presenter';
import { allItemIds, sidesOf } from './trade-sides';

export { presentDispute };

type ItemRow = typeof items.$inferSelect;
type TradeRow = typeof tradeRequests.$inferSelect;

/** Where notifications about trades in general link (the member's list of barter requests). */
export const TRADES_LINK = NOTIFICATION_LINKS.barters;
/** Where a notification about one trade links: its own page. */
export const tradeLink = tradePath;
export const UNAVAILABLE = new Set(['reserved', 'traded']);

/** Locks the given items in id order, so that two transactions never wait on each other in a cycle. */
export async function lockItems(tx: Queryable, ids: string[]) {
  const rows = await tx.select().from(items).where(inArray(items.id, ids)).orderBy(items.id).for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** pending while an item has pending requests, available when none; reserved and traded stay. */
export async function refreshAvailability(tx: Queryable, itemIds: string[]) {
  if (itemIds.length === 0) return;
  // Same lock order as every other trade transaction (ids ascending), so this cannot deadlock with them.
  await lockItems(tx, [...new Set(itemIds)]);
  await tx.execute(sql`
    update ${items} set availability = case
      when exists (
        select 1 from ${tradeRequests}
        where ${tradeRequests.status} = 'pending'
          and (${tradeRequests.requestedItemId} = ${items.id} or ${tradeRequests.offeredItemId} = ${items.id})
      ) or exists (
        select 1 from ${tradeRequestItems}
        join ${tradeRequests} on ${tradeRequests.id} = ${tradeRequestItems.tradeRequestId}
        where ${tradeRequestItems.itemId} = ${items.id} and ${tradeRequests.status} = 'pending'
      ) then 'pending' else 'available' end
    where ${inArray(items.id, itemIds)} and ${items.availability} not in ('reserved', 'traded')`);
}

export async function firstName(tx: Queryable, userId: string) {
  const [row] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName ?? 'A member';
}

/**
 * Locks a trade and all its items (with `extraItemIds`, those too). Items are always locked first,
 * in id order, then the trade row: every transaction that touches trades takes its locks in that
 * order, so none can deadlock. With a `memberId`, only a party may lock it: anyone else gets the
 * 404 of an unknown id.
 */
export async function lockTrade(
  tx: Queryable,
  tradeId: string,
  memberId: string | null,
  extraItemIds: string[] = [],
) {
  const [peek] = await tx.select().from(tradeRequests).where(eq(tradeRequests.id, tradeId));
  // Members who are not a party cannot tell the trade exists: a 404, like an unknown id.
  if (!peek || (memberId !== null && peek.requesterId !== memberId && peek.ownerId !== memberId)) {
    throw notFound('trade.not_found');
  }
  const peekSides = await sidesOf(tx, peek);
  const locked = await lockItems(tx, [...new Set([...allItemIds(peekSides), ...extraItemIds])]);
  const [trade] = await tx.select().from(tradeRequests).where(eq(tradeRequests.id, tradeId)).for('update');
  if (!trade) throw notFound('trade.not_found');
  const sides = await sidesOf(tx, trade);
  // A counter-offer committed between the peek and the lock: its items are not locked here.
  if (allItemIds(sides).some((id) => !locked.has(id))) throw conflict('trade.just_changed');
  const requestedItems = sides.requested.map((id) => locked.get(id) as ItemRow);
  const offeredItems = sides.offered.map((id) => locked.get(id) as ItemRow);
  return {
    trade,
    sides,
    locked,
    itemIds: allItemIds(sides),
    requestedItems,
    offeredItems,
    requested: requestedItems[0] as ItemRow,
    offered: offeredItems[0] as ItemRow,
  };
}

export const progress = (trade: TradeRow) => ({
  status: trade.status,
  requesterReceived: trade.requesterReceivedAt !== null,
  ownerReceived: trade.ownerReceivedAt !== null,
});

/**
 * Reserved items of a trade that ended without a swap go back to the marketplace: available, or
 * pending if requests are waiting on them. The caller holds their locks. `trade` names the parties,
 * who are told by the trade's own notifications rather than as favouriters.
 */
export async function releaseItems(
  tx: Queryable,
  effects: Effects,
  trade: Pick<TradeRow, 'ownerId' | 'requesterId'>,
  itemIds: string[],
) {
  const released = await tx
    .update(items)
    .set({ availability: 'available' })
    .where(and(inArray(items.id, itemIds), eq(items.availability, 'reserved')))
    .returning({ id: items.id });
  await refreshAvailability(tx, itemIds);
  if (released.length > 0)
    await effects.emit('items.availability-changed', {
      itemIds: released.map((row) => row.id),
      availability: 'available',
      parties: [trade.ownerId, trade.requesterId],
    });
}

/** Both items leave the marketplace as traded, and the trade completes. The caller holds the locks. */
export async function completeTrade(tx: Queryable, trade: TradeRow, now: Date) {
  const itemIds = allItemIds(await sidesOf(tx, trade));
  await tx
    .update(tradeRequests)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(eq(tradeRequests.id, trade.id));
  await tx
    .update(items)
    .set({ availability: 'traded', isActive: false, updatedAt: now })
    .where(inArray(items.id, itemIds));
}
