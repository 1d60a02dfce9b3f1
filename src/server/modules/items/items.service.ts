import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type ItemFacets,
  type ItemFilters,
  type ItemListQuery,
  MARKETPLACE_DEPTH,
} from '../../../common/api/items';
import {
  type Condition,
  CONDITIONS,
  type Gender,
  type ItemCategory,
  type Style,
  SUBCATEGORIES,
  type Subcategory,
  isSubcategoryOf,
} from '../../../common/domain/taxonomy';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { dealTerms, diffTerms } from '../../../common/domain/trade-terms';
import { type Db, type Queryable, queryPreparedRows, queryRows, type Tx } from '../../db/connect';
import { items, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import type { Effects } from '../../lib/domain-events';
import { ownedImageIds } from '../images/images.query';
import { isPublicItem, ownerAway, ownerPresent } from '../../lib/item-visibility';
import { searchTerms } from '../../lib/search-text';
import { inAcceptedTrade, lockItemsForUpdate } from '../trades/trade-holds';
import { itemColumns, presentItem } from './items.presenter';
import { filterDeps } from '../../lib/marketplace-dependencies';
import { swappedFor } from './swapped-for';
import { FOLD_AFTER_DELTAS, foldItemFacetDeltas } from './facet-counts';
import {
  type FacetDimension,
  marketplaceOrder,
  marketplaceSortKeys,
  marketplaceWhere,
  orderBy,
  RANKED_MATCHES,
  ranksNewestMatches,
  ranksNewestTrigramMatches,
  type SearchMode,
  searchTextMatches,
} from './items.query';

export interface MarketplaceCount {
  /** Matching items, at most MARKETPLACE_DEPTH. */
  total: number;
  /** More than MARKETPLACE_DEPTH items match. */
  totalIsCapped: boolean;
  searchMode: SearchMode;
}

/** The filters alone, in schema order: the key of everything that depends on the filter set. */
function filterKey(query: ItemFilters & Partial<Pick<ItemListQuery, 'sortBy' | 'limit' | 'offset'>>) {
  const { sortBy: _sort, limit: _limit, offset: _offset, ...filters } = query;
  return JSON.stringify(filters);
}

/**
 * How a search's words match: full text when they match some listed item, trigram similarity
 * otherwise (items.query.ts SearchMode). Cached per search text.
 */
function searchModeOf({ db, marketplaceCache }: ServiceContext, search: string | undefined) {
  const text = search ? searchTerms(search).text : '';
  if (!text.trim()) return Promise.resolve<SearchMode>('fulltext');
  return marketplaceCache.get(
    `mode:${text}`,
    async (): Promise<SearchMode> => {
      const [row] = await db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.isActive, true), ownerPresent(items.userId), searchTextMatches(text, 'fulltext')))
        .limit(1);
      return row ? 'fulltext' : 'fuzzy';
    },
    // Any listed item may start or stop matching the words.
    { deps: { kind: 'mode' } },
  );
}

/**
 * How many listed items match a filter set, up to MARKETPLACE_DEPTH, and how its search matches.
 * The count stops at the first MARKETPLACE_DEPTH + 1 matches: counting a whole large result read
 * every matching row (a sequential scan of the items at 1M items, docs/decisions/016), and no page
 * lies deeper than that anyway. Cached per filter set, so that paging through a result does not
 * count it again.
 */
