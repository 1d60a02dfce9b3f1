import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemListQuery, type ItemListQuery } from '../../../common/api/items';
import { queryRows } from '../../db/connect';
import { items } from '../../db/schema';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { marketplaceOrder, marketplaceWhere } from './items.query';
import { countedPage, listMarketplace } from './items-search.service';
import { readsShallowNewest, SHALLOW_NEWEST_PAGES } from './search-order';

// Decision 026: a shallow page of a newest-first search is read apart from its count (the page in
// date order, cut at offset + limit; the count of the first 10,001 matches in any order). Its pages
// and counts must be those of the plain query (every match, sorted by the sort's keys) and of the
// deeper path (countedPage's sorted matches), on PGlite and PostgreSQL alike. One market, built
// once: 400 listings over 4 owners, a third of them sharing their listing time with another (the id
// breaks the tie), every seventh withdrawn, one owner away.
const t = useTestApp({ resetBetweenTests: false });
const dialect = new PgDialect();
const WORDS = ['denim jacket', 'wool coat', 'denim skirt', 'linen shirt', 'leather boots'];

beforeAll(async () => {
  await t.ready();
  const owners = [
    await buildOwner(t, 'ann@example.com', 'Ann'),
    await buildOwner(t, 'bob@example.com', 'Bob'),
    await buildOwner(t, 'cy@example.com', 'Cy'),
    await buildOwner(t, 'away@example.com', 'Away'),
  ];
  await t.db.execute(sql`update users set holiday_until = now() + interval '7 days' where id = ${owners[3]}`);
  const ownerList = sql.raw(`array[${owners.map((id) => `'${id}'::uuid`).join(', ')}]`);
  const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(', ')}]`);
  await t.db.execute(sql`
    insert into items (user_id, title, description, category, gender, condition, estimated_value, images, tags, colors, is_active, created_at)
    select (${ownerList})[1 + n % 4],
      initcap((${words})[1 + n % 5]) || case when n % 11 = 0 then ' denim denim' else '' end || ' ' || n,
      case when n % 3 = 0 then 'Denim, washed.' else 'Kept with care.' end,
      'clothing', 'unisex', 'good', 1000 + n, array['/images/00000000-0000-4000-8000-000000000001'],
      case when n % 4 = 0 then array['denim'] else '{}'::text[] end,
      case when n % 2 = 0 then array['Blue'] else array['Black'] end,
      n % 7 <> 0, now() - (n - n % 3) * interval '1 minute'
    from generate_series(1, 400) as n`);
  await t.db.execute(sql`analyze items`);
}, 120_000);

/** The plain query: every match, sorted by the sort's keys, the page cut from it. */
async function plainPage(query: ItemListQuery) {
  const rows = await queryRows<{ id: string }>(
    t.db,
    sql`select ${items.id} as id from ${items} where ${marketplaceWhere(query)}
      order by ${sql.join(marketplaceOrder(query), sql`, `)} limit ${query.limit} offset ${query.offset}`,
  );
  return rows.map((row) => row.id);
}

const ids = (rows: Array<{ item: { id: string } }>) => rows.map((row) => row.item.id);
const parse = (raw: Record<string, string>) => itemListQuery.parse(raw);

/** The plain count: every match, capped at MARKETPLACE_DEPTH + 1 as `matched` is. */
async function plainCount(query: ItemListQuery) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${items} where ${marketplaceWhere(query)}`,
  );
  return Math.min(row?.n ?? 0, 10_001);
}

