import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { countedPage, listMarketplace } from './items-search.service';
import { DENSE_IN_PROBE, DENSITY_PROBE } from './items-newest-matches';
import { queryRows } from '../../db/connect';
import { PgDialect } from 'drizzle-orm/pg-core';

// A relevance-sorted search ranks only its newest MARKETPLACE_DEPTH + 1 matches
// (docs/decisions/016, fourth pass). One market, built once: MARKETPLACE_DEPTH + 5 coats, newest
// first by their number ("Coat 1" is the newest; every fifth a "Wool coat"), and, older than all of
// them, the best "coat" match there is ("Coat coat coat") and the best "wool" one ("Wool wool coat").
const t = useTestApp({ resetBetweenTests: false });
const COATS = MARKETPLACE_DEPTH + 5;

beforeAll(async () => {
  await t.ready();
  const ownerId = await buildOwner(t, 'coats@example.com', 'Cora');
  await t.db.execute(sql`
    insert into items (user_id, title, description, category, gender, condition, estimated_value, images, tags, created_at)
    select ${ownerId}, title, description, 'clothing', 'unisex', 'good', 1000 + n,
      array['/images/00000000-0000-4000-8000-000000000001'], tags, now() - n * interval '1 minute'
    from (
      select n, case when n % 5 = 0 then 'Wool coat ' || n else 'Coat ' || n end as title,
        'A warm coat.' as description, '{}'::text[] as tags
      from generate_series(1, ${COATS}) as n
      union all select ${COATS + 1}, 'Coat coat coat', 'A coat, a coat, a coat.', array['coat']
      union all select ${COATS + 2}, 'Wool wool coat', 'Wool, wool, wool.', array['wool']
    ) coats`);
}, 120_000);

const page = (raw: Record<string, string>) => {
  t.app.marketplaceCache.invalidate();
  return listMarketplace(t.app.services, itemListQuery.parse(raw));
};
const titles = (listed: { items: Array<{ title: string }> }) => listed.items.map((item) => item.title);

describe('a search with more matches than the depth', () => {
  it('ranks its newest matches only: an older better match is left out', async () => {
    const listed = await page({ search: 'coat', limit: '3' });
    expect(listed).toMatchObject({ total: MARKETPLACE_DEPTH, totalIsCapped: true });
    // Ranking every match puts the oldest, best one first.
    const every = await countedPage(
      t.db,
      itemListQuery.parse({ search: 'coat', limit: '3' }),
      'fulltext',
      null,
    );
    expect(every[0]?.item.title).toBe('Coat coat coat');
    expect(titles(listed)).toEqual(['Coat 1', 'Coat 2', 'Coat 3']);
  });

  it('pages the same ranking with the count cached as without it', async () => {
    const first = await page({ search: 'coat', limit: '10' });
    // The count is kept now: the next page is read alone (pageOnly), from the same newest matches.
    const second = await listMarketplace(
      t.app.services,
      itemListQuery.parse({ search: 'coat', limit: '5', offset: '5' }),
    );
    expect(titles(second)).toEqual(titles(first).slice(5));
    const deepest = await listMarketplace(
      t.app.services,
      itemListQuery.parse({ search: 'coat', limit: '2', offset: String(MARKETPLACE_DEPTH - 2) }),
    );
    expect(titles(deepest)).toHaveLength(2);
    expect(titles(deepest)).not.toContain('Coat coat coat');
  });

  it('is dense: most of the newest listings match it', async () => {
    const [probe] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select search_vector from items where is_active
        order by created_at desc limit ${DENSITY_PROBE}) p where search_vector @@ to_tsquery('english', 'coat')`,
    );
    expect(probe?.n).toBeGreaterThanOrEqual(DENSE_IN_PROBE);
  });
});

describe('a search with fewer matches than the depth', () => {
  it('ranks every match, the oldest included', async () => {
    const listed = await page({ search: 'wool', limit: '2' });
    expect(listed).toMatchObject({ total: 2002, totalIsCapped: false });
    expect(titles(listed)).toEqual(['Wool wool coat', 'Wool coat 5']);
  });
});

describe('the bound, lowered', () => {
  const query = (raw: Record<string, string>) => itemListQuery.parse({ limit: '48', ...raw });

  it('ranks the newest `ranked` matches of a sparse search (the bitmap) and counts them', async () => {
    const rows = await countedPage(t.db, query({ search: 'wool' }), 'fulltext', 3);
    expect(rows.map((row) => row.item.title)).toEqual(['Wool coat 5', 'Wool coat 10', 'Wool coat 15']);
    expect(rows[0]?.matched).toBe(3);
  });

  it('ranks the newest `ranked` matches of a dense search (the walk)', async () => {
    const rows = await countedPage(t.db, query({ search: 'coat' }), 'fulltext', 4);
    expect(rows.map((row) => row.item.title).sort()).toEqual(['Coat 1', 'Coat 2', 'Coat 3', 'Coat 4']);
    expect(rows[0]?.matched).toBe(4);
  });

  it('leaves other sorts of a search alone', async () => {
    const rows = await countedPage(
      t.db,
      query({ search: 'coat', sortBy: 'oldest', limit: '2' }),
      'fulltext',
      4,
    );
    expect(rows.map((row) => row.item.title)).toEqual(['Wool wool coat', 'Coat coat coat']);
    expect(rows[0]?.matched).toBe(MARKETPLACE_DEPTH + 1);
  });
});

describe('which way the newest matches are found', () => {
  /** The executed plan of a search's uncached first page, parameters inlined. */
  const executed = async (search: string) => {
    const statement = new PgDialect().sqlToQuery(
      countedPage(t.db, itemListQuery.parse({ search }), 'fulltext').getSQL(),
    );
    let text = statement.sql;
    statement.params.forEach((value, index) => {
      const literal = typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
      text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
    });
    const rows = await queryRows<{ 'QUERY PLAN': string }>(t.db, sql.raw(`explain analyze ${text}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  const neverRun = (plan: string, node: RegExp) =>
    plan
      .split('\n')
      .filter((line) => node.test(line))
      .every((line) => line.includes('never executed'));

  it('walks the newest listings for a dense search and never reads the bitmap', async () => {
    const plan = await executed('coat');
    expect(neverRun(plan, /Bitmap Heap Scan/), plan).toBe(true);
    // The walk checks each listing by primary key: 10,001 lookups for 10,001 matches here.
    expect(plan).toMatch(/Index Scan using items_pkey .*loops=10001/);
  });

  it('reads the bitmap for a sparse search and never walks past the probe', async () => {
    const plan = await executed('wool');
    expect(neverRun(plan, /Bitmap Heap Scan/), plan).toBe(false);
    expect(plan).toMatch(/Index Scan using items_pkey .*never executed/);
  });
});