function countMarketplace(ctx: ServiceContext, filters: ItemFilters) {
  return ctx.marketplaceCache.get(
    `count:${filterKey(filters)}`,
    async (): Promise<MarketplaceCount> => {
      const searchMode = await searchModeOf(ctx, filters.search);
      const matches = ctx.db
        .select({ one: sql`1` })
        .from(items)
        .where(marketplaceWhere(filters, { searchMode }))
        .limit(MARKETPLACE_DEPTH + 1)
        .as('matches');
      const [row] = await ctx.db.select({ value: count() }).from(matches);
      const counted = row?.value ?? 0;
      return {
        total: Math.min(counted, MARKETPLACE_DEPTH),
        totalIsCapped: counted > MARKETPLACE_DEPTH,
        searchMode,
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
export async function listMarketplace(ctx: ServiceContext, query: ItemListQuery) {
  const { marketplaceCache: cache } = ctx;
  const countKey = `count:${filterKey(query)}`;
  const known = cache.peek<MarketplaceCount>(countKey);
  if (known) return pageOnly(ctx, query, known);
  const text = query.search ? searchTerms(query.search).text : '';
  // A search's words match in full text unless they match no listed item at all (searchModeOf).
  let searchMode = (text.trim() && cache.peek<SearchMode>(`mode:${text}`)) || 'fulltext';
  const generation = cache.generation;
  let rows = await (wholeMarket(query)
    ? wholeMarketPage(ctx.db, query)
    : countedPage(ctx.db, query, searchMode));
  if (rows.length === 0 && searchMode === 'fulltext' && text.trim()) {
    // Words that match no listed item in full text (typos): the trigram page and its count, again in
    // one statement, reading the trigram matches once instead of once to count and once to rank
    // them (docs/decisions/016, fifth pass).
    if ((await searchModeOf(ctx, query.search)) === 'fuzzy') {
      searchMode = 'fuzzy';
      rows = await countedPage(ctx.db, query, searchMode);
    }
  }
  const matched = rows[0]?.matched;
  // No row: no match, a page past the end, or words that match nothing in full text (typos).
  if (matched === undefined) return pageOnly(ctx, query, await countMarketplace(ctx, query));
  const counted: MarketplaceCount = {
    total: Math.min(matched, MARKETPLACE_DEPTH),
    totalIsCapped: matched > MARKETPLACE_DEPTH,
    searchMode,
  };
  // Kept as countMarketplace would keep them, unless a change was announced meanwhile.
  if (cache.generation === generation) {
    void cache
      .get(countKey, async () => counted, { deps: filterDeps('count', query) })
      .catch(() => undefined);
    if (text.trim() && searchMode === 'fulltext')
      void cache
        .get(`mode:${text}`, async (): Promise<SearchMode> => 'fulltext', { deps: { kind: 'mode' } })
        .catch(() => undefined);
  }
  return {
    items: rows.map(presentItem),
    total: counted.total,
    totalIsCapped: counted.totalIsCapped,
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
  query: ItemListQuery,
  searchMode: SearchMode,
  /** How many of a relevance-sorted search's newest matches are ranked; null: every match (before 016's fourth pass). */
  ranked: number | null = RANKED_MATCHES,
) {
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
    .select({ ...itemColumns, matched: page.matched })
    .from(page)
    .innerJoin(items, eq(items.id, page.pageId))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...marketplaceOrder(query, searchMode));
}

/** Listed items the probe reads, newest first, to tell a dense search from a sparse one. */
export const DENSITY_PROBE = 500;
/** Matches among the probe's items from which a search walks the newest-first index (30%). */
export const DENSE_IN_PROBE = 150;
/** How many listed items, newest first, that walk reads at most: at 30%, 10,001 matches lie within about 33,000. */
export const DENSE_WALK = 40_000;

/**
 * The newest `ranked` matches of a relevance-sorted search, each with its sort keys (`id`, `k0`,
 * `k1`, … as marketplaceSortKeys has them), in one subquery (docs/decisions/016, fourth pass). A
 * search with fewer matches gets them all. Ranking a wide search then ranks at most `ranked`
 * matches, and a dense one reads only its newest rows instead of every match:
 *
 * - a probe counts the matches among the DENSITY_PROBE newest listed items (a short walk of the
 *   newest-first index);
 * - dense (at least DENSE_IN_PROBE of them match, a word in a third of the listings): the walk goes
 *   on, newest first, through at most DENSE_WALK listed items and stops at the `ranked`-th match;
 * - otherwise, or when the walk found fewer: the full-text index's bitmap of every match, ranked and
 *   cut to the newest `ranked` by date (what ranking every match cost before, plus a top-N sort).
 *
 * Each branch runs only when the one before it says so (one-time filters on the probe's and the
 * walk's counts), so a sparse search pays the probe alone on top of its bitmap. Walking the whole
 * index for a sparse term would read every listed item; a bitmap of a dense term reads every match.
 */
function newestMatches(query: ItemListQuery, searchMode: SearchMode, ranked: number): SQL {
  const where = marketplaceWhere(query, { searchMode });
  const keys = marketplaceSortKeys(query, searchMode);
  const columns = sql.join(
    [sql`${items.id} as "id"`, ...keys.map((key, index) => sql`${key.value} as ${sql.raw(`"k${index}"`)}`)],
    sql`, `,
  );
  const newestFirst = sql`order by ${items.createdAt} desc, ${items.id} desc`;
  // The newest listed items under the alias `items`, so that the filters and keys read them unchanged.
  const listedNewest = (limit: number) =>
    sql`(select * from ${items} where ${items.isActive} ${newestFirst} limit ${sql.raw(String(limit))}) ${items}`;
  const limit = sql.raw(String(ranked));
  return sql`(
    with probe as (select count(*) as n from ${listedNewest(DENSITY_PROBE)} where ${where}),
    walk as materialized (
      select m.* from (
        select ${items.id} as id, ${items.createdAt} as created_at from ${items}
        where ${items.isActive} ${newestFirst} limit ${sql.raw(String(DENSE_WALK))}
      ) w
      cross join lateral (
        select ${columns} from ${items} where ${items.id} = w.id and ${where} offset 0
      ) m
      where (select n from probe) >= ${sql.raw(String(DENSE_IN_PROBE))}
      order by w.created_at desc, w.id desc
      limit ${limit}
    )
    select * from walk where (select count(*) from walk) >= ${limit}
    union all
    (select ${columns} from ${items}
      where ${where} and (select count(*) from walk) < ${limit}
      ${newestFirst} limit ${limit})
  )`;
}

/**
 * The first window of a typo search: its newest listed items, `TRIGRAM_WINDOW` times the matches it
 * needs (20,002 listings for 10,001 matches: enough for a word in one listing in two).
 */
export const TRIGRAM_WINDOW = 2;
/** How much wider than its estimate the second window is, against an uneven spread of the matches. */
const TRIGRAM_WINDOW_MARGIN = 1.25;
/**
 * The widest second window, in matches needed (250,025 listings for 10,001): past it the search
 * reads every match instead (the walk to the window's start would cost more than it saves).
 */
export const TRIGRAM_WINDOW_MAX = 25;

/**
 * The newest `ranked` matches of a typo search (trigram mode), each with its sort keys (`id`, `k0`,
 * `k1`, … as marketplaceSortKeys has them), in one subquery (docs/decisions/016, sixth pass). A
 * search with fewer matches gets them all. Every candidate the trigram index hands over is rechecked
 * with word_similarity, which costs more than reading its row; the trigram index carries the listing
 * hour (migration 0040), so that a window of the newest listings is answered inside the index and
 * only its candidates are rechecked:
 *
 * - the matches among the `TRIGRAM_WINDOW × ranked` newest listed items;
 * - if fewer than `ranked`: the matches among the newest listings that should hold `ranked` at the
 *   density the first window found (times TRIGRAM_WINDOW_MARGIN), unless that is more than
 *   `TRIGRAM_WINDOW_MAX × ranked` listings or the first window found none;
 * - if still fewer, or the second window would be wider: every match (what every typo search read
 *   before).
 *
 * Each window starts at the listing hour of its last listing (found by a walk of the newest-first
 * index, index-only), so it holds every listing of that hour or newer, and each wider window includes the
 * narrower one; each runs only when the one before it found too few (one-time filters). A window
 * that reaches past the oldest listing (it starts at -infinity) holds every match, so no wider one
 * runs after it: on a market smaller than the window, or when the second window's estimate spans
 * it, the matches are read once, not two or three times. Of the
 * window that is used, the newest `ranked` matches are taken (by date, then id), and only they are
 * ranked: ranking calls word_similarity again, once per word.
 */
function newestTrigramMatches(query: ItemListQuery, ranked: number): SQL {
  const where = marketplaceWhere(query, { searchMode: 'fuzzy' });
  const keys = marketplaceSortKeys(query, 'fuzzy');
  const columns = sql.join(
    [sql`${items.id} as "id"`, ...keys.map((key, index) => sql`${key.value} as ${sql.raw(`"k${index}"`)}`)],
    sql`, `,
  );
  const limit = sql.raw(String(ranked));
  // The date of the listing `offset` places from the newest one, or -infinity when there are fewer.
  const listedSince = (offset: SQL) =>
    sql`coalesce((select ${items.createdAt} from ${items} where ${items.isActive}
      order by ${items.createdAt} desc, ${items.id} desc offset ${offset} limit 1), '-infinity')`;
  // What the keys read (the relevance of colour words and of the words, the date and id), per match.
  // The hour of `since` and later, which the trigram index answers (migration 0040): a window holds
  // every listing of its last listing's hour, a few more than it needs.
  const matchesSince = (since: SQL | null, when: SQL) =>
    sql`select ${items.id}, ${items.createdAt}, ${items.searchText}, ${items.colors} from ${items}
      where ${where}${
        since
          ? sql` and threadswap_listing_hour(${items.createdAt}) >= threadswap_listing_hour(${since})`
          : sql``
      } and ${when}`;
  const first = sql`(select n from first_count)`;
  const second = sql`(select n from second_count)`;
  // A window that starts at -infinity holds every listing: its matches are every match.
  const firstIsAll = sql`(select since = '-infinity' from first_since)`;
  const secondIsAll = sql`coalesce((select since = '-infinity' from second_size), false)`;
  // The listings that should hold `ranked` matches at the first window's density, with the margin.
  const estimate = sql`ceil(${sql.raw(String(TRIGRAM_WINDOW * ranked * TRIGRAM_WINDOW_MARGIN))} * ${limit} / greatest(${first}, 1))`;
  const wide = sql`(select wide from second_size)`;
  return sql`(
    with first_since as (select ${listedSince(sql.raw(String(TRIGRAM_WINDOW * ranked - 1)))} as since),
    first_window as materialized (
      ${matchesSince(sql`(select since from first_since)`, sql`true`)}
    ),
    first_count as (select count(*) as n from first_window),
    second_size as (
      select listings, wide,
        case when not wide then ${listedSince(sql`listings - 1`)} end as since
      from (
        select ${estimate}::bigint as listings,
          ${first} = 0 or ${estimate} > ${sql.raw(String(TRIGRAM_WINDOW_MAX * ranked))} as wide
      ) size
      where ${first} < ${limit} and not ${firstIsAll}
    ),
    second_window as materialized (
      ${matchesSince(sql`(select since from second_size)`, sql`not ${wide}`)}
    ),
    second_count as (select count(*) as n from second_window),
    every_match as materialized (
      ${matchesSince(
        null,
        sql`${first} < ${limit} and not ${firstIsAll} and (${wide} or (${second} < ${limit} and not ${secondIsAll}))`,
      )}
    ),
    window_matches as (
      select * from first_window where ${first} >= ${limit} or ${firstIsAll}
      union all
      select * from second_window where ${second} >= ${limit} or ${secondIsAll}
      union all
      select * from every_match
    )
    select ${columns} from (
      select * from window_matches order by created_at desc, id desc limit ${limit}
    ) ${items}
  )`;
}

/** The bounded matches of a search's page (newestMatches or newestTrigramMatches), when its sort has them. */
function boundsMatches(query: ItemListQuery, searchMode: SearchMode) {
  return ranksNewestMatches(query, searchMode) || ranksNewestTrigramMatches(query, searchMode);
}
function newestOf(query: ItemListQuery, searchMode: SearchMode, ranked: number) {
  return searchMode === 'fuzzy'
    ? newestTrigramMatches(query, ranked)
    : newestMatches(query, searchMode, ranked);
}

/** The ids of a page, from the sort's index: a deep offset skips index entries, not joined rows. */
function pageIds(db: Db, query: ItemListQuery, searchMode: SearchMode) {
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
    .select({ ...itemColumns, matched: wholeMarketMatched })
    .from(page)
    .innerJoin(items, eq(items.id, page.id))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...marketplaceOrder(query));
}

/** A page whose count is known: its ids from the sort's index, then those rows with their owners. */
async function pageOnly(ctx: ServiceContext, query: ItemListQuery, counted: MarketplaceCount) {
  const { db } = ctx;
  const { total, totalIsCapped, searchMode } = counted;
  if (total === 0 || query.offset >= total) return { items: [], total, totalIsCapped };
  const page = pageIds(db, query, searchMode);
  const rows = await db
    .select(itemColumns)
    .from(page)
    .innerJoin(items, eq(items.id, page.id))
    .innerJoin(users, eq(users.id, items.userId))
    .orderBy(...marketplaceOrder(query, searchMode));
  return { items: rows.map(presentItem), total, totalIsCapped };
}

/** Counts per category id, subcategory, condition, size and the 20 most common brands; each ignores its own filter. */
export async function facets(ctx: ServiceContext, filters: ItemFilters): Promise<ItemFacets> {
  if (isUnfiltered(filters)) return facetsFromCounts(ctx);
  return filtersAFacet(filters) ? facetsPerDimension(ctx, filters) : facetsInOnePass(ctx, filters);
}

const CATEGORY_COUNTS = {
  all: sql<number>`count(*)::int`,
  clothing: sql<number>`(count(*) filter (where ${items.category} = 'clothing'))::int`,
  shoes: sql<number>`(count(*) filter (where ${items.category} = 'shoes'))::int`,
  accessories: sql<number>`(count(*) filter (where ${items.category} = 'accessories'))::int`,
  women: sql<number>`(count(*) filter (where ${items.gender} = 'women'))::int`,
  men: sql<number>`(count(*) filter (where ${items.gender} = 'men'))::int`,
};
const NO_CATEGORY_COUNTS = { all: 0, clothing: 0, shoes: 0, accessories: 0, women: 0, men: 0 };
/** How many values each facet lists: every condition, 60 sizes, and 21 brands (20 once a null brand is left out). */
const FACET_LIMITS = {
  condition: CONDITIONS.length,
  subcategory: SUBCATEGORIES.length,
  size: 60,
  brand: 21,
} as const;

/** True when a filter narrows one of the facet dimensions, so that each facet needs its own WHERE. */
function filtersAFacet(filters: ItemFilters) {
  return Boolean(
    filters.category ||
    filters.subcategory?.length ||
    filters.condition?.length ||
    filters.size?.length ||
    filters.brand,
  );
}

/** No filter at all narrows the set: every filter `marketplaceWhere` applies is absent or empty. */
export function isUnfiltered(filters: ItemFilters) {
  return Object.values(filters).every(
    (value) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0),
  );
}

/** One query per dimension, each leaving out its own filter: needed once a facet dimension is filtered. */
export async function facetsPerDimension(ctx: ServiceContext, filters: ItemFilters): Promise<ItemFacets> {
  const { db } = ctx;
  const { searchMode, total, totalIsCapped } = await countMarketplace(ctx, filters);
  const base = <T extends SelectedFields>(selection: T, omit?: FacetDimension) =>
    db.select(selection).from(items).where(marketplaceWhere(filters, { omit, searchMode }));
  const grouped = async (
    column: typeof items.condition | typeof items.subcategory | typeof items.size | typeof items.brand,
    omit: FacetDimension,
    limit: number,
  ) => {
    const rows = await base({ value: column, count: sql<number>`count(*)::int` }, omit)
      .groupBy(column)
      .orderBy(sql`count(*) desc`, column)
      .limit(limit);
    return rows.filter((row): row is { value: string; count: number } => row.value !== null);
  };
  const [[categoryRow], conditions, subcategories, sizes, brands] = await Promise.all([
    base(CATEGORY_COUNTS, 'category'),
    grouped(items.condition, 'condition', FACET_LIMITS.condition),
    grouped(items.subcategory, 'subcategory', FACET_LIMITS.subcategory),
    grouped(items.size, 'size', FACET_LIMITS.size),
    grouped(items.brand, 'brand', FACET_LIMITS.brand),
  ]);
  return {
    total,
    totalIsCapped,
    categories: categoryRow ?? NO_CATEGORY_COUNTS,
    conditions,
    subcategories,
    sizes,
    brands: brands.slice(0, 20),
  };
}

/** A row of the one-pass facet query: the whole set (with its category counts) or one facet value. */
type FacetRow = {
  /** GROUPING(condition, size, brand, subcategory): 15 the whole set, 7 per condition, 11 per size, 13 per brand, 14 per subcategory. */
  grouping_set: number;
  condition: string | null;
  subcategory: string | null;
  size: string | null;
  brand: string | null;
  n: number;
} & Record<keyof typeof CATEGORY_COUNTS, number>;

/**
 * The same answer as `facetsPerDimension` in one scan, when no facet dimension is filtered (every
 * facet then shares one WHERE): GROUPING SETS count the whole set (with its category columns) and
 * each condition, size and brand; a window keeps each facet's top values in the same order.
 * Without a search, the total is the whole set's count, so no separate count runs either.
 */
export async function facetsInOnePass(ctx: ServiceContext, filters: ItemFilters): Promise<ItemFacets> {
  const counted = filters.search ? await countMarketplace(ctx, filters) : undefined;
  const where = marketplaceWhere(filters, { searchMode: counted?.searchMode ?? 'fulltext' });
  const categoryColumns = sql.join(
    Object.entries(CATEGORY_COUNTS).map(
      ([name, expression]) => sql`${expression} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const rows = await queryRows<FacetRow>(
    ctx.db,
    sql`select * from (
      select g.*, row_number() over (partition by g.grouping_set order by g.n desc, g.condition, g.size, g.brand, g.subcategory) as place
      from (
        select grouping(${items.condition}, ${items.size}, ${items.brand}, ${items.subcategory})::int as grouping_set,
          ${items.condition} as condition, ${items.size} as size, ${items.brand} as brand,
          ${items.subcategory} as subcategory, count(*)::int as n, ${categoryColumns}
        from ${items} where ${where}
        group by grouping sets ((), (${items.condition}), (${items.size}), (${items.brand}), (${items.subcategory}))
      ) g
    ) ranked
    where grouping_set = 15
      or (grouping_set = 7 and place <= ${FACET_LIMITS.condition})
      or (grouping_set = 11 and place <= ${FACET_LIMITS.size})
      or (grouping_set = 13 and place <= ${FACET_LIMITS.brand})
      or (grouping_set = 14 and place <= ${FACET_LIMITS.subcategory})
    order by grouping_set, place`,
  );
  const valuesOf = (grouping: number, value: (row: FacetRow) => string | null) =>
    rows.flatMap((row) => {
      const name = row.grouping_set === grouping ? value(row) : null;
      return name === null ? [] : [{ value: name, count: row.n }];
    });
  const whole = rows.find((row) => row.grouping_set === 15);
  const categories = whole
    ? {
        all: whole.all,
        clothing: whole.clothing,
        shoes: whole.shoes,
        accessories: whole.accessories,
        women: whole.women,
        men: whole.men,
      }
    : NO_CATEGORY_COUNTS;
  return {
    // Without a search the scan counted the whole set anyway: the exact figure costs nothing more.
    total: counted?.total ?? categories.all,
    totalIsCapped: counted?.totalIsCapped ?? false,
    categories,
    conditions: valuesOf(7, (row) => row.condition),
    subcategories: valuesOf(14, (row) => row.subcategory),
    sizes: valuesOf(11, (row) => row.size),
    brands: valuesOf(13, (row) => row.brand).slice(0, 20),
  };
}

/** A row of `facetsFromCounts`: one value of one dimension, with its place among that dimension's values. */
type CountedRow = { dimension: string; value: string | null; n: number; place: number; deltas: number };

/** The dimensions and how many values of each the answer lists (the whole set and the categories: all). */
const COUNTED_LIMITS = {
  condition: FACET_LIMITS.condition,
  subcategory: FACET_LIMITS.subcategory,
  size: FACET_LIMITS.size,
  brand: FACET_LIMITS.brand,
} as const;

/**
 * The unfiltered facets from the counts that triggers keep (migration 0036, facet-counts.ts): the
 * folded counts plus the deltas not folded yet, less the listed items of members away (a holiday
 * ends by itself, so they are taken away at read time; they are few: users_holiday_idx, then
 * items_user_idx). The same answer as `facetsInOnePass({})`, values ranked the same way (count
 * descending, then value), without reading every listed item. Folds the deltas once they are many.
 */
export async function facetsFromCounts(ctx: ServiceContext): Promise<ItemFacets> {
  const limited = sql.join(
    Object.entries(COUNTED_LIMITS).map(
      ([dimension, limit]) => sql`(dimension = ${dimension} and place <= ${limit})`,
    ),
    sql` or `,
  );
  // Prepared: the statement is the same on every request, and its planning cost more than its run.
  const rows = await queryPreparedRows<CountedRow>(
    ctx.db,
    sql`with counted as (
      select dimension, value, sum(n)::int as n from (
        select dimension, value, n from item_facet_counts
        union all
        select dimension, value, n from item_facet_deltas
        union all
        select f.dimension, f.value, -1 from ${items} i
        cross join lateral threadswap_item_facet_values(i.category, i.gender, i.condition, i.subcategory, i.size, i.brand) f
        where i.is_active and ${ownerAway(sql`i.user_id`)}
      ) c
      group by dimension, value
    ), ranked as (
      select dimension, value, n, row_number() over (partition by dimension order by n desc, value)::int as place
      from counted where n > 0
    )
    select dimension, value, n, place, (select count(*)::int from item_facet_deltas) as deltas
    from ranked
    where dimension in ('all', 'category', 'gender') or ${limited}
    order by dimension, place`,
  );
  const deltas = rows[0]?.deltas ?? (await countDeltas(ctx.db));
  if (deltas > FOLD_AFTER_DELTAS) await foldItemFacetDeltas(ctx.db);
  const countOf = (dimension: string, value: string | null) =>
    rows.find((row) => row.dimension === dimension && row.value === value)?.n ?? 0;
  const valuesOf = (dimension: keyof typeof COUNTED_LIMITS) =>
    rows.flatMap((row) =>
      row.dimension === dimension && row.value !== null ? [{ value: row.value, count: row.n }] : [],
    );
  const all = countOf('all', null);
  return {
    total: all,
    totalIsCapped: false,
    categories: {
      all,
      clothing: countOf('category', 'clothing'),
      shoes: countOf('category', 'shoes'),
      accessories: countOf('category', 'accessories'),
      women: countOf('gender', 'women'),
      men: countOf('gender', 'men'),
    },
    conditions: valuesOf('condition'),
    subcategories: valuesOf('subcategory'),
    sizes: valuesOf('size'),
    brands: valuesOf('brand').slice(0, 20),
  };
}

/** Delta rows waiting to be folded (when no item is listed, the read above returns no row to say). */
async function countDeltas(db: Db) {
  const [row] = await queryRows<{ deltas: number }>(
    db,
    sql`select count(*)::int as deltas from item_facet_deltas`,
  );
  return row?.deltas ?? 0;
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
export async function getItem(ctx: ServiceContext, memberId: string | undefined, id: string) {
  const row = await loadItemRow(ctx.db, id);
  if (!row || (!isPublicItem(row.item) && row.item.userId !== memberId)) throw notFound('items.not_found');
  const item = presentItem(row);
  return row.item.availability === 'traded' ? { ...item, swappedFor: await swappedFor(ctx.db, id) } : item;
}

/** Photo URLs must be the member's own uploads, or photos the item already has. */
export async function checkPhotos(db: Queryable, memberId: string, urls: string[], existing: string[] = []) {
  const fresh = urls.filter((url) => !existing.includes(url));
  const ids = fresh.map((url) => url.slice('/images/'.length));
  const owned = await ownedImageIds(db, memberId, ids);
  const foreign = ids.find((id) => !owned.has(id));
  if (foreign) throw badRequest('items.foreign_photos');
  if (new Set(urls).size !== urls.length) throw badRequest('items.duplicate_photo');
}

export interface ItemFields {
  title: string;
  description: string;
  category: ItemCategory;
  gender: Gender;
  style?: Style | null;
  subcategory?: Subcategory | null;
  condition: Condition;
  brand: string | null;
  size: string | null;
  estimatedValue: number;
  images: string[];
  tags?: string[];
  colors?: string[];
  seasons?: string[];
  location: string | null;
  directSwapsOnly?: boolean;
}

const unique = <T>(list: T[] | undefined) => (list ? [...new Set(list)] : undefined);

/** A subcategory must sit under the item's category (docs/product.md § Taxonomy). */
export function checkSubcategory(category: ItemCategory, subcategory: Subcategory | null | undefined) {
  if (subcategory && !isSubcategoryOf(subcategory, category))
    throw badRequest('items.subcategory_mismatch', { subcategory, category });
}

export async function createItem(ctx: ServiceContext, memberId: string, input: ItemFields) {
  await checkListing(ctx.db, memberId, input);
  const id = await transact(ctx, (tx, effects) => insertListing(tx, effects, memberId, input));
  return getItem(ctx, memberId, id);
}

/**
 * The checks of a new listing beyond its schema: the subcategory fits, the photos are the member's.
 * `db` is the caller's transaction when there is one (PGlite has a single connection).
 */
export async function checkListing(db: Queryable, memberId: string, input: ItemFields) {
  checkSubcategory(input.category, input.subcategory);
  await checkPhotos(db, memberId, input.images);
}

/**
 * Lists a checked item inside the caller's transaction, with every side effect of a listing
 * (`item.listed`: wishlist and saved-search alerts, matches, the ring engine). The one path by which
 * both `POST /api/items` and publishing a draft create a listing.
 */
export async function insertListing(tx: Tx, effects: Effects, memberId: string, input: ItemFields) {
  const [created] = await tx
    .insert(items)
    .values({
      ...input,
      style: input.style ?? null,
      subcategory: input.subcategory ?? null,
      tags: unique(input.tags) ?? [],
      colors: unique(input.colors) ?? [],
      seasons: unique(input.seasons) ?? [],
      userId: memberId,
    })
    .returning({ id: items.id });
  if (!created) throw new Error('item insert returned nothing');
  await effects.emit('item.listed', { itemId: created.id, memberId });
  return created.id;
}

/** The item, if it exists, is not deleted, and belongs to the member; otherwise 404 or 403. */
async function requireOwnItem(db: Db, memberId: string, id: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  if (!row) throw notFound('items.not_found');
  if (row.userId !== memberId) throw forbidden('items.not_yours');
  return row;
}

/**
 * The member's own item, locked for the rest of the transaction; 404 or 403 otherwise. Trades lock
 * their items the same way before they change them, so what this transaction sees of the item's
 * trades holds until it commits.
 */
async function lockOwnItem(tx: Tx, memberId: string, id: string) {
  const [row] = await lockItemsForUpdate(tx, { ids: [id] });
  if (!row || row.deletedAt) throw notFound('items.not_found');
  if (row.userId !== memberId) throw forbidden('items.not_yours');
  return row;
}

export async function updateItem(
  ctx: ServiceContext,
  memberId: string,
  id: string,
  changes: Partial<ItemFields> & { isActive?: boolean },
) {
  const current = await requireOwnItem(ctx.db, memberId, id);
  if (changes.images) await checkPhotos(ctx.db, memberId, changes.images, current.images);
  await transact(ctx, async (tx, effects) => {
    const locked = await lockOwnItem(tx, memberId, id);
    if (locked.availability === 'traded') throw conflict('items.traded');
    if (changes.subcategory !== undefined)
      checkSubcategory(changes.category ?? locked.category, changes.subcategory);
    // A new category without a subcategory drops the old subcategory when it no longer fits.
    const subcategory =
      changes.subcategory === undefined &&
      changes.category &&
      locked.subcategory &&
      !isSubcategoryOf(locked.subcategory, changes.category)
        ? { subcategory: null }
        : {};
    const changedFields = diffTerms(dealTerms(locked), dealTerms({ ...locked, ...changes })).map(
      (change) => change.field,
    );
    const held =
      (changes.isActive === false || changedFields.length > 0) && (await inAcceptedTrade(tx, [id]));
    if (held && changedFields.length > 0) throw conflict('items.fixed_terms');
    if (held) throw conflict('items.reserved_unlist');
    // Held by moderators (moderation/holds.ts): the owner's choice waits for the hold to end.
    const moderated = locked.listedBeforeHold !== null;
    if (moderated && changes.isActive === true) throw conflict('items.held_by_moderators');
    const { isActive, ...fields } = changes;
    await tx
      .update(items)
      .set({
        ...fields,
        ...(isActive === undefined ? {} : moderated ? { listedBeforeHold: isActive } : { isActive }),
        ...subcategory,
        tags: unique(changes.tags),
        colors: unique(changes.colors),
        seasons: unique(changes.seasons),
        updatedAt: new Date(),
      })
      .where(eq(items.id, id));
    // Withdrawn first: it closes the pending requests, and a closed request needs no change notice.
    if (changes.isActive === false && !moderated)
      await effects.emit('item.withdrawn', { itemId: id, memberId, wasListed: locked.isActive });
    if (changedFields.length > 0)
      await effects.emit('item.terms-changed', { itemId: id, memberId, fields: changedFields });
    if (changes.isActive === true && !locked.isActive)
      await effects.emit('item.listed', { itemId: id, memberId });
  });
  return getItem(ctx, memberId, id);
}

/** Soft delete: the item leaves the marketplace; trades, favourites and history keep it. */
export async function deleteItem(ctx: ServiceContext, memberId: string, id: string) {
  await transact(ctx, async (tx, effects) => {
    const locked = await lockOwnItem(tx, memberId, id);
    if (await inAcceptedTrade(tx, [id])) {
      throw conflict('items.reserved_delete');
    }
    await tx
      .update(items)
      .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(items.id, id));
    await effects.emit('item.withdrawn', { itemId: id, memberId, wasListed: locked.isActive });
  });
}

/** A member's items: all but deleted ones for the owner, listed ones for everybody else. */
export async function listUserItems(ctx: ServiceContext, memberId: string | undefined, userId: string) {
  const { db } = ctx;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw notFound('members.not_found');
  const visible = memberId === userId ? isNull(items.deletedAt) : eq(items.isActive, true);
  const rows = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(and(eq(items.userId, userId), visible))
    .orderBy(sql`${items.createdAt} desc`)
    .limit(500);
  return rows.map(presentItem);
}
