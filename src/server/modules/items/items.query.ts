import { and, arrayOverlaps, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { ItemFilters, ItemListQuery } from '../../../common/api/items';
import type { SortBy } from '../../../common/domain/taxonomy';
import { items, users } from '../../db/schema';
import { websearchText } from '../../lib/search-text';
import { likeContains } from '../../lib/sql';
import { ownerPresent } from '../../lib/item-visibility';

const DATE_WINDOWS: Record<NonNullable<ItemFilters['dateFilter']>, string> = {
  today: '1 day',
  week: '7 days',
  month: '30 days',
  '3months': '90 days',
};

export type FacetDimension = 'category' | 'condition' | 'size' | 'brand';

/**
 * How a search matches: full text (stemmed words over title, brand, tags and description, GIN
 * index) or, only when full text finds nothing, typo-tolerant trigram word similarity over title,
 * brand and tags ('jaket' finds jackets). Deciding once per filter set keeps a precise search from
 * drowning in thousands of loose trigram hits (and ranking them all).
 */
export type SearchMode = 'fulltext' | 'fuzzy';

export interface WhereOptions {
  /** Leave this dimension out, for facet counts of it. */
  omit?: FacetDimension | undefined;
  searchMode?: SearchMode | undefined;
}

export function searchQuery(search: string) {
  return sql`websearch_to_tsquery('english', ${websearchText(search)})`;
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
  if (filters.search) {
    where.push(
      searchMode === 'fulltext'
        ? sql`${items.searchVector} @@ ${searchQuery(filters.search)}`
        : sql`${filters.search.toLowerCase()} <% ${items.searchText}`,
    );
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
  return and(...where) as SQL;
}

/**
 * ORDER BY for each sort the Browse page offers (docs/product.md § Browse and search), each matching an index. `distance` has no member locations
 * to measure from, so it falls back to newest (README: Sorting).
 */
export function marketplaceOrder(
  query: Pick<ItemListQuery, 'sortBy' | 'search'>,
  searchMode: SearchMode = 'fulltext',
): SQL[] {
  const sort: SortBy | 'relevance' = query.sortBy ?? (query.search ? 'relevance' : 'newest');
  switch (sort) {
    case 'relevance': {
      const search = query.search ?? '';
      return [
        searchMode === 'fulltext'
          ? sql`ts_rank_cd(${items.searchVector}, ${searchQuery(search)}) desc`
          : sql`word_similarity(${search.toLowerCase()}, ${items.searchText}) desc`,
        desc(items.createdAt),
        desc(items.id),
      ];
    }
    case 'oldest':
      return [asc(items.createdAt), asc(items.id)];
    case 'price-low':
      return [asc(items.estimatedValue), asc(items.id)];
    case 'price-high':
      return [desc(items.estimatedValue), desc(items.id)];
    case 'condition':
      return [desc(items.conditionRank), desc(items.createdAt)];
    case 'popular':
      return [desc(items.favoriteCount), desc(items.createdAt)];
    case 'rating':
      return [sql`${users.ratingAverage} desc nulls last`, desc(items.createdAt)];
    case 'alphabetical':
      return [sql`lower(${items.title}) asc`, asc(items.id)];
    case 'brand':
      return [sql`lower(${items.brand}) asc nulls last`, asc(items.id)];
    case 'newest':
    case 'distance':
      return [desc(items.createdAt), desc(items.id)];
  }
}
