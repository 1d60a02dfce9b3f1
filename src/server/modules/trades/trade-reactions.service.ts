/*
 * Pending requests ended as a consequence of something else: another trade accepted on their items,
 * a ring reserving them, an item removed, a block, a suspension. Each runs in the transaction of the
 * act that causes it (trades.listeners.ts and the accepting transition call these).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { items, tradeRequests } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { text, type TextRef } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { allItemIds, loadSides, touchesItems } from './trade-sides';
import { refreshAvailability, tradeLink } from './trades.service';

type TradeRow = typeof tradeRequests.$inferSelect;

/**
 * Items outside the locked pair whose availability may have changed are refreshed after the
 * commit: locking them inside would wait on transactions that wait on this one (a deadlock).
 */
function refreshAfterCommit(db: Db, effects: Effects, itemIds: string[]) {
  if (itemIds.length > 0) effects.after(() => db.transaction((tx) => refreshAvailability(tx, itemIds)));
}

/**
 * Requests ended as a consequence of something else (another trade accepted, an item withdrawn, a
 * block, a ring) get their card in the parties' conversation like any other change: `actorId` is
 * the member whose act ended them, or null when the app did.
 */
/**
 * Tells the other party of each closed pending request: "withdrawn" when `memberId` asked, "declined"
 * when they owned the item, with `message` saying why.
 */
function notifyClosed(effects: Effects, closed: TradeRow[], memberId: string, message: TextRef) {
  effects.notify(
    ...closed.map((trade) => ({
      userId: trade.requesterId === memberId ? trade.ownerId : trade.requesterId,
      type: 'trade_request' as const,
      title: text(
        trade.requesterId === memberId
          ? 'notifications:trades.withdrawn.title'
          : 'notifications:trades.declined.title',
      ),
      message,
      link: tradeLink(trade.id),
    })),
  );
}

async function cardsForClosed(effects: Effects, closed: TradeRow[], actorId: string | null) {
  for (const trade of closed)
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: trade.status === 'cancelled' ? 'cancelled' : 'declined',
      actorId,
    });
}

/**
 * Declines every pending request touching these items (but `exceptTradeId`), telling each affected
 * party except the members in `skip`, with `why` (a text of notifications.json) as the reason.
 */
export async function declinePendingOn(
  ctx: ServiceContext,
  tx: Tx,
  effects: Effects,
  skip: string[],
  exceptTradeId: string | null,
  itemIds: string[],
  why: TextRef,
) {
  const others = await tx
    .update(tradeRequests)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(
      and(
        eq(tradeRequests.status, 'pending'),
        exceptTradeId ? sql`${tradeRequests.id} <> ${exceptTradeId}` : undefined,
        touchesItems(itemIds),
      ),
    )
    .returning();
  await cardsForClosed(effects, others, null);
  const touched = new Set<string>();
  const othersSides = await loadSides(tx, others);
  for (const other of others) {
    for (const id of allItemIds(othersSides.get(other.id) as NonNullable<ReturnType<typeof othersSides.get>>))
      touched.add(id);
    const [requested] = await tx
      .select({ title: items.title })
      .from(items)
      .where(eq(items.id, other.requestedItemId));
    for (const userId of new Set([other.requesterId, other.ownerId])) {
      if (skip.includes(userId)) continue;
      effects.notify({
        userId,
        type: 'trade_request',
        title: text('notifications:trades.declined.title'),
        message: text('notifications:trades.autoDeclined.message', {
          item: requested?.title ?? text('notifications:common.anItem'),
          why,
        }),
        link: tradeLink(other.id),
      });
    }
  }
  refreshAfterCommit(
    ctx.db,
    effects,
    [...touched].filter((id) => !itemIds.includes(id)),
  );
}

/** Declines every other pending request touching these items, telling each affected party. */
export function autoDecline(
  ctx: ServiceContext,
  tx: Tx,
  effects: Effects,
  memberId: string,
  trade: TradeRow,
  itemIds: string[],
) {
  return declinePendingOn(
    ctx,
    tx,
    effects,
    [memberId],
    trade.id,
    itemIds,
    text('notifications:trades.autoDeclined.inAnotherTrade'),
  );
}

