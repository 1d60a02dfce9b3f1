import { sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ItemFacets, ItemFilters } from '../../../common/api/items';
import { CONDITIONS, SUBCATEGORIES } from '../../../common/domain/taxonomy';
import { type Db, queryPreparedRows, queryRows } from '../../db/connect';
import { items } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { ownerAway } from '../../lib/item-visibility';
import { FOLD_AFTER_DELTAS, foldItemFacetDeltas } from './facet-counts';
import { type FacetDimension, marketplaceWhere } from './items.query';
import { checkNear, countMarketplace, narrowing } from './items-search.service';
import { parseListFilters, withSearch } from './list-filters';

/** Counts per category id, subcategory, condition, size and the 20 most common brands; each ignores its own filter. */
export async function facets(ctx: ServiceContext, unparsed: ItemFilters): Promise<ItemFacets> {
  const query = parseListFilters(unparsed);
  await checkNear(ctx, query);
  const filters = narrowing(query);
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
  const counted = await countMarketplace(ctx, filters);
  const { searchMode, total, totalIsCapped } = counted;
  const asRun = withSearch(parseListFilters(filters), counted);
  const base = <T extends SelectedFields>(selection: T, omit?: FacetDimension) =>
    db.select(selection).from(items).where(marketplaceWhere(asRun, { omit, searchMode }));
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
  const where = marketplaceWhere(counted ? withSearch(parseListFilters(filters), counted) : filters, {
    searchMode: counted?.searchMode ?? 'fulltext',
  });
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
