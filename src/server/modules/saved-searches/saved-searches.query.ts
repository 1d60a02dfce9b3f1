import { sql } from 'drizzle-orm';
import type { ItemFilters } from '../../../common/api/items';
import { GENDERS, type Gender, ITEM_CATEGORIES, type ItemCategory } from '../../../common/domain/taxonomy';
import type { Queryable } from '../../db/connect';
import { queryRows } from '../../db/connect';
import { items } from '../../db/schema';
import { marketplaceWhere } from '../items';

/** The part of a search a listing is checked against before anything else: category and departments. */
export interface SearchScope {
  /** The item category the search is limited to, or null for any. */
  itemCategory: ItemCategory | null;
  /** The departments it is limited to, or null for any; empty when its filters exclude each other. */
  genders: Gender[] | null;
}

/**
 * The category row's ids name an item category (clothing, shoes, accessories) or a department
 * (women, men); the gender filter narrows the departments further. Both are kept as columns of
 * the saved search, so that a new listing reads only the searches that could select it.
 */
export function searchScope(filters: Pick<ItemFilters, 'category' | 'gender'>): SearchScope {
  const { category } = filters;
  const itemCategory = (ITEM_CATEGORIES as readonly string[]).includes(category ?? '')
    ? (category as ItemCategory)
    : null;
  let genders: Gender[] | null = filters.gender?.length ? [...new Set(filters.gender)] : null;
  if (category && (GENDERS as readonly string[]).includes(category)) {
    const department = category as Gender;
    genders = genders ? genders.filter((gender) => gender === department) : [department];
  }
  return { itemCategory, genders };
}

/** Searches evaluated per statement: each adds a few parameters, far below PostgreSQL's 65,535. */
const BATCH = 200;

/**
 * The ids of the searches whose filters select one item, by the Browse list's own WHERE clause
 * (items.query.ts), so that a saved search alerts on exactly what Browse would show under it. One
 * statement per batch reads the item's row once and evaluates every search's clause against it.
 * Search words match by full text only: Browse's typo-tolerant fallback applies when a whole
 * result is empty, which has no meaning for a single listing.
 */
export async function searchesSelectingItem(
  db: Queryable,
  itemId: string,
  searches: Array<{ id: string; filters: ItemFilters }>,
): Promise<Set<string>> {
  const matched = new Set<string>();
  for (let start = 0; start < searches.length; start += BATCH) {
    const batch = searches.slice(start, start + BATCH);
    const cases = batch.map(
      (search) => sql`case when ${marketplaceWhere(search.filters)} then ${search.id}::text end`,
    );
    const rows = await queryRows<{ id: string | null }>(
      db,
      sql`select unnest(array[${sql.join(cases, sql`, `)}]::text[]) as id from ${items} where ${items.id} = ${itemId}`,
    );
    for (const row of rows) if (row.id) matched.add(row.id);
  }
  return matched;
}
