import { type SQL, sql } from 'drizzle-orm';
import type { ItemListQuery } from '../../../common/api/items';
import { items } from '../../db/schema';
import {
  marketplaceSortKeys,
  marketplaceWhere,
  ranksNewestMatches,
  ranksNewestTrigramMatches,
  type SearchMode,
} from './items.query';

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
export function boundsMatches(query: ItemListQuery, searchMode: SearchMode) {
  return ranksNewestMatches(query, searchMode) || ranksNewestTrigramMatches(query, searchMode);
}
export function newestOf(query: ItemListQuery, searchMode: SearchMode, ranked: number) {
  return searchMode === 'fuzzy'
    ? newestTrigramMatches(query, ranked)
    : newestMatches(query, searchMode, ranked);
}