/**
 * A swap ring every member accepted reserves its items: pending requests on them end, in the ring's
 * transaction (which holds the items' locks).
 */
export function closePendingForRing(
  ctx: ServiceContext,
  tx: Tx,
  effects: Effects,
  event: { memberIds: string[]; itemIds: string[] },
) {
  return declinePendingOn(
    ctx,
    tx,
    effects,
    [],
    null,
    event.itemIds,
    text('notifications:trades.autoDeclined.inARing'),
  );
}

/**
 * Deleting or unlisting an item ends its pending requests, in the transaction that removes it; each
 * other party is told, and the other items of those requests are re-derived after the commit.
 */
export async function closePendingForItem(
  ctx: ServiceContext,
  tx: Tx,
  effects: Effects,
  memberId: string,
  itemId: string,
) {
  const closed = await tx
    .update(tradeRequests)
    .set({
      status: sql`case when ${tradeRequests.requesterId} = ${memberId} then 'cancelled' else 'declined' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(tradeRequests.status, 'pending'), touchesItems([itemId])))
    .returning();
  await cardsForClosed(effects, closed, memberId);
  const closedSides = await loadSides(tx, closed);
  notifyClosed(effects, closed, memberId, text('notifications:trades.closedItemRemoved.message'));
  refreshAfterCommit(
    ctx.db,
    effects,
    [...closedSides.values()].flatMap(allItemIds).filter((id) => id !== itemId),
  );
}

/**
 * A block ends every pending request between the two members, both ways, in the blocking
 * transaction: the blocker's own requests are cancelled, the blocked member's declined. The other
 * member is told, without naming the block.
 */
export async function closePendingBetween(
  ctx: ServiceContext,
  tx: Tx,
  effects: Effects,
  memberId: string,
  otherId: string,
) {
  const now = new Date();
  const closed = await tx
    .update(tradeRequests)
    .set({
      status: sql`case when ${tradeRequests.requesterId} = ${memberId} then 'cancelled' else 'declined' end`,
      cancelledAt: sql`case when ${tradeRequests.requesterId} = ${memberId} then ${now.toISOString()}::timestamptz end`,
      cancelledById: sql`case when ${tradeRequests.requesterId} = ${memberId} then ${memberId}::uuid end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(tradeRequests.status, 'pending'),
        or(
          and(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, otherId)),
          and(eq(tradeRequests.requesterId, otherId), eq(tradeRequests.ownerId, memberId)),
        ),
      ),
    )
    .returning();
  await cardsForClosed(effects, closed, memberId);
  const closedSides = await loadSides(tx, closed);
  effects.notify(
    ...closed.map((trade) => ({
      userId: otherId,
      type: 'trade_request' as const,
      title: text(
        trade.requesterId === memberId
          ? 'notifications:trades.withdrawn.title'
          : 'notifications:trades.declined.title',
      ),
      message: text('notifications:trades.closedByOther.message'),
      link: tradeLink(trade.id),
    })),
  );
  refreshAfterCommit(ctx.db, effects, [...closedSides.values()].flatMap(allItemIds));
}

/**
 * A suspension ends every pending request of the suspended member, sent or received, in its
 * transaction: theirs are cancelled, the others declined; each other party is told.
 */
export async function closePendingOfMember(ctx: ServiceContext, tx: Tx, effects: Effects, memberId: string) {
  const now = new Date();
  const closed = await tx
    .update(tradeRequests)
    .set({
      status: sql`case when ${tradeRequests.requesterId} = ${memberId} then 'cancelled' else 'declined' end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(tradeRequests.status, 'pending'),
        or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)),
      ),
    )
    .returning();
  await cardsForClosed(effects, closed, null);
  const closedSides = await loadSides(tx, closed);
  notifyClosed(effects, closed, memberId, text('notifications:trades.closedByOther.message'));
  refreshAfterCommit(ctx.db, effects, [...closedSides.values()].flatMap(allItemIds));
}
