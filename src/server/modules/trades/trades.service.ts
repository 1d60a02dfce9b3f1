import { anySuspended } from '../moderation/suspension-state';
import { and, desc, eq, inArray, or, type Placeholder, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { NOTIFICATION_LINKS } from '../../../common/domain/notification-links';
import type {
  CounterOfferInput,
  TradeRequest,
  TradeRequestInput,
  TradeStatusInput,
} from '../../../common/api/trades';
import {
  canConfirmReceipt,
  canTransition,
  claimDeadline,
  defaultTradeMessage,
} from '../../../common/domain/trade-state';
import { formatReturnDate, isAway } from '../../../common/domain/holiday';
import type { Db, Queryable, Tx } from '../../db/connect';
import { items, reviews, tradeDisputes, tradeRequestItems, tradeRequests, users } from '../../db/schema';
import type { TradeTimers } from '../../env';
import type { Effects } from '../../lib/domain-events';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { text, type TextRef } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { assertNotBlocked } from '../safety/safety.query';
import { presentTradePartner } from '../users/users.presenter';
import { presentDispute } from './dispute.presenter';

export { presentDispute };
import {
  type LiveTradeItem,
  type LiveTradeOwnership,
  presentOffers,
  presentTradeItems,
} from './trade-items.presenter';
import { termsToAccept } from './trade-terms';
import {
  allItemIds,
  firstItemColumns,
  loadOffers,
  loadSides,
  offersFromJson,
  recordOffer,
  sidesAndOffersColumns,
  sidesFromRows,
  sidesOf,
  touchesItems,
  type TradeSides,
  writeSides,
} from './trade-sides';

type ItemRow = typeof items.$inferSelect;
type TradeRow = typeof tradeRequests.$inferSelect;

export const TRADES_LINK = NOTIFICATION_LINKS.barters;
const UNAVAILABLE = new Set(['reserved', 'traded']);

/** Locks the given items in id order, so that two transactions never wait on each other in a cycle. */
async function lockItems(tx: Queryable, ids: string[]) {
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
 * Items outside the locked pair whose availability may have changed are refreshed after the
 * commit: locking them inside would wait on transactions that wait on this one (a deadlock).
 */
function refreshAfterCommit(db: Db, effects: Effects, itemIds: string[]) {
  if (itemIds.length > 0) effects.after(() => db.transaction((tx) => refreshAvailability(tx, itemIds)));
}

/**
 * Holiday mode: an away owner takes no new requests (their pending ones stay). The owner's row is
 * read FOR SHARE, so a holiday being switched on meanwhile is waited for, not missed.
 */
async function refuseIfAway(tx: Queryable, ownerId: string) {
  const [owner] = await tx
    .select({ firstName: users.firstName, holidayUntil: users.holidayUntil })
    .from(users)
    .where(eq(users.id, ownerId))
    .for('share');
  if (owner?.holidayUntil && isAway(owner.holidayUntil)) {
    throw conflict('trade.owner_away', {
      name: owner.firstName.trim() || 'This member',
      until: formatReturnDate(owner.holidayUntil),
    });
  }
}

/** Both sides of a request as lists of ids, whichever form the request used. */
function requestSides(input: TradeRequestInput) {
  return {
    requestedIds: input.requestedItemIds ?? (input.requestedItemId ? [input.requestedItemId] : []),
    offeredIds: input.offeredItemIds ?? (input.offeredItemId ? [input.offeredItemId] : []),
  };
}

const names = (list: ItemRow[]) => list.map((item) => `"${item.title}"`).join(', ');

/**
 * Checks the two sides of an offer against the locked items: every requested item is listed by
 * one other member (`ownerId` when the trade already names them), every offered item by the
 * requester, all open for offers. Returns the rows in the order given.
 */
function checkSides(
  locked: Map<string, ItemRow>,
  requesterId: string,
  requestedIds: string[],
  offeredIds: string[],
  ownerId: string | null,
) {
  if (requestedIds.some((id) => offeredIds.includes(id))) throw badRequest('trade.offer_what_you_ask');
  const requested = requestedIds.map((id) => locked.get(id));
  const offered = offeredIds.map((id) => locked.get(id));
  const [first] = requested;
  if (!first || requested.some((item) => !item || item.deletedAt))
    throw notFound(
      requested.length > 1 ? 'trade.a_requested_item_not_found' : 'trade.requested_item_not_found',
    );
  const found = requested as ItemRow[];
  if (found.some((item) => item.userId === requesterId)) throw badRequest('trade.own_item_requested');
  const owner = ownerId ?? first.userId;
  if (found.some((item) => item.userId !== owner))
    throw badRequest(ownerId ? 'trade.items_not_theirs' : 'trade.items_of_one_member');
  const unavailableRequested = found.filter((item) => !item.isActive || UNAVAILABLE.has(item.availability));
  if (unavailableRequested.length > 0)
    throw found.length > 1
      ? conflict('trade.items_unavailable', { titles: names(unavailableRequested) })
      : conflict('trade.item_unavailable');
  if (offered.some((item) => !item || item.deletedAt))
    throw notFound(offered.length > 1 ? 'trade.an_offered_item_not_found' : 'trade.offered_item_not_found');
  const mine = offered as ItemRow[];
  if (mine.some((item) => item.userId !== requesterId))
    throw forbidden(ownerId ? 'trade.offered_not_requesters' : 'trade.offer_only_own_items');
  const unavailableOffered = mine.filter((item) => !item.isActive || UNAVAILABLE.has(item.availability));
  if (unavailableOffered.length > 0)
    throw mine.length > 1
      ? conflict('trade.offered_items_unavailable', { titles: names(unavailableOffered) })
      : conflict('trade.offered_item_unavailable');
  return { requested: found, offered: mine, ownerId: owner };
}

/** The default message of a request or counter-offer, naming the first item of each side. */
function offerMessage(message: string | null | undefined, offered: ItemRow[], requested: ItemRow[]) {
  if (message) return message;
  const more = (list: ItemRow[]) => (list.length > 1 ? ` (+${list.length - 1} more)` : '');
  return defaultTradeMessage(
    `${(offered[0] as ItemRow).title}${more(offered)}`,
    `${(requested[0] as ItemRow).title}${more(requested)}`,
  );
}

export async function createTradeRequest(
  ctx: ServiceContext,
  memberId: string,
  input: TradeRequestInput,
  timers: TradeTimers,
) {
  const { requestedIds, offeredIds } = requestSides(input);
  const requesterId = memberId;
  const tradeId = await transact(ctx, async (tx, effects) => {
    const locked = await lockItems(tx, [...new Set([...requestedIds, ...offeredIds])]);
    const firstRequested = locked.get(requestedIds[0] as string);
    if (firstRequested && !firstRequested.deletedAt && firstRequested.userId !== requesterId) {
      await assertNotBlocked(tx, requesterId, firstRequested.userId);
      if (input.ownerUserId && input.ownerUserId !== firstRequested.userId)
        throw badRequest('trade.owner_mismatch');
    }
    const { requested, offered, ownerId } = checkSides(locked, requesterId, requestedIds, offeredIds, null);
    await refuseIfAway(tx, ownerId);
    const message = offerMessage(input.message, offered, requested);
    const [created] = await tx
      .insert(tradeRequests)
      .values({
        ...firstItemColumns(requested, offered),
        requesterId,
        ownerId,
        message,
      })
      .onConflictDoNothing()
      .returning({ id: tradeRequests.id, createdAt: tradeRequests.createdAt });
    if (!created) throw conflict('trade.duplicate_request');
    await writeSides(tx, created.id, requested, offered);
    await recordOffer(tx, {
      tradeRequestId: created.id,
      version: 1,
      proposedById: requesterId,
      message,
      requested,
      offered,
      createdAt: created.createdAt,
    });
    await refreshAvailability(tx, [...requestedIds, ...offeredIds]);
    await effects.emit('trade.changed', { tradeId: created.id, event: 'requested', actorId: requesterId });
    effects.notify({
      userId: ownerId,
      type: 'trade_request',
      emailType: 'tradeRequest',
      title: text('notifications:trades.requested.title'),
      message: text('notifications:trades.requested.message', {
        name: await firstName(tx, requesterId),
        offered: names(offered),
        requested: names(requested),
      }),
      link: TRADES_LINK,
    });
    return created.id;
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

/**
 * A counter-offer: the party who must answer the latest version proposes other items instead (from
 * the owner's closet for the requested side, the requester's for the offered side). It replaces the
 * trade's terms; the earlier versions stay in its history, and the other party now answers.
 */
export async function counterOffer(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  input: CounterOfferInput,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, locked } = await lockTrade(tx, tradeId, memberId, [
      ...input.requestedItemIds,
      ...input.offeredItemIds,
    ]);
    if (trade.status !== 'pending') throw conflict('trade.already_settled', { status: trade.status });
    const proposer = trade.offeredById ?? trade.requesterId;
    if (proposer === memberId) throw forbidden('trade.latest_offer_yours');
    await assertNotBlocked(tx, trade.requesterId, trade.ownerId);
    const { requested, offered } = checkSides(
      locked,
      trade.requesterId,
      input.requestedItemIds,
      input.offeredItemIds,
      trade.ownerId,
    );
    const before = await sidesOf(tx, trade);
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
    if (same(before.requested, input.requestedItemIds) && same(before.offered, input.offeredItemIds))
      throw badRequest('trade.counter_offer_unchanged');
    const now = new Date();
    const version = trade.offerVersion + 1;
    const message = offerMessage(input.message, offered, requested);
    await tx
      .update(tradeRequests)
      .set({
        ...firstItemColumns(requested, offered),
        message,
        offerVersion: version,
        offeredById: memberId,
        offeredAt: now,
        updatedAt: now,
      })
      .where(eq(tradeRequests.id, trade.id));
    await writeSides(tx, trade.id, requested, offered);
    if (trade.offerVersion === 1 && !(await hasHistory(tx, trade.id))) {
      // A request made before offers had a history: its first version is the request as it stands.
      const original = before.requested.map((id) => locked.get(id) as ItemRow);
      const originalOffered = before.offered.map((id) => locked.get(id) as ItemRow);
      await recordOffer(tx, {
        tradeRequestId: trade.id,
        version: 1,
        proposedById: trade.requesterId,
        message: trade.message,
        requested: original,
        offered: originalOffered,
        createdAt: trade.createdAt,
      });
    }
    await recordOffer(tx, {
      tradeRequestId: trade.id,
      version,
      proposedById: memberId,
      message,
      requested,
      offered,
      createdAt: now,
    });
    await refreshAvailability(tx, [
      ...allItemIds(before),
      ...input.requestedItemIds,
      ...input.offeredItemIds,
    ]);
    await effects.emit('trade.changed', { tradeId: trade.id, event: 'countered', actorId: memberId });
    const other = memberId === trade.ownerId ? trade.requesterId : trade.ownerId;
    effects.notify({
      userId: other,
      type: 'trade_request',
      // A counter needs an answer before it expires, like a new request: the same email setting.
      emailType: 'tradeRequest',
      title: text('notifications:trades.countered.title'),
      message: text('notifications:trades.countered.message', {
        name: await firstName(tx, memberId),
        offered: names(offered),
        requested: names(requested),
      }),
      link: TRADES_LINK,
    });
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

async function hasHistory(tx: Queryable, tradeId: string) {
  const offers = await loadOffers(tx, [tradeId]);
  return offers.has(tradeId);
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

const invert = (role: 'owner' | 'requester') => (role === 'owner' ? 'requester' : 'owner');

export const progress = (trade: TradeRow) => ({
  status: trade.status,
  requesterReceived: trade.requesterReceivedAt !== null,
  ownerReceived: trade.ownerReceivedAt !== null,
});

/**
 * Requests ended as a consequence of something else (another trade accepted, an item withdrawn, a
 * block, a ring) get their card in the parties' conversation like any other change: `actorId` is
 * the member whose act ended them, or null when the app did.
 */
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
async function declinePendingOn(
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
        link: TRADES_LINK,
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
function autoDecline(
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

export async function updateTradeStatus(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  input: TradeStatusInput,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, requested, itemIds, requestedItems, offeredItems, sides } = await lockTrade(
      tx,
      tradeId,
      memberId,
    );
    const role = trade.ownerId === memberId ? 'owner' : 'requester';
    const proposer = trade.offeredById ?? trade.requesterId;
    // The latest offer is accepted by the party who did not propose it: after a counter-offer by the
    // owner, the requester accepts.
    const actingRole = input.status === 'accepted' && proposer === trade.ownerId ? invert(role) : role;
    if (input.status === 'accepted' && trade.status === 'pending') {
      if (input.offerVersion !== undefined && input.offerVersion !== trade.offerVersion)
        throw conflict('trade.offer_replaced');
      if (proposer === memberId && (proposer === trade.ownerId || trade.offerVersion > 1))
        throw forbidden('trade.latest_offer_yours_accept');
    }
    const check = canTransition(progress(trade), input.status, actingRole);
    if (!check.ok) {
      if (check.reason === 'wrong-role') {
        throw forbidden(
          input.status === 'cancelled' ? 'trade.only_requester_cancels' : 'trade.only_owner_answers',
        );
      }
      if (trade.status === 'disputed') throw conflict('trade.under_dispute');
      if (trade.status === 'accepted') throw conflict('trade.item_received');
      throw conflict('trade.already_settled', { status: trade.status });
    }
    if (input.reason && !(input.status === 'cancelled' && trade.status === 'accepted')) {
      throw badRequest('trade.reason_only_when_cancelling');
    }
    const actor = await firstName(tx, memberId);
    const now = new Date();

    if (input.status === 'accepted') {
      await assertNotBlocked(tx, trade.ownerId, trade.requesterId);
      for (const item of [...requestedItems, ...offeredItems]) {
        if (!item.isActive || item.deletedAt || UNAVAILABLE.has(item.availability)) {
          throw conflict('trade.item_taken', { title: item.title });
        }
      }
      const terms = termsToAccept(sides, requestedItems, offeredItems, input.termsVersion);
      await tx
        .update(tradeRequests)
        .set({
          status: 'accepted',
          ...firstItemColumns(requestedItems, offeredItems, terms),
          acceptedAt: now,
          updatedAt: now,
        })
        .where(eq(tradeRequests.id, trade.id));
      await writeSides(tx, trade.id, requestedItems, offeredItems, terms);
      await tx.update(items).set({ availability: 'reserved' }).where(inArray(items.id, itemIds));
      await effects.emit('items.availability-changed', {
        itemIds,
        availability: 'reserved',
        parties: [trade.ownerId, trade.requesterId],
      });
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'accepted', actorId: memberId });
      await autoDecline(ctx, tx, effects, memberId, trade, itemIds);
      effects.notify({
        userId: memberId === trade.ownerId ? trade.requesterId : trade.ownerId,
        type: 'trade_request',
        emailType: 'tradeAccepted',
        title: text('notifications:trades.accepted.title'),
        message: text(
          itemIds.length > 2
            ? 'notifications:trades.accepted.bundleMessage'
            : 'notifications:trades.accepted.message',
          { name: actor, item: requested.title },
        ),
        link: TRADES_LINK,
      });
      return;
    }

    if (input.status === 'cancelled' && trade.status === 'accepted') {
      const reason = input.reason || null;
      await tx
        .update(tradeRequests)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          cancelledById: memberId,
          cancelReason: reason,
          cancelExcused: await anySuspended(tx, [
            trade.requesterId === memberId ? trade.ownerId : trade.requesterId,
          ]),
          updatedAt: now,
        })
        .where(eq(tradeRequests.id, trade.id));
      await releaseItems(tx, effects, trade, itemIds);
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'cancelled', actorId: memberId });
      effects.notify({
        userId: role === 'owner' ? trade.requesterId : trade.ownerId,
        type: 'trade_request',
        title: text('notifications:trades.cancelled.title'),
        message: reason
          ? text('notifications:trades.cancelled.messageWithReason', {
              name: actor,
              item: requested.title,
              reason,
            })
          : text('notifications:trades.cancelled.message', { name: actor, item: requested.title }),
        link: TRADES_LINK,
      });
      return;
    }

    await tx
      .update(tradeRequests)
      .set({
        status: input.status,
        updatedAt: now,
        ...(input.status === 'cancelled' ? { cancelledAt: now, cancelledById: memberId } : {}),
      })
      .where(eq(tradeRequests.id, trade.id));
    await refreshAvailability(tx, itemIds);
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: input.status === 'declined' ? 'declined' : 'cancelled',
      actorId: memberId,
    });
    effects.notify(
      input.status === 'declined'
        ? {
            userId: trade.requesterId,
            type: 'trade_request',
            title: text('notifications:trades.declined.title'),
            message: text('notifications:trades.declined.message', { name: actor, item: requested.title }),
            link: TRADES_LINK,
          }
        : {
            userId: trade.ownerId,
            type: 'trade_request',
            title: text('notifications:trades.withdrawn.title'),
            message: text('notifications:trades.withdrawn.message', { name: actor, item: requested.title }),
            link: TRADES_LINK,
          },
    );
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

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