describe('a newest-first search, its pages and counts', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['a common word', { search: 'denim', sortBy: 'newest' }],
    ['two words', { search: 'denim jacket', sortBy: 'newest' }],
    ['a word and a colour', { search: 'denim blue', sortBy: 'newest' }],
    ['a phrase and an excluded word', { search: '"wool coat" -linen', sortBy: 'newest' }],
    ['a word and a price filter', { search: 'denim', sortBy: 'newest', minPrice: '11.5' }],
    ['a word sorted by distance without a town (newest first)', { search: 'denim', sortBy: 'distance' }],
    ['a word no listing has', { search: 'tuxedo', sortBy: 'newest' }],
  ];
  const pages = [
    [0, 24],
    [24, 24],
    [90, 7],
    [SHALLOW_NEWEST_PAGES - 24, 24],
    [SHALLOW_NEWEST_PAGES - 10, 24],
    [300, 24],
  ] as const;

  it.each(cases)('%s: every page equals the plain query, on either path', async (_label, raw) => {
    for (const [offset, limit] of pages) {
      const query = parse({ ...raw, limit: String(limit), offset: String(offset) });
      expect(readsShallowNewest(query, 'fulltext')).toBe(offset + limit <= SHALLOW_NEWEST_PAGES);
      const expected = await plainPage(query);
      const rows = await countedPage(t.db, query, 'fulltext');
      expect(ids(rows), `offset ${offset}`).toEqual(expected);
      if (rows.length) expect(rows[0]?.matched).toBe(await plainCount(query));
    }
  });

  it.each(cases)('%s: the first page and the next through the app', async (_label, raw) => {
    t.app.marketplaceCache.invalidate();
    const first = await listMarketplace(t.app.services, parse({ ...raw, limit: '10' }));
    expect(first.items.map((item) => item.id)).toEqual(await plainPage(parse({ ...raw, limit: '10' })));
    expect(first.total).toBe(await plainCount(parse(raw)));
    // The count is kept now: the next page is read alone (pageOnly).
    const next = await listMarketplace(t.app.services, parse({ ...raw, limit: '10', offset: '10' }));
    expect(next.items.map((item) => item.id)).toEqual(
      await plainPage(parse({ ...raw, limit: '10', offset: '10' })),
    );
  });

  it('leaves relevance, other sorts and typo searches to the sorted matches', () => {
    expect(readsShallowNewest(parse({ search: 'denim' }), 'fulltext')).toBe(false);
    expect(readsShallowNewest(parse({ search: 'denim', sortBy: 'price-low' }), 'fulltext')).toBe(false);
    expect(readsShallowNewest(parse({ search: 'jaket', sortBy: 'newest' }), 'fuzzy')).toBe(false);
    expect(readsShallowNewest(parse({ search: 'blue', sortBy: 'newest' }), 'fulltext')).toBe(false);
  });
});

describe('the plan', () => {
  /** The plan of a search's uncached page, parameters inlined. */
  async function plan(raw: Record<string, string>) {
    const statement = dialect.sqlToQuery(countedPage(t.db, parse(raw), 'fulltext').getSQL());
    let text = statement.sql;
    statement.params.forEach((value, index) => {
      const literal = typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
      text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
    });
    return t.db.transaction(async (tx) => {
      // As at scale, where reading a common word's every match costs more than walking the newest listings.
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${text}`));
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('a shallow page walks the newest-first index, and nothing sorts the matches', async () => {
    const text = await plan({ search: 'denim', sortBy: 'newest' });
    // The newest-first index (or, on a table this small, the index on the date alone, with the id's
    // ties sorted as they come), read in its order and stopped when the page is full.
    expect(text, text).toMatch(/Index Scan (Backward )?using items_(active_)?created_idx/);
    // Only the page's own rows are sorted (the final order of at most a page), never the matches.
    const sorts = text.split('\n').filter((line) => /^\s*(->\s+)?Sort {2}\(/.test(line));
    expect(sorts.length, text).toBeLessThanOrEqual(1);
    expect(text, text).not.toMatch(/CTE matches/);
  });

  it('a deep page still reads the sorted matches (countedPage)', async () => {
    const text = await plan({ search: 'denim', sortBy: 'newest', offset: '300' });
    expect(text, text).toMatch(/CTE matches/);
  });
});
