/** Commands that propose a trade's terms: a new request, and a counter-offer on a pending one. */
import { eq } from 'drizzle-orm';
import type { CounterOfferInput, TradeRequestInput } from '../../../common/api/trades';
import { defaultTradeMessage } from '../../../common/domain/trade-state';
import { formatReturnDate, isAway } from '../../../common/domain/holiday';
import type { Queryable } from '../../db/connect';
import { type items, tradeRequests, users } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { assertNotBlocked } from '../safety';
import { allItemIds, firstItemColumns, loadOffers, recordOffer, sidesOf, writeSides } from './trade-sides';
import {
  firstName,
  lockItems,
  lockTrade,
  refreshAvailability,
  tradeLink,
  UNAVAILABLE,
} from './trades.service';
import { getTradeRequest } from './trade-read.service';

type ItemRow = typeof items.$inferSelect;

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
    await effects.emit('trade.changed', {
      tradeId: created.id,
      event: 'requested',
      actorId: requesterId,
      note: input.message,
    });
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
      link: tradeLink(created.id),
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
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: 'countered',
      actorId: memberId,
      note: input.message,
    });
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
      link: tradeLink(trade.id),
    });
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

async function hasHistory(tx: Queryable, tradeId: string) {
  const offers = await loadOffers(tx, [tradeId]);
  return offers.has(tradeId);
}
