import { count, eq, sql } from 'drizzle-orm';
import { type ItemFilters, type ItemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import type { Db } from '../../db/connect';
import { items, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { ownerAway } from '../../lib/item-visibility';
import { itemColumns, presentItem } from './items.presenter';
import { checkTownId } from '../../lib/towns';
import { countsByTown, distanceWalk, townMatches, walksTowns } from './town-walk';
import { filterDeps } from '../../lib/marketplace-dependencies';
import { readsShallowNewest, shallowNewestSearchPage } from './search-order';
import { boundsMatches, newestOf } from './items-newest-matches';
import { PARSED_SEARCH, parseListFilters, withSearch } from './list-filters';
import { type SearchRun, searchAsRun } from './search-correction';
import {
  marketplaceOrder,
  marketplaceSortKeys,
  marketplaceWhere,
  orderBy,
  RANKED_MATCHES,
  distanceFrom,
  type SearchMode,
} from './items.query';

/*
 * The marketplace list: a page of listed items for a filter set, its capped count, and how its
 * search matches (full text or trigrams). The facet counts are items-facets.service.ts; the bounded
 * matches of a relevance-sorted or newest-first search are items-newest-matches.ts.
 */

/** A filter set's count, with its search as it ran (corrected against the vocabulary of listed words, or as typed). */
export interface MarketplaceCount extends SearchRun {
  /** Matching items, at most MARKETPLACE_DEPTH. */
  total: number;
  /** More than MARKETPLACE_DEPTH items match. */
  totalIsCapped: boolean;
}

/** The filters alone, in schema order: the key of everything that depends on the filter set. */
export function filterKey(query: ItemFilters & Partial<Pick<ItemListQuery, 'sortBy' | 'limit' | 'offset'>>) {
  const { sortBy: _sort, limit: _limit, offset: _offset, ...filters } = query;
  return JSON.stringify(narrowing(filters));
}

/**
 * The filters that narrow the set: `near` alone only measures distances (and orders by them), so
 * without `withinKm` it is left out, and a list near a town counts as the whole market.
 */
export function narrowing<T extends ItemFilters>(filters: T): T {
  if (filters.near === undefined || filters.withinKm !== undefined) return filters;
  const { near: _near, ...rest } = filters;
  return rest as T;
}

/** `near` must name a town of the gazetteer. */
export async function checkNear(ctx: ServiceContext, filters: ItemFilters) {
  if (filters.near !== undefined) await checkTownId(ctx.db, filters.near);
}

/** Each row's distance from the `near` town in whole kilometres, when the list is asked near one. */
function distanceColumn(query: ItemFilters) {
  return query.near === undefined
    ? sql<number | null>`null::int`
    : sql<number | null>`round(${distanceFrom(query.near)})::int`;
}

function presentListed(row: Parameters<typeof presentItem>[0] & { distanceKm: number | null }) {
  return { ...presentItem(row), distanceKm: row.distanceKm };
}

/**
 * How many listed items match a filter set, up to MARKETPLACE_DEPTH, and how its search matches.
 * The count stops at the first MARKETPLACE_DEPTH + 1 matches: counting a whole large result read
 * every matching row (a sequential scan of the items at 1M items, docs/decisions/016), and no page
 * lies deeper than that anyway. Cached per filter set, so that paging through a result does not
 * count it again.
 */
export function countMarketplace(ctx: ServiceContext, unparsed: ItemFilters) {
  const filters = parseListFilters(unparsed);
  return ctx.marketplaceCache.get(
    `count:${filterKey(filters)}`,
    async (): Promise<MarketplaceCount> => {
      const run = await searchAsRun(ctx, filters.search, filters[PARSED_SEARCH]);
      const asRun = withSearch(filters, run);
      // Within a distance of a town: counted town by town (town-walk.ts), not from the bounding box.
      const matches = countsByTown(asRun)
        ? townMatches(asRun, MARKETPLACE_DEPTH + 1)
        : ctx.db
            .select({ one: sql`1` })
            .from(items)
            .where(marketplaceWhere(asRun, { searchMode: run.searchMode }))
            .limit(MARKETPLACE_DEPTH + 1)
            .as('matches');
      const [row] = await ctx.db.select({ value: count() }).from(matches);
      const counted = row?.value ?? 0;
      return {
        total: Math.min(counted, MARKETPLACE_DEPTH),
        totalIsCapped: counted > MARKETPLACE_DEPTH,
        ...run,
      };
    },
    { deps: filterDeps('count', filters) },
  );
}

/** No search and no filter: the whole market, in any sort. */
function wholeMarket(query: ItemFilters) {
  return filterKey(query) === '{}';
}

/**
 * One page of the marketplace. While its filter set's count is not cached (always, with the cache
 * off), one statement counts and pages at once (`countedPage`, or `wholeMarketPage` without a
 * search or filter); with the count known, the page alone is read (`pageOnly`). Either way the
 * page's ids come first, from an index on the sort (a deep offset skips index entries, not joined
 * rows), and only those rows are loaded with their owners.
 */
export async function listMarketplace(ctx: ServiceContext, unparsed: ItemListQuery) {
  const query = parseListFilters(unparsed);
  const { marketplaceCache: cache } = ctx;
  await checkNear(ctx, query);
  const countKey = `count:${filterKey(query)}`;
  const known = cache.peek<MarketplaceCount>(countKey);
  if (known) return pageOnly(ctx, query, known);
  // Nearest first: the page is read town by town (town-walk.ts), the count apart (and cached);
  // the whole market's page comes with its kept count (wholeMarketPage, whose ids walk too).
  if (walksTowns(query) && !wholeMarket(query))
    return pageOnly(ctx, query, await countMarketplace(ctx, query));
  const text = query[PARSED_SEARCH]?.text ?? '';
  // A search runs as typed in full text unless its words match no listed item at all
  // (search-correction.ts: corrected on PostgreSQL, trigram-matched on PGlite).
  let run: SearchRun = (query.search && cache.peek<SearchRun>(`correct:${query.search}`)) || {
    search: query.search,
    corrected: null,
    searchMode: 'fulltext',
  };
  const generation = cache.generation;
  let rows = await (wholeMarket(query)
    ? wholeMarketPage(ctx.db, query)
    : countedPage(ctx.db, withSearch(query, run), run.searchMode));
  if (rows.length === 0 && text.trim() && run.searchMode === 'fulltext' && !run.corrected) {
    // Words that match no listed item in full text (typos): the corrected search's page and count
    // (or on PGlite the trigram page and its count), again in one statement.
    const ran = await searchAsRun(ctx, query.search, query[PARSED_SEARCH]);
    if (ran.corrected || ran.searchMode === 'fuzzy') {
      run = ran;
      rows = await countedPage(ctx.db, withSearch(query, run), run.searchMode);
    }
  }
  const matched = rows[0]?.matched;
  // No row: no match, a page past the end, or words that match nothing in full text (typos).
  if (matched === undefined) return pageOnly(ctx, query, await countMarketplace(ctx, query));
  const counted: MarketplaceCount = {
    total: Math.min(matched, MARKETPLACE_DEPTH),
    totalIsCapped: matched > MARKETPLACE_DEPTH,
    ...run,
  };
  // Kept as countMarketplace would keep them, unless a change was announced meanwhile.
  if (cache.generation === generation) {
    void cache
      .get(countKey, async () => counted, { deps: filterDeps('count', query) })
      .catch(() => undefined);
    if (query.search && text.trim() && run.searchMode === 'fulltext' && !run.corrected)
      void cache
        .get(`correct:${query.search}`, async (): Promise<SearchRun> => run, { deps: { kind: 'mode' } })
        .catch(() => undefined);
  }
  return {
    items: rows.map(presentListed),
    total: counted.total,
    totalIsCapped: counted.totalIsCapped,
    correctedSearch: counted.corrected,
  };
}

/**
 * The page and the capped count in one statement: the first MARKETPLACE_DEPTH + 1 matches in the
 * page's order (an index walk for an index-backed sort over a wide result, the sorted matches of a
 * search or a narrow filter), which the statement counts and slices, then the slice's rows with
 * their owners. Every page lies within the first MARKETPLACE_DEPTH matches, so the slice is the
 * page even when more match. Each row carries `matched`: the matches counted, up to
 * MARKETPLACE_DEPTH + 1. The matches are a CTE read twice, so PostgreSQL materializes it and
 * plans it for all its rows: as a subquery under the page's LIMIT, the planner costed it as if a
 * page's worth of matches were enough and walked the sort's index through every item to find
 * the few matches of a search (docs/decisions/016).
 */
export function countedPage(
  db: Db,
  unparsed: ItemListQuery,
  searchMode: SearchMode,
  /** How many of a relevance-sorted search's newest matches are ranked; null: every match (before 016's fourth pass). */
  ranked: number | null = RANKED_MATCHES,
) {
  const query = parseListFilters(unparsed);
  // A shallow page of a newest-first search: the page and the count read apart (search-order.ts,
  // decision 026). Its statement selects the same fields, so it answers the same rows; typed as this one.
  if (readsShallowNewest(query, searchMode))
    return shallowNewestSearchPage(db, query, distanceColumn(query)) as unknown as ReturnType<
      typeof everyMatchPage
    >;
  return everyMatchPage(db, query, searchMode, ranked);
}

function everyMatchPage(db: Db, query: ItemListQuery, searchMode: SearchMode, ranked: number | null) {
  const keys = marketplaceSortKeys(query, searchMode);
  const keyColumns = Object.fromEntries(
    keys.map((key, index) => [`k${index}`, sql`${key.value}`.as(`k${index}`)]),
  );
  const base = db
    .select({ id: items.id, ...keyColumns })
    .from(items)
    .$dynamic();
  const everyMatch = (query.sortBy === 'rating' ? base.innerJoin(users, eq(users.id, items.userId)) : base)
    .where(marketplaceWhere(query, { searchMode }))
    .orderBy(...keys.map(orderBy))
    .limit(MARKETPLACE_DEPTH + 1);
  // The same columns (id, k0, k1, …), from the newest matches.
  const newest = () =>
    db
      .select({
        id: sql<string>`"id"`.as('id'),
        ...Object.fromEntries(
          keys.map((_key, index) => [`k${index}`, sql.raw(`"k${index}"`).as(`k${index}`)]),
        ),
      })
      .from(
        sql`${newestOf(query, searchMode, ranked ?? RANKED_MATCHES)} as newest`,
      ) as unknown as typeof everyMatch;
  const matches = db
    .$with('matches')
    .as(ranked !== null && boundsMatches(query, searchMode) ? newest() : everyMatch);
  const page = db
    .with(matches)
    .select({
      // Named apart from items.id and users.id, which the statement joins beside it.
      pageId: sql<string>`${matches.id}`.as('page_id'),
      matched: sql<number>`(select count(*) from ${matches})::int`.as('matched'),
    })
    .from(matches)
    .orderBy(...keys.map((key, index) => orderBy({ ...key, value: sql.raw(`"k${index}"`) })))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  return db
    .select({ ...itemColumns, distanceKm: distanceColumn(query), matched: page.matched })
    .from(page)
    .innerJoin(items, eq(items.id, page.pageId))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...marketplaceOrder(query, searchMode));
}

/** The ids of a page, from the sort's index: a deep offset skips index entries, not joined rows. */
function pageIds(db: Db, query: ItemListQuery, searchMode: SearchMode) {
  if (walksTowns(query))
    return db
      .select({ id: sql<string>`"id"`.as('page_id') })
      .from(sql`${distanceWalk(query)} as walk`)
      .as('page');
  // A relevance-sorted search ranks its newest matches only, as countedPage does.
  if (boundsMatches(query, searchMode)) {
    const keys = marketplaceSortKeys(query, searchMode);
    return db
      .select({ id: sql<string>`"id"`.as('page_id') })
      .from(sql`${newestOf(query, searchMode, RANKED_MATCHES)} as newest`)
      .orderBy(...keys.map((key, index) => orderBy({ ...key, value: sql.raw(`"k${index}"`) })))
      .limit(query.limit)
      .offset(query.offset)
      .as('page');
  }
  const ids = db.select({ id: items.id }).from(items).$dynamic();
  // Sorting by the owner's rating needs the owner in the id query too.
  return (query.sortBy === 'rating' ? ids.innerJoin(users, eq(users.id, items.userId)) : ids)
    .where(marketplaceWhere(query, { searchMode }))
    .orderBy(...marketplaceOrder(query, searchMode))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
}

/**
 * How many items the whole market lists: the listed items that the facet triggers count (migration
 * 0036, `all`), less those of members who are away, counted through the away members' own items.
 * Reading the kept count is a few index lookups; walking the first MARKETPLACE_DEPTH + 1 entries of
 * the newest-first index, as it was counted before, cost about 2 ms of PostgreSQL time on every
 * uncached page of the whole market (docs/decisions/016, eighth pass). When more than
 * MARKETPLACE_DEPTH listings are away, it falls back to that walk. May exceed MARKETPLACE_DEPTH + 1:
 * callers cap it.
 */
const wholeMarketMatched = sql<number>`(
  select case when away.n <= ${sql.raw(String(MARKETPLACE_DEPTH))}
    then (select coalesce(sum(n), 0) from (
        select n from item_facet_counts where dimension = 'all'
        union all
        select n from item_facet_deltas where dimension = 'all'
      ) kept)::int - away.n
    else (select count(*) from (select 1 from ${items} where ${marketplaceWhere({})}
      limit ${sql.raw(String(MARKETPLACE_DEPTH + 1))}) matches)::int
    end
  from (select count(*)::int as n from (select 1 from ${items} where ${items.isActive} and ${ownerAway(items.userId)}
    limit ${sql.raw(String(MARKETPLACE_DEPTH + 1))}) listed_away) away
)`;

/**
 * A page of the whole market (no search, no filter) and its count in one statement: the page's ids
 * from the sort's index (index-only), the count from the kept counts (`wholeMarketMatched`).
 * `countedPage` would materialize and sort the first MARKETPLACE_DEPTH + 1 entries to slice the
 * page from them (about 12 ms of PostgreSQL CPU per request at 100k items against 4.5 ms,
 * docs/decisions/016); without a filter, the sort's index gives the page directly.
 */
export function wholeMarketPage(db: Db, query: ItemListQuery) {
  const page = pageIds(db, query, 'fulltext');
  return db
    .select({ ...itemColumns, distanceKm: distanceColumn(query), matched: wholeMarketMatched })
    .from(page)
    .innerJoin(items, eq(items.id, page.id))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...marketplaceOrder(query));
}

/** A page whose count is known: its ids from the sort's index, then those rows with their owners. */
async function pageOnly(ctx: ServiceContext, query: ItemListQuery, counted: MarketplaceCount) {
  const { db } = ctx;
  const { total, totalIsCapped, searchMode, corrected: correctedSearch } = counted;
  if (total === 0 || query.offset >= total) return { items: [], total, totalIsCapped, correctedSearch };
  const asRun = withSearch(parseListFilters(query), counted);
  const page = pageIds(db, asRun, searchMode);
  const rows = await db
    .select({ ...itemColumns, distanceKm: distanceColumn(query) })
    .from(page)
    .innerJoin(items, eq(items.id, page.id))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...marketplaceOrder(asRun, searchMode));
  return { items: rows.map(presentListed), total, totalIsCapped, correctedSearch };
}
