import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { ItemFacets, ItemFilters, ItemListQuery } from '../../../common/api/items';
import { CONDITIONS } from '../../../common/domain/taxonomy';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import type { GenerationCache } from '../../lib/generation-cache';
import { items, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../realtime/event-bus';
import { ownedImageIds } from '../images/images.service';
import { announce } from '../notifications/notifications.service';
import { notifyStrongMatches } from '../matching/matching.service';
import { closePendingForItem, refreshAvailability } from '../trades/trades.service';
import { notifyWishlistMatches } from '../wishlist/wishlist.service';
import { isPublicItem } from '../../lib/item-visibility';
import { itemColumns, presentItem } from './items.presenter';
import { type FacetDimension, marketplaceOrder, marketplaceWhere, type SearchMode } from './items.query';

export interface ItemContext {
  db: Db;
  events: EventBus;
}
export interface MarketplaceCount {
  total: number;
  searchMode: SearchMode;
}

/** The filters alone, in schema order: the key of everything that depends on the filter set. */
function filterKey(query: ItemFilters & Partial<Pick<ItemListQuery, 'sortBy' | 'limit' | 'offset'>>) {
  const { sortBy: _sort, limit: _limit, offset: _offset, ...filters } = query;
  return JSON.stringify(filters);
}

/**
 * How many listed items match a filter set, and how its search matches: full text, or trigram
 * similarity when full text finds nothing. Cached per filter set, so that paging through a
 * result does not count it again.
 */
export function countMarketplace(db: Db, cache: GenerationCache, filters: ItemFilters) {
  return cache.get(`count:${filterKey(filters)}`, async (): Promise<MarketplaceCount> => {
    const countWith = async (searchMode: SearchMode) => {
      const [row] = await db
        .select({ value: count() })
        .from(items)
        .where(marketplaceWhere(filters, { searchMode }));
      return row?.value ?? 0;
    };
    const total = await countWith('fulltext');
    if (total > 0 || !filters.search) return { total, searchMode: 'fulltext' };
    return { total: await countWith('fuzzy'), searchMode: 'fuzzy' };
  });
}

/**
 * One page of the marketplace. The page's ids come first, from an index on the sort alone (a
 * deep offset skips index entries, not joined rows); then only those rows are loaded with their
 * owners and put back in order.
 */
export async function listMarketplace(db: Db, cache: GenerationCache, query: ItemListQuery) {
  const { total, searchMode } = await countMarketplace(db, cache, query);
  if (total === 0 || query.offset >= total) return { items: [], total };
  const order = marketplaceOrder(query, searchMode);
  const ids = db.select({ id: items.id }).from(items).$dynamic();
  // Sorting by the owner's rating needs the owner in the id query too.
  const sortedIds = (query.sortBy === 'rating' ? ids.innerJoin(users, eq(users.id, items.userId)) : ids)
    .where(marketplaceWhere(query, { searchMode }))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select(itemColumns)
    .from(sortedIds)
    .innerJoin(items, eq(items.id, sortedIds.id))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...order);
  return { items: rows.map(presentItem), total };
}

/** Counts per category id, condition, size and the 20 most common brands; each ignores its own filter. */
export async function facets(db: Db, cache: GenerationCache, filters: ItemFilters): Promise<ItemFacets> {
  const { searchMode, total } = await countMarketplace(db, cache, filters);
  const base = <T extends SelectedFields>(selection: T, omit?: FacetDimension) =>
    db.select(selection).from(items).where(marketplaceWhere(filters, { omit, searchMode }));
  const grouped = async (
    column: typeof items.condition | typeof items.size | typeof items.brand,
    omit: FacetDimension,
    limit: number,
  ) => {
    const rows = await base({ value: column, count: sql<number>`count(*)::int` }, omit)
      .groupBy(column)
      .orderBy(sql`count(*) desc`, column)
      .limit(limit);
    return rows.filter((row): row is { value: string; count: number } => row.value !== null);
  };
  const categoryCounts = base(
    {
      all: sql<number>`count(*)::int`,
      clothing: sql<number>`(count(*) filter (where ${items.category} = 'clothing'))::int`,
      shoes: sql<number>`(count(*) filter (where ${items.category} = 'shoes'))::int`,
      accessories: sql<number>`(count(*) filter (where ${items.category} = 'accessories'))::int`,
      women: sql<number>`(count(*) filter (where ${items.gender} = 'women'))::int`,
      men: sql<number>`(count(*) filter (where ${items.gender} = 'men'))::int`,
    },
    'category',
  );
  const [[categoryRow], conditions, sizes, brands] = await Promise.all([
    categoryCounts,
    grouped(items.condition, 'condition', CONDITIONS.length),
    grouped(items.size, 'size', 60),
    grouped(items.brand, 'brand', 21),
  ]);
  return {
    total,
    categories: categoryRow ?? { all: 0, clothing: 0, shoes: 0, accessories: 0, women: 0, men: 0 },
    conditions,
    sizes,
    brands: brands.slice(0, 20),
  };
}

async function loadItemRow(db: Db, id: string) {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(eq(items.id, id))
    .limit(1);
  return row;
}

