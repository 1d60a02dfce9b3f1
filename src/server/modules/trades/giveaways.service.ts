import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  type GiveawayAskers,
  type GiveawayAskInput,
  MAX_OPEN_GIVEAWAY_ASKS,
  type MyGiveawayAsk,
} from '../../../common/api/giveaways';
import { dealTerms } from '../../../common/domain/trade-terms';
import type { Queryable, Tx } from '../../db/connect';
import { giveawayRequests, items, reviews, tradeRequests, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { text, type TextRef } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import type { Effects } from '../../lib/domain-events';
import { transact } from '../../lib/unit-of-work';
import { assertNotBlocked } from '../safety';
import { memberReliability } from './reliability.query';
import { lockItemsForUpdate } from './trade-holds';
import { recordOffer, writeSides } from './trade-sides';
import { firstName, tradeLink } from './trades.service';
import { declinePendingOn } from './trade-reactions.service';

/**
 * Giveaway asks and picks (docs/decisions/027-giveaway-handovers.md). Every write locks the item row
 * first (the lock every trade and ring transaction takes on it, in id order), then reads and changes
 * the asks under that lock: two asks, a pick and an accept on the same item run one after the other.
 */

type ItemRow = typeof items.$inferSelect;
type AskRow = typeof giveawayRequests.$inferSelect;

const TAKEN = new Set(['reserved', 'traded']);

/** Where the owner reads the asks: the item's dialog over Browse. */
const itemLink = (itemId: string) => `/browse?highlight=${itemId}`;

async function lockItem(tx: Queryable, itemId: string): Promise<ItemRow> {
  const [item] = await lockItemsForUpdate(tx, { ids: [itemId] });
  if (!item || item.deletedAt !== null) throw notFound('giveaway.item_not_found');
  return item;
}

/** Listed, a giveaway, not yet promised to anyone: what an item must be to be asked for or given. */
function assertGivable(item: ItemRow) {
  if (!item.isActive) throw notFound('giveaway.item_not_found');
  if (!item.isGiveaway) throw conflict('giveaway.not_a_giveaway');
  if (TAKEN.has(item.availability)) throw conflict('giveaway.item_unavailable');
}

const presentMine = (row: AskRow): MyGiveawayAsk => ({
  id: row.id,
  itemId: row.itemId,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

async function openAskCount(tx: Queryable, itemId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(giveawayRequests)
    .where(and(eq(giveawayRequests.itemId, itemId), eq(giveawayRequests.status, 'open')));
  return Number(row?.n ?? 0);
}

/** A member asks for a giveaway without offering anything; its owner is told (one notification per item while unread). */
export async function askForGiveaway(
  ctx: ServiceContext,
  memberId: string,
  itemId: string,
  input: GiveawayAskInput,
): Promise<MyGiveawayAsk> {
  return transact(ctx, async (tx, effects) => {
    const item = await lockItem(tx, itemId);
    if (item.userId === memberId) throw forbidden('giveaway.own_item');
    assertGivable(item);
    await assertNotBlocked(tx, memberId, item.userId);
    const [already] = await tx
      .select({ id: giveawayRequests.id })
      .from(giveawayRequests)
      .where(
        and(
          eq(giveawayRequests.itemId, itemId),
          eq(giveawayRequests.requesterId, memberId),
          eq(giveawayRequests.status, 'open'),
        ),
      );
    if (already) throw conflict('giveaway.already_asked');
    const open = await openAskCount(tx, itemId);
    if (open >= MAX_OPEN_GIVEAWAY_ASKS) throw conflict('giveaway.too_many_asks');
    const [row] = await tx
      .insert(giveawayRequests)
      .values({ itemId, requesterId: memberId, message: input.message || null })
      .returning();
    const asker = await firstName(tx, memberId);
    effects.notify({
      userId: item.userId,
      type: 'trade_request',
      title: text('notifications:giveaways.asked.title'),
      message: text('notifications:giveaways.asked.message', {
        name: asker,
        item: item.title,
        count: open + 1,
      }),
      link: itemLink(itemId),
      // A run of asks on one item is one notification, rewritten while unread.
      coalesceKey: `giveaway-asks:${itemId}`,
    });
    return presentMine(row as AskRow);
  });
}

/** The member withdraws their open ask. */
export async function withdrawGiveawayAsk(ctx: ServiceContext, memberId: string, itemId: string) {
  await transact(ctx, async (tx) => {
    await lockItem(tx, itemId);
    const [row] = await tx
      .update(giveawayRequests)
      .set({ status: 'withdrawn', closedAt: new Date() })
      .where(
        and(
          eq(giveawayRequests.itemId, itemId),
          eq(giveawayRequests.requesterId, memberId),
          eq(giveawayRequests.status, 'open'),
        ),
      )
      .returning({ id: giveawayRequests.id });
    if (!row) throw notFound('giveaway.not_found');
  });
  return { ok: true as const };
}

/** The member's open ask on this item, or null. */
export async function myGiveawayAsk(
  ctx: ServiceContext,
  memberId: string,
  itemId: string,
): Promise<MyGiveawayAsk | null> {
  const [row] = await ctx.db
    .select()
    .from(giveawayRequests)
    .where(
      and(
        eq(giveawayRequests.itemId, itemId),
        eq(giveawayRequests.requesterId, memberId),
        eq(giveawayRequests.status, 'open'),
      ),
    );
  return row ? presentMine(row) : null;
}

/** The open asks on the owner's giveaway, oldest first, with each asker's record. */
export async function listGiveawayAsks(
  ctx: ServiceContext,
  memberId: string,
  itemId: string,
): Promise<GiveawayAskers> {
  const [item] = await ctx.db
    .select({ userId: items.userId, deletedAt: items.deletedAt })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item || item.deletedAt !== null) throw notFound('giveaway.item_not_found');
  if (item.userId !== memberId) throw forbidden('giveaway.owner_only');
  const ratings = ctx.db
    .select({
      revieweeId: reviews.revieweeId,
      average: sql<string | null>`avg(${reviews.rating})`.as('average'),
      n: count().as('n'),
    })
    .from(reviews)
    .groupBy(reviews.revieweeId)
    .as('ratings');
  const rows = await ctx.db
    .select({
      ask: giveawayRequests,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      average: ratings.average,
      reviewCount: ratings.n,
    })
    .from(giveawayRequests)
    .innerJoin(users, eq(users.id, giveawayRequests.requesterId))
    .leftJoin(ratings, eq(ratings.revieweeId, giveawayRequests.requesterId))
    .where(and(eq(giveawayRequests.itemId, itemId), eq(giveawayRequests.status, 'open')))
    .orderBy(asc(giveawayRequests.createdAt), asc(giveawayRequests.id));
  const asks = [];
  for (const row of rows) {
    asks.push({
      id: row.ask.id,
      message: row.ask.message,
      createdAt: row.ask.createdAt.toISOString(),
      asker: {
        id: row.ask.requesterId,
        firstName: row.firstName,
        lastName: row.lastName,
        profileImageUrl: row.profileImageUrl,
        averageRating: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
        reviewCount: Number(row.reviewCount ?? 0),
        reliability: await memberReliability(ctx, row.ask.requesterId),
      },
    });
  }
  return { asks };
}

/**
 * Closes every open ask on these items (but `exceptAskId`), telling each asker why. The caller holds
 * the items' locks.
 */
export async function declineOpenAsks(
  tx: Tx,
  effects: Effects,
  itemIds: string[],
  why: TextRef,
  exceptAskId: string | null = null,
) {
  if (itemIds.length === 0) return;
  const declined = await tx
    .update(giveawayRequests)
    .set({ status: 'declined', closedAt: new Date() })
    .where(
      and(
        inArray(giveawayRequests.itemId, itemIds),
        eq(giveawayRequests.status, 'open'),
        exceptAskId ? sql`${giveawayRequests.id} <> ${exceptAskId}` : undefined,
      ),
    )
    .returning({ requesterId: giveawayRequests.requesterId, itemId: giveawayRequests.itemId });
  if (declined.length === 0) return;
  const titles = await tx
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(inArray(items.id, [...new Set(declined.map((row) => row.itemId))]));
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  effects.notify(
    ...declined.map((row) => ({
      userId: row.requesterId,
      type: 'trade_request' as const,
      title: text('notifications:giveaways.declined.title'),
      message: text('notifications:giveaways.declined.message', {
        item: titleOf.get(row.itemId) ?? text('notifications:common.anItem'),
        why,
      }),
      link: null,
    })),
  );
}

/**
 * The owner picks one open ask. In one transaction, under the item's lock: the handover is made as
 * an accepted trade in which the owner gives the item and the asker gives nothing (the asker has
 * nothing to send, so their side counts as sent), the item is reserved like an accepted trade's,
 * every other ask and pending barter request on it is declined, and the ring engine is told to drop
 * the proposals holding it (after the commit, as for an item that leaves the marketplace). A swap
 * ring accepted first has reserved the item, so the pick is refused; a pick first leaves the ring's
 * last acceptance an item that is no longer free, so the ring is dissolved.
 */
export async function pickGiveawayAsk(ctx: ServiceContext, memberId: string, askId: string) {
  return transact(ctx, async (tx, effects) => {
    const [peek] = await tx
      .select({ itemId: giveawayRequests.itemId })
      .from(giveawayRequests)
      .where(eq(giveawayRequests.id, askId));
    if (!peek) throw notFound('giveaway.not_found');
    const item = await lockItem(tx, peek.itemId);
    // Anyone but the owner cannot tell the ask exists.
    if (item.userId !== memberId) throw notFound('giveaway.not_found');
    const [ask] = await tx
      .select()
      .from(giveawayRequests)
      .where(eq(giveawayRequests.id, askId))
      .for('update');
    if (!ask) throw notFound('giveaway.not_found');
    if (ask.status !== 'open') throw conflict('giveaway.ask_closed');
    assertGivable(item);
    await assertNotBlocked(tx, memberId, ask.requesterId);

    const now = new Date();
    const terms = dealTerms(item);
    const [trade] = await tx
      .insert(tradeRequests)
      .values({
        requestedItemId: item.id,
        offeredItemId: null,
        requesterId: ask.requesterId,
        ownerId: memberId,
        message: ask.message ?? '',
        requestedTerms: terms,
        offeredTerms: null,
        status: 'accepted',
        acceptedAt: now,
        // The receiver sends nothing: their side is sent from the start, so no deadline runs for them.
        requesterSentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!trade) throw new Error('handover not created');
    await writeSides(tx, trade.id, [item], [], new Map([[item.id, terms]]));
    // Every trade's offer history starts with its request (the trade page and its history read it):
    // here the ask, for the item alone, nothing offered.
    await recordOffer(tx, {
      tradeRequestId: trade.id,
      version: 1,
      proposedById: ask.requesterId,
      message: ask.message ?? '',
      requested: [item],
      offered: [],
      createdAt: ask.createdAt,
    });
    await tx
      .update(giveawayRequests)
      .set({ status: 'picked', tradeRequestId: trade.id, closedAt: now })
      .where(eq(giveawayRequests.id, ask.id));
    await tx.update(items).set({ availability: 'reserved' }).where(eq(items.id, item.id));
    await effects.emit('items.availability-changed', {
      itemIds: [item.id],
      availability: 'reserved',
      parties: [memberId, ask.requesterId],
    });
    await effects.emit('trade.changed', { tradeId: trade.id, event: 'accepted', actorId: memberId });
    await declineOpenAsks(tx, effects, [item.id], text('notifications:giveaways.declined.another'), ask.id);
    await declinePendingOn(
      ctx,
      tx,
      effects,
      [memberId],
      trade.id,
      [item.id],
      text('notifications:trades.autoDeclined.inAnotherTrade'),
    );
    const owner = await firstName(tx, memberId);
    effects.notify({
      userId: ask.requesterId,
      type: 'trade_request',
      emailType: 'tradeAccepted',
      title: text('notifications:giveaways.picked.title'),
      message: text('notifications:giveaways.picked.message', { name: owner, item: item.title }),
      link: tradeLink(trade.id),
    });
    await effects.emit('giveaway.picked', {
      itemId: item.id,
      tradeId: trade.id,
      ownerId: memberId,
      requesterId: ask.requesterId,
    });
    return { tradeId: trade.id };
  });
}

/** Asks between two members who now block each other end quietly (neither is told of the other). */
export async function closeAsksBetween(tx: Tx, memberId: string, otherId: string) {
  await tx.execute(sql`
    update ${giveawayRequests} g set status = 'withdrawn', closed_at = now()
    from ${items} i
    where g.item_id = i.id and g.status = 'open'
      and ((g.requester_id = ${memberId} and i.user_id = ${otherId})
        or (g.requester_id = ${otherId} and i.user_id = ${memberId}))`);
}

/** A member's own open asks end with their suspension or departure. */
export async function closeAsksOf(tx: Tx, memberId: string) {
  await tx
    .update(giveawayRequests)
    .set({ status: 'withdrawn', closedAt: new Date() })
    .where(and(eq(giveawayRequests.requesterId, memberId), eq(giveawayRequests.status, 'open')));
}