export async function confirmReceived(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, requested } = await lockTrade(tx, tradeId, memberId);
    if (trade.status === 'completed') throw conflict('trade.already_completed');
    if (trade.status === 'disputed') throw conflict('trade.under_dispute');
    if (!canConfirmReceipt(trade.status)) {
      throw conflict('trade.receipt_needs_accepted');
    }
    const isOwner = trade.ownerId === memberId;
    if ((isOwner ? trade.ownerReceivedAt : trade.requesterReceivedAt) !== null) return;
    const now = new Date();
    const bothReceived = isOwner ? trade.requesterReceivedAt !== null : trade.ownerReceivedAt !== null;
    await tx
      .update(tradeRequests)
      .set({ ...(isOwner ? { ownerReceivedAt: now } : { requesterReceivedAt: now }), updatedAt: now })
      .where(eq(tradeRequests.id, trade.id));
    const parties = [trade.requesterId, trade.ownerId];
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: bothReceived ? 'completed' : 'received',
      actorId: memberId,
    });
    if (bothReceived) {
      await completeTrade(tx, trade, now);
      for (const userId of parties) {
        effects.notify({
          userId,
          type: 'trade_request',
          title: text('notifications:trades.completed.title'),
          message: text('notifications:trades.completed.message', { item: requested.title }),
          link: TRADES_LINK,
        });
      }
      return;
    }
    const actor = await firstName(tx, memberId);
    const days = timers.claimWindowDays;
    for (const userId of parties) {
      effects.notify({
        userId,
        type: 'trade_request',
        title: text('notifications:trades.received.title'),
        message:
          userId === memberId
            ? text('notifications:trades.received.yours', { item: requested.title })
            : text('notifications:trades.received.theirs', {
                name: actor,
                item: requested.title,
                count: days,
              }),
        link: TRADES_LINK,
      });
    }
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
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
  effects.notify(
    ...closed.map((trade) => ({
      userId: trade.requesterId === memberId ? trade.ownerId : trade.requesterId,
      type: 'trade_request' as const,
      title: text(
        trade.requesterId === memberId
          ? 'notifications:trades.withdrawn.title'
          : 'notifications:trades.declined.title',
      ),
      message: text('notifications:trades.closedItemRemoved.message'),
      link: TRADES_LINK,
    })),
  );
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
      link: TRADES_LINK,
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
  effects.notify(
    ...closed.map((trade) => ({
      userId: trade.requesterId === memberId ? trade.ownerId : trade.requesterId,
      type: 'trade_request' as const,
      title: text(
        trade.requesterId === memberId
          ? 'notifications:trades.withdrawn.title'
          : 'notifications:trades.declined.title',
      ),
      message: text('notifications:trades.closedByOther.message'),
      link: TRADES_LINK,
    })),
  );
  refreshAfterCommit(ctx.db, effects, [...closedSides.values()].flatMap(allItemIds));
}

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