/**
 * An item by id. Deleted and unlisted items exist only for their owner (their trades keep their own
 * summaries); a traded item stays visible, as the record of a finished swap.
 */
export async function getItem(db: Db, id: string, viewerId: string | undefined) {
  const row = await loadItemRow(db, id);
  if (!row || (!isPublicItem(row.item) && row.item.userId !== viewerId)) throw notFound('Item not found');
  return presentItem(row);
}

/** Photo URLs must be the member's own uploads, or photos the item already has. */
async function checkPhotos(db: Db, userId: string, urls: string[], existing: string[] = []) {
  const fresh = urls.filter((url) => !existing.includes(url));
  const ids = fresh.map((url) => url.slice('/images/'.length));
  const owned = await ownedImageIds(db, userId, ids);
  const foreign = ids.find((id) => !owned.has(id));
  if (foreign) throw badRequest('Photos must be images you uploaded through /api/images');
  if (new Set(urls).size !== urls.length) throw badRequest('Each photo may appear only once');
}

export interface ItemFields {
  title: string;
  description: string;
  category: string;
  gender: string;
  style?: string | null;
  condition: string;
  brand: string | null;
  size: string | null;
  estimatedValue: number;
  images: string[];
  tags?: string[];
  colors?: string[];
  seasons?: string[];
  location: string | null;
}

const unique = <T>(list: T[] | undefined) => (list ? [...new Set(list)] : undefined);

export async function createItem(ctx: ItemContext, userId: string, input: ItemFields) {
  const { db } = ctx;
  await checkPhotos(db, userId, input.images);
  const [created] = await db
    .insert(items)
    .values({
      ...input,
      style: input.style ?? null,
      tags: unique(input.tags) ?? [],
      colors: unique(input.colors) ?? [],
      seasons: unique(input.seasons) ?? [],
      userId,
    })
    .returning({ id: items.id });
  if (!created) throw new Error('item insert returned nothing');
  await announceListing(ctx, created.id);
  return getItem(db, created.id, userId);
}

/** The item, if it exists, is not deleted, and belongs to the member; otherwise 404 or 403. */
export async function requireOwnItem(db: Db, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Item not found');
  if (row.userId !== userId) throw forbidden('You can only change your own items');
  return row;
}

export async function updateItem(
  ctx: ItemContext,
  id: string,
  userId: string,
  changes: Partial<ItemFields> & { isActive?: boolean },
) {
  const { db } = ctx;
  const current = await requireOwnItem(db, id, userId);
  if (current.availability === 'traded')
    throw conflict('This item has been traded and can no longer be changed');
  if (changes.images) await checkPhotos(db, userId, changes.images, current.images);
  if (changes.isActive === false && current.availability === 'reserved') {
    throw conflict('This item is reserved in an accepted trade and cannot be unlisted');
  }
  const closed = await db.transaction(async (tx) => {
    await tx
      .update(items)
      .set({
        ...changes,
        tags: unique(changes.tags),
        colors: unique(changes.colors),
        seasons: unique(changes.seasons),
        updatedAt: new Date(),
      })
      .where(eq(items.id, id));
    return changes.isActive === false ? closePendingForItem(tx, id, userId) : { stored: [], refresh: [] };
  });
  await settle(ctx, closed);
  if (changes.isActive === true && !current.isActive) await announceListing(ctx, id);
  return getItem(db, id, userId);
}

/** A new or relisted item alerts matching wishlists and members it is a strong swap for. */
async function announceListing(ctx: ItemContext, itemId: string) {
  await notifyWishlistMatches(ctx.db, ctx.events, itemId);
  await notifyStrongMatches(ctx.db, ctx.events, itemId);
}

/** After the commit: re-derive the other items' availability, then push the notifications. */
async function settle(ctx: ItemContext, closed: Awaited<ReturnType<typeof closePendingForItem>>) {
  if (closed.refresh.length > 0) await ctx.db.transaction((tx) => refreshAvailability(tx, closed.refresh));
  await announce(ctx.events, closed.stored);
}

/** Soft delete: the item leaves the marketplace; trades, favourites and history keep it. */
export async function deleteItem(ctx: ItemContext, id: string, userId: string) {
  const current = await requireOwnItem(ctx.db, id, userId);
  if (current.availability === 'reserved') {
    throw conflict('This item is reserved in an accepted trade and cannot be deleted');
  }
  const closed = await ctx.db.transaction(async (tx) => {
    await tx
      .update(items)
      .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(items.id, id));
    return closePendingForItem(tx, id, userId);
  });
  await settle(ctx, closed);
}

/** A member's items: all but deleted ones for the owner, listed ones for everybody else. */
export async function listUserItems(db: Db, userId: string, viewerId: string | undefined) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw notFound('Member not found');
  const visible = viewerId === userId ? isNull(items.deletedAt) : eq(items.isActive, true);
  const rows = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(and(eq(items.userId, userId), visible))
    .orderBy(sql`${items.createdAt} desc`)
    .limit(500);
  return rows.map(presentItem);
}
