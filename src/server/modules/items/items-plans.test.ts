import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { items, users } from '../../db/schema';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { marketplaceOrder, marketplaceWhere, type SearchMode } from './items.query';
import type { ItemListQuery } from '../../../common/api/items';
import {
  type Condition,
  CONDITIONS,
  type Gender,
  GENDERS,
  ITEM_CATEGORIES,
  type ItemCategory,
} from '../../../common/domain/taxonomy';
import { PgDialect } from 'drizzle-orm/pg-core';

const t = useTestApp({ resetBetweenTests: false });
const dialect = new PgDialect();

type PlanQuery = Partial<ItemListQuery> & { searchMode?: SearchMode };

/**
 * Renders the page-of-ids query as listMarketplace builds it (the rows of that page are then
 * loaded by primary key), so the plan checked is the plan that runs.
 */
function listSql({ searchMode, ...query }: PlanQuery) {
  const full = { limit: 48, offset: 0, ...query } as ItemListQuery;
  const owners = full.sortBy === 'rating' ? sql`inner join ${users} on ${users.id} = ${items.userId}` : sql``;
  return sql`select ${items.id} from ${items} ${owners}
    where ${marketplaceWhere(full, { searchMode })}
    order by ${sql.join(marketplaceOrder(full, searchMode), sql`, `)} limit ${full.limit} offset ${full.offset}`;
}

async function plan(query: PlanQuery) {
  const statement = dialect.sqlToQuery(listSql(query));
  // Inline the parameters: EXPLAIN cannot take bind parameters on both drivers alike.
  let text = statement.sql;
  statement.params.forEach((value, index) => {
    const literal = typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
  });
  // enable_seqscan off makes the planner show whether any index can serve the query at all.
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${text}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('every list and search query is backed by an index', () => {
  beforeAll(seedRows);

  it.each([
    ['the default list', {}],
    ['a search', { search: 'denim jacket' }],
    ['a typo search (trigram fallback)', { search: 'jaket', searchMode: 'fuzzy' as const }],
    ['a deep offset', { offset: 2000 }],
    ['a category', { category: 'shoes' as const }],
    ['a gender category', { category: 'women' as const }],
    ['brand text', { brand: 'levi' }],
    ['location text', { location: 'berl' }],
    ['colours', { colors: ['Blue' as const] }],
    ['seasons', { seasons: ['Winter' as const] }],
    ['tags', { tags: ['vintage'] }],
    ['sorted by price', { sortBy: 'price-low' as const }],
    ['sorted by price, descending', { sortBy: 'price-high' as const }],
    ['sorted by condition', { sortBy: 'condition' as const }],
    ['sorted by popularity', { sortBy: 'popular' as const }],
    ['sorted alphabetically', { sortBy: 'alphabetical' as const }],
    ['sorted by brand', { sortBy: 'brand' as const }],
    ['sorted oldest first', { sortBy: 'oldest' as const }],
  ])('%s', async (_label, query) => {
    const text = await plan(query);
    expect(text, text).toMatch(/Index Scan|Index Only Scan|Bitmap Index Scan/);
    expect(text, text).not.toMatch(/Seq Scan on items/);
    expect(await countRows()).toBe(3000);
  });

  it.each([
    ['the default list', {}],
    ['a deep page', { offset: 2000 }],
  ])('%s reads newest first and the owner from one index (index-only)', async (_label, query) => {
    // The owner-away filter needs items.user_id: the index includes it (migration 0033). Vacuumed,
    // as autovacuum keeps a settled table, so that the index-only scan skips the heap.
    await t.db.execute(sql`vacuum items`);
    const text = await plan(query);
    expect(text, text).toMatch(/Index Only Scan using items_active_created_idx/);
  });
});

/** A few thousand rows and fresh statistics, so that the planner sees a realistic table. */
async function seedRows() {
  await t.ready();
  const ownerId = await buildOwner(t, 'plans@example.com', 'Plan');
  const brands = ["Levi's", 'Zara', 'COS', 'Nike', 'Ganni'];
  const rows = Array.from({ length: 3000 }, (_, i) => ({
    userId: ownerId,
    title: `${['Denim Jacket', 'Wool Coat', 'Canvas Sneakers', 'Silk Scarf'][i % 4]} ${i}`,
    description: 'A well kept piece from my wardrobe.',
    category: ITEM_CATEGORIES[i % 3] as ItemCategory,
    gender: GENDERS[i % 4] as Gender,
    condition: CONDITIONS[i % 5] as Condition,
    brand: brands[i % 5] as string,
    size: ['S', 'M', 'L'][i % 3] as string,
    estimatedValue: 500 + ((i * 37) % 20000),
    images: ['/images/00000000-0000-4000-8000-000000000001'],
    tags: [['vintage', 'minimal', 'boho'][i % 3] as string],
    colors: [['Blue', 'Black', 'Red'][i % 3] as string],
    seasons: [['Winter', 'Summer'][i % 2] as string],
    location: ['Berlin', 'Paris', 'Lisbon'][i % 3] as string,
    isActive: i % 10 !== 0,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(items).values(rows.slice(i, i + 500));
  await t.db.execute(sql`analyze items`);
}

async function countRows() {
  const [row] = await queryRows<{ count: number }>(t.db, sql`select count(*)::int as count from items`);
  return row?.count;
}
