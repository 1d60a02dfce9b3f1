import { and, arrayOverlaps, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type ItemFilters, type ItemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import type { SortBy } from '../../../common/domain/taxonomy';
import { items, users } from '../../db/schema';
import { type ParsedSearch, searchOf } from './list-filters';
import { likeContains } from '../../lib/sql';
import { ownerPresent } from '../../lib/item-visibility';

const DATE_WINDOWS: Record<NonNullable<ItemFilters['dateFilter']>, string> = {
  today: '1 day',
  week: '7 days',
  month: '30 days',
  '3months': '90 days',
};

export type FacetDimension = 'category' | 'subcategory' | 'condition' | 'size' | 'brand';

/**
 * How a search matches (docs/product.md § Search). Colour words match the colour field (or the
 * title and brand); every other word must match too, in full text (stemmed words over title,
 * brand, tags and description, GIN index). When the words match no listed item at all, the
 * service on PostgreSQL corrects them against the vocabulary of listed words first
 * (search-correction.ts, decision 028) and runs full text on the corrected search: 'jaket' runs as
 * 'jacket'. 'fuzzy', typo-tolerant trigram word similarity over every listing's title, brand and
 * tags, is what the embedded database (PGlite) runs for such words ('jaket' finds jackets).
 */
export type SearchMode = 'fulltext' | 'fuzzy';

export interface WhereOptions {
  /** Leave this dimension out, for facet counts of it. */
  omit?: FacetDimension | undefined;
  searchMode?: SearchMode | undefined;
}

/** A parsed search's text, already cleaned for websearch_to_tsquery (list-filters.ts). */
function parsedQuery(text: string) {
  return sql`websearch_to_tsquery('english', ${text})`;
}

/** Every word of the search that is not a colour must match. */
export function searchTextMatches(
  { text, words }: Pick<ParsedSearch, 'text' | 'words'>,
  searchMode: SearchMode,
): SQL | undefined {
  if (!text.trim()) return undefined;
  if (searchMode === 'fulltext') return sql`${items.searchVector} @@ ${parsedQuery(text)}`;
  return words.length ? and(...words.map((word) => sql`${word} <% ${items.searchText}`)) : undefined;
}

function colourMatches(colour: string): SQL {
  return sql`(${items.colors} @> array[${colour}]::text[] or ${items.titleVector} @@ plainto_tsquery('english', ${colour}))`;
}

/** The centre of a town of the gazetteer, each coordinate a scalar subquery (evaluated once per statement). */
export function townCentre(townId: number) {
  return {
    lat: sql`(select lat from towns where id = ${townId})`,
    lon: sql`(select lon from towns where id = ${townId})`,
  };
}

/** Kilometres in a degree of latitude, rounded down so that a bounding box is never too small. */
const KM_PER_DEGREE = 111;

/** The distance in kilometres from a town's centre to the item owner's town centre (null without one). */
export function distanceFrom(townId: number): SQL {
  return haversineKm(townCentre(townId), { lat: sql`${items.townLat}`, lon: sql`${items.townLon}` });
}

/**
 * The great-circle distance in kilometres, written out in the statement rather than calling
 * threadswap_distance_km (migration 0051): PostgreSQL would not inline that function with subquery
 * arguments, and a call per row cost about 30 µs (decision 023). Null when a point is missing; the
 * root, which rounding can carry a hair above 1, is brought back to 1 without `least` (which would
 * turn a null into 1).
 */
export function haversineKm(a: { lat: SQL; lon: SQL }, b: { lat: SQL; lon: SQL }): SQL {
  const root = sql`sqrt(power(sin(radians(${b.lat} - ${a.lat}) / 2), 2) + cos(radians(${a.lat})) * cos(radians(${b.lat})) * power(sin(radians(${b.lon} - ${a.lon}) / 2), 2))`;
  return sql`(2 * 6371 * asin(${root} - greatest(${root} - 1, 0)))`;
}

/**
 * Items whose owner's town centre lies within `km` of a town's centre: a latitude and longitude box
 * first, which the index on (town_lat, town_lon) of listed items reads as one range (decision 023),
 * then the exact great-circle distance. The box's longitude span is taken at its poleward edge, and
 * near a pole or across the antimeridian it spans every longitude.
 */
export function withinKmOf(townId: number, km: number): SQL {
  const centre = townCentre(townId);
  const dLat = km / KM_PER_DEGREE;
  const dLon = sql`(${km}::float8 / (${KM_PER_DEGREE} * greatest(cos(radians(least(89.9, abs(${centre.lat}) + ${dLat}))), 0.001)))`;
  const wide = sql`(${centre.lon} - ${dLon} < -180 or ${centre.lon} + ${dLon} > 180)`;
  return sql`(${items.townLat} between ${centre.lat} - ${dLat} and ${centre.lat} + ${dLat}
    and ${items.townLon} between (case when ${wide} then -180 else ${centre.lon} - ${dLon} end)
      and (case when ${wide} then 180 else ${centre.lon} + ${dLon} end)
    and ${distanceFrom(townId)} <= ${km})`;
}

/** The WHERE clause for the marketplace list (active items of members not away) and every filter of the Browse page (docs/product.md § Browse and search). */
export function marketplaceWhere(filters: ItemFilters, options: WhereOptions = {}): SQL {
  const { omit, searchMode = 'fulltext' } = options;
  const where: Array<SQL | undefined> = [eq(items.isActive, true), ownerPresent(items.userId)];
  const { category } = filters;
  if (category && omit !== 'category') {
    where.push(
      category === 'women' || category === 'men' ? eq(items.gender, category) : eq(items.category, category),
    );
  }
  if (filters.subcategory?.length && omit !== 'subcategory')
    where.push(inArray(items.subcategory, filters.subcategory));
  const terms = searchOf(filters);
  if (terms) {
    // A search of no words at all ('!!! &') matches nothing, as full text has it.
    if (!terms.text.trim() && !terms.colours.length) where.push(sql`false`);
    where.push(searchTextMatches(terms, searchMode));
    for (const colour of terms.colours) where.push(colourMatches(colour));
  }
  if (filters.condition?.length && omit !== 'condition')
    where.push(inArray(items.condition, filters.condition));
  if (filters.brand && omit !== 'brand')
    where.push(sql`lower(${items.brand}) like ${likeContains(filters.brand)}`);
  if (filters.size?.length && omit !== 'size') where.push(inArray(items.size, filters.size));
  if (filters.availability?.length) where.push(inArray(items.availability, filters.availability));
  if (filters.location) where.push(sql`lower(${items.location}) like ${likeContains(filters.location)}`);
  if (filters.rating !== undefined) {
    where.push(
      sql`${items.userId} in (select ${users.id} from ${users} where ${users.ratingAverage} >= ${filters.rating})`,
    );
  }
  if (filters.dateFilter) {
    where.push(sql`${items.createdAt} >= now() - ${DATE_WINDOWS[filters.dateFilter]}::interval`);
  }
  if (filters.gender?.length) where.push(inArray(items.gender, filters.gender));
  if (filters.minPrice !== undefined)
    where.push(gte(items.estimatedValue, Math.round(filters.minPrice * 100)));
  if (filters.maxPrice !== undefined)
    where.push(lte(items.estimatedValue, Math.round(filters.maxPrice * 100)));
  if (filters.tags?.length) where.push(arrayOverlaps(items.tags, filters.tags));
  if (filters.colors?.length) where.push(arrayOverlaps(items.colors, filters.colors));
  if (filters.seasons?.length) where.push(arrayOverlaps(items.seasons, filters.seasons));
  if (filters.near !== undefined && filters.withinKm !== undefined)
    where.push(withinKmOf(filters.near, filters.withinKm));
  return and(...where) as SQL;
}

/**
 * How many matches a relevance-sorted search ranks: its newest MARKETPLACE_DEPTH + 1
 * (docs/decisions/016, fourth pass). A search with fewer matches ranks them all; a wider one ranks
 * only its newest ones, so an older better match can be missed, but its first page no longer reads
 * and ranks every match. Every page lies within the first MARKETPLACE_DEPTH results, and the capped
 * total is the same count of the same matches.
 */
export const RANKED_MATCHES = MARKETPLACE_DEPTH + 1;

/** The page is sorted by relevance over full-text matches: the search ranks its newest RANKED_MATCHES. */
export function ranksNewestMatches(
  query: Pick<ItemListQuery, 'sortBy' | 'search'>,
  searchMode: SearchMode = 'fulltext',
): boolean {
  // Typo searches (trigram mode): ranksNewestTrigramMatches.
  return !query.sortBy && !!query.search && searchMode === 'fulltext';
}

/**
 * The page is a typo search (trigram mode) sorted by relevance or newest first: it is cut from the
 * search's newest RANKED_MATCHES matches, looked for among the newest listings first
 * (items-newest-matches.ts newestTrigramMatches; docs/decisions/016, sixth pass). Newest first, that is
 * exactly the page of every match; by relevance, an older better match of a search with more than
 * RANKED_MATCHES matches is left out, as for full-text relevance (ranksNewestMatches).
 */
export function ranksNewestTrigramMatches(
  query: Pick<ItemListQuery, 'sortBy' | 'search' | 'near'>,
  searchMode: SearchMode = 'fulltext',
): boolean {
  if (searchMode !== 'fuzzy' || !query.search) return false;
  return (
    !query.sortBy || query.sortBy === 'newest' || (query.sortBy === 'distance' && query.near === undefined)
  );
}

/** One key of a marketplace order: the value sorted on, its direction, and where nulls go. */
export interface SortKey {
  value: SQL;
  direction: 'asc' | 'desc';
  nullsLast?: boolean;
}

const key = (value: SQL | AnyPgColumn, direction: 'asc' | 'desc', nullsLast = false): SortKey => ({
  value: sql`${value}`,
  direction,
  nullsLast,
});

/**
 * The keys of each sort the Browse page offers (docs/product.md § Browse and search), each matching
 * an index. `distance` measures from the `near` town (nearest first, then newest; items of owners
 * without a town last); without one it falls back to newest (docs/architecture.md, Sorting).
 */
export function marketplaceSortKeys(
  query: Pick<ItemListQuery, 'sortBy' | 'search' | 'near'>,
  searchMode: SearchMode = 'fulltext',
): SortKey[] {
  const sort: SortBy | 'relevance' = query.sortBy ?? (query.search ? 'relevance' : 'newest');
  switch (sort) {
    case 'relevance':
      return [
        ...relevanceOrder(searchOf(query), searchMode).map((value) => key(value, 'desc')),
        key(items.createdAt, 'desc'),
        key(items.id, 'desc'),
      ];
    case 'oldest':
      return [key(items.createdAt, 'asc'), key(items.id, 'asc')];
    case 'price-low':
      return [key(items.estimatedValue, 'asc'), key(items.id, 'asc')];
    case 'price-high':
      return [key(items.estimatedValue, 'desc'), key(items.id, 'desc')];
    case 'condition':
      return [key(items.conditionRank, 'desc'), key(items.createdAt, 'desc')];
    case 'popular':
      return [key(items.favoriteCount, 'desc'), key(items.createdAt, 'desc')];
    case 'trending':
      return [key(items.trendingScore, 'desc'), key(items.createdAt, 'desc')];
    case 'rating':
      return [key(users.ratingAverage, 'desc', true), key(items.createdAt, 'desc')];
    case 'alphabetical':
      return [key(sql`lower(${items.title})`, 'asc'), key(items.id, 'asc')];
    case 'brand':
      return [key(sql`lower(${items.brand})`, 'asc', true), key(items.id, 'asc')];
    case 'distance':
      if (query.near !== undefined)
        return [
          key(distanceFrom(query.near), 'asc', true),
          key(items.createdAt, 'desc'),
          key(items.id, 'desc'),
        ];
      return [key(items.createdAt, 'desc'), key(items.id, 'desc')];
    case 'newest':
      return [key(items.createdAt, 'desc'), key(items.id, 'desc')];
  }
}

/** `value direction [nulls last]`, for ORDER BY. */
export function orderBy({ value, direction, nullsLast }: SortKey): SQL {
  return sql`${value} ${sql.raw(direction)}${sql.raw(nullsLast ? ' nulls last' : '')}`;
}

/** ORDER BY for each sort the Browse page offers: `marketplaceSortKeys`, rendered. */
export function marketplaceOrder(
  query: Pick<ItemListQuery, 'sortBy' | 'search' | 'near'>,
  searchMode: SearchMode = 'fulltext',
): SQL[] {
  return marketplaceSortKeys(query, searchMode).map(orderBy);
}

/**
 * Best match first: items whose title, brand or tags hold every word; then those whose colour field
 * holds the searched colours (not only their title); then the full-text rank (title and brand
 * weigh most, tags next, the description least), or the trigram similarity of a typo search.
 */
function relevanceOrder(search: ParsedSearch | undefined, searchMode: SearchMode): SQL[] {
  const { text, colours, words } = search ?? { text: '', colours: [], words: [] };
  const order: SQL[] = [];
  if (text.trim() && searchMode === 'fulltext') {
    order.push(sql`(${items.titleVector} @@ ${parsedQuery(text)})`);
  }
  if (colours.length) {
    order.push(
      sql`(${sql.join(
        colours.map((colour) => sql`(${items.colors} @> array[${colour}]::text[])::int`),
        sql` + `,
      )})`,
    );
  }
  if (text.trim() && searchMode === 'fulltext') {
    order.push(sql`ts_rank_cd(${items.searchVector}, ${parsedQuery(text)})`);
  } else if (words.length) {
    order.push(
      sql`(${sql.join(
        words.map((word) => sql`word_similarity(${word}, ${items.searchText})`),
        sql` + `,
      )})`,
    );
  }
  return order;
}
