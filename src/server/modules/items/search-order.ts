import { eq, type SQL, sql } from 'drizzle-orm';
import { type ItemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import type { Db } from '../../db/connect';
import { items, users } from '../../db/schema';
import { searchOf } from './list-filters';
import { marketplaceOrder, marketplaceWhere, type SearchMode } from './items.query';
import { itemColumns } from './items.presenter';

/**
 * The deepest page end (offset + limit) that a newest-first search reads apart from its count
 * (`shallowNewestSearchPage`): the first 240 results, five pages of 48 (docs/decisions/026-search-top-k.md).
 */
export const SHALLOW_NEWEST_PAGES = 240;

/**
 * A full-text search (words besides colours) sorted newest first (or by distance without a town,
 * which is newest first), whose page ends within SHALLOW_NEWEST_PAGES: its page and its count are
 * read apart (decision 026).
 */
export function readsShallowNewest(query: ItemListQuery, searchMode: SearchMode): boolean {
  if (searchMode !== 'fulltext' || !query.search || !searchOf(query)?.text.trim()) return false;
  const newest = query.sortBy === 'newest' || (query.sortBy === 'distance' && query.near === undefined);
  return newest && query.offset + query.limit <= SHALLOW_NEWEST_PAGES;
}

/**
 * A shallow page of a newest-first search and its capped count in one statement, each read on its
 * own (docs/decisions/025, bounded reading):
 *
 * - the page: the matches in the newest-first order, cut at offset + limit. For a word in many
 *   listings PostgreSQL walks the newest-first index (items_active_created_idx) and checks each
 *   listing until the page is full (0.03 ms for "made", 0.6 ms for "denim" at 1M listings); for a
 *   rare one it sorts the few matches of the GIN bitmap;
 * - the count: the first MARKETPLACE_DEPTH + 1 matches in any order (a sequential read of the
 *   listings for a common word, the GIN bitmap otherwise), counted.
 *
 * countedPage reads the first MARKETPLACE_DEPTH + 1 matches in date order, which for a word in
 * thousands of listings means reading every match and sorting them, then slices the page from
 * them: it stays for deeper pages, whose newest-first walk would check up to every listing. The
 * rows and `matched` are countedPage's (the same page of the same order, the same count).
 */
export function shallowNewestSearchPage(db: Db, query: ItemListQuery, distanceKm: SQL<number | null>) {
  const where = marketplaceWhere(query, { searchMode: 'fulltext' });
  const order = marketplaceOrder(query, 'fulltext');
  const matched = sql<number>`(select count(*) from (select 1 from ${items} where ${where}
    limit ${sql.raw(String(MARKETPLACE_DEPTH + 1))}) matches)::int`;
  const page = db
    .select({ pageId: sql<string>`${items.id}`.as('page_id') })
    .from(items)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  return db
    .select({ ...itemColumns, distanceKm, matched: matched.as('matched') })
    .from(page)
    .innerJoin(items, eq(items.id, page.pageId))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...order);
}