/** The trades a member is part of (newest first, at most TRADE_LIST_MAX), or one of them. */
function tradeRowsQuery(db: Db, memberId: string | Placeholder, tradeId?: string) {
  const page = memberTradeIds(db, memberId, tradeId);
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
    })
    .from(page)
    .innerJoin(tradeRequests, eq(tradeRequests.id, page.id))
    .innerJoin(requestedItem, eq(requestedItem.id, tradeRequests.requestedItemId))
    .innerJoin(offeredItem, eq(offeredItem.id, tradeRequests.offeredItemId))
    .innerJoin(requester, eq(requester.id, tradeRequests.requesterId))
    .innerJoin(owner, eq(owner.id, tradeRequests.ownerId))
    .leftJoin(reviews, and(eq(reviews.tradeRequestId, tradeRequests.id), eq(reviews.reviewerId, memberId)))
    .leftJoin(tradeDisputes, eq(tradeDisputes.tradeRequestId, tradeRequests.id))
    .orderBy(desc(tradeRequests.createdAt));
}

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
  // Each row carries its trade's sides and offer history (one round trip for the whole list).
  const sidesById = new Map(rows.map((row) => [row.trade.id, sidesFromRows(row.trade, row.sideItems)]));
  // Settled trades' rows carry only the owner and listing state of their items; a pending trade's
  // carry its first items in full, and any item of a pending bundle not among them is read here.
  const live = new Map<string, LiveTradeItem | LiveTradeOwnership>();
  const full = new Set<string>();
  for (const row of rows) {
    const pending = row.trade.status === 'pending';
    for (const { deal, ...item } of [row.requestedItem, row.offeredItem]) {
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
      requesterShipment: trade.requesterShipment,
      ownerShipment: trade.ownerShipment,
      myReview: row.myRating === null ? null : { rating: row.myRating },
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
