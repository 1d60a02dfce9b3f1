import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { itemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import { queryRows } from '../../db/connect';
import { countQueries } from '../../test-support/query-count';
import { listMarketplace } from './items-search.service';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

// One market of MARKETPLACE_DEPTH + 5 listed items, built once: 10,005 coats (every fifth a "wool
// coat"), newest first by their number, so that the first items are coat 1, 2, 3…
const t = useTestApp({ resetBetweenTests: false });
const LISTED = MARKETPLACE_DEPTH + 5;
const DEPTH_MESSAGE = `Results go ${MARKETPLACE_DEPTH} items deep: offset + limit must be at most ${MARKETPLACE_DEPTH}. Narrow the search or filters to see more`;

beforeAll(async () => {
  await t.ready();
  const ownerId = await buildOwner(t, 'coats@example.com', 'Cora');
  await t.db.execute(sql`
    insert into items (user_id, title, description, category, gender, condition, estimated_value, images, created_at)
    select ${ownerId}, case when n % 5 = 0 then 'Wool coat ' || n else 'Coat ' || n end, 'A warm coat.',
      'clothing', 'unisex', 'good', 1000 + n, array['/images/00000000-0000-4000-8000-000000000001'],
      now() - n * interval '1 minute'
    from generate_series(1, ${LISTED}) as n`);
}, 120_000);

const titles = (response: { json(): unknown }) =>
  (response.json() as Array<{ title: string }>).map((i) => i.title);

describe('capped counts', () => {
  it('counts a large result up to MARKETPLACE_DEPTH and says so in X-Total-Capped', async () => {
    const response = await t.visitor().get('/api/items?limit=3');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(MARKETPLACE_DEPTH));
    expect(response.headers['x-total-capped']).toBe('true');
    expect(titles(response)).toEqual(['Coat 1', 'Coat 2', 'Coat 3']);
  });

  it('counts a smaller result exactly, not capped', async () => {
    const response = await t.visitor().get('/api/items?search=wool&limit=2');
    expect(response.headers['x-total-count']).toBe(String(LISTED / 5));
    expect(response.headers['x-total-capped']).toBe('false');
    expect(titles(response)).toHaveLength(2);
  });

  it('caps a search total in the facets too, and marks it', async () => {
    const searched = (await t.visitor().get('/api/items/facets?search=coat')).json();
    expect(searched).toMatchObject({ total: MARKETPLACE_DEPTH, totalIsCapped: true });
    const filtered = (await t.visitor().get('/api/items/facets?condition=good')).json();
    expect(filtered).toMatchObject({ total: MARKETPLACE_DEPTH, totalIsCapped: true });
    // Without a search or facet filter the facet scan counts every item anyway: exact.
    const whole = (await t.visitor().get('/api/items/facets')).json();
    expect(whole).toMatchObject({ total: LISTED, totalIsCapped: false });
    const few = (await t.visitor().get('/api/items/facets?search=wool')).json();
    expect(few).toMatchObject({ total: LISTED / 5, totalIsCapped: false });
  });
});

describe('depth', () => {
  it('serves the deepest page: one ending at MARKETPLACE_DEPTH', async () => {
    const last = await t.visitor().get(`/api/items?limit=2&offset=${MARKETPLACE_DEPTH - 2}`);
    expect(last.statusCode).toBe(200);
    expect(titles(last)).toEqual([`Coat ${MARKETPLACE_DEPTH - 1}`, `Wool coat ${MARKETPLACE_DEPTH}`]);
    const byDefault = await t.visitor().get(`/api/items?offset=${MARKETPLACE_DEPTH - 48}`);
    expect(titles(byDefault)).toHaveLength(48);
  });

  it.each([
    [`?offset=${MARKETPLACE_DEPTH - 1}`, DEPTH_MESSAGE], // the default 48 would end past the depth
    [`?offset=${MARKETPLACE_DEPTH - 2}&limit=3`, DEPTH_MESSAGE],
    [`?offset=${MARKETPLACE_DEPTH}&limit=1`, DEPTH_MESSAGE],
    [`?offset=${MARKETPLACE_DEPTH + 1}`, DEPTH_MESSAGE],
    ['?offset=32901', DEPTH_MESSAGE],
    ['?offset=99999999999999999999', DEPTH_MESSAGE],
    ['?offset=-1', 'offset must be at least 0'],
    ['?offset=-99999999', 'offset must be at least 0'],
    ['?offset=abc', 'offset must be a number'],
    ['?offset=12abc', 'offset must be a number'],
    ['?offset=1.5', 'offset must be a whole number'],
    ['?offset=Infinity', 'offset must be a number'],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const response = await t.visitor().get(`/api/items${query}&search=coat`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('one statement per page whose count is not cached', () => {
  const listed = async (raw: Record<string, string>) => {
    t.app.marketplaceCache.invalidate();
    let page: Awaited<ReturnType<typeof listMarketplace>> | undefined;
    const statements = await countQueries(t.database, async () => {
      page = await listMarketplace(t.app.services, itemListQuery.parse(raw));
    });
    return { statements, page: page as NonNullable<typeof page> };
  };

  it('reads the deepest page, its owners and the capped count at once', async () => {
    const { statements, page } = await listed({ offset: '9995', limit: '5' });
    expect(statements).toBe(1);
    expect(page).toMatchObject({ total: MARKETPLACE_DEPTH, totalIsCapped: true });
    expect(page.items.map((item) => item.title)).toEqual([
      'Coat 9996',
      'Coat 9997',
      'Coat 9998',
      'Coat 9999',
      'Wool coat 10000',
    ]);
    expect(page.items[0]?.owner.firstName).toBe('Cora');
  });

  it('ranks a search and counts it exactly in the same statement', async () => {
    const { statements, page } = await listed({ search: 'wool', limit: '2' });
    expect(statements).toBe(1);
    expect(page).toMatchObject({ total: 2001, totalIsCapped: false });
    expect(page.items.map((item) => item.title)).toEqual(['Wool coat 5', 'Wool coat 10']);
  });

  it('answers a page past the end with the count alone, and a typo search in the trigram mode', async () => {
    expect((await listed({ search: 'wool', offset: '2990', limit: '10' })).page).toMatchObject({
      items: [],
      total: 2001,
    });
    const typo = await listed({ search: 'wol coat', limit: '1' });
    expect(typo.page.total).toBeGreaterThan(0);
  });
});

describe('the whole market (no search, no filter) without a cached count', () => {
  type Sent = { text: string; params: unknown[] };
  /** Every statement `run` sends, with its parameters. */
  const sentBy = async (run: () => Promise<unknown>): Promise<Sent[]> => {
    const target: { query: (...args: never[]) => unknown } | undefined = t.database.pglite ?? t.database.pool;
    if (!target) throw new Error('no database client');
    const spy = vi.spyOn(target, 'query');
    try {
      await run();
      return spy.mock.calls.map((call) => {
        const [config, values] = call as unknown as [
          string | { text: string; values?: unknown[] },
          unknown[]?,
        ];
        return typeof config === 'string'
          ? { text: config, params: values ?? [] }
          : { text: config.text, params: config.values ?? values ?? [] };
      });
    } finally {
      spy.mockRestore();
    }
  };
  /** The plan of a sent statement, its parameters inlined (EXPLAIN takes none on PGlite). */
  const planOf = async ({ text, params }: Sent) => {
    let inlined = text;
    params.forEach((value, index) => {
      const literal = typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
      inlined = inlined.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
    });
    const rows = await queryRows<{ 'QUERY PLAN': string }>(t.db, sql.raw(`explain ${inlined}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  beforeAll(async () => {
    // As autovacuum keeps a settled table: statistics, and a visibility map for index-only scans.
    await t.db.execute(sql`vacuum analyze items`);
  });

  it.each([
    ['the first page', {}],
    ['the deepest page', { offset: String(MARKETPLACE_DEPTH - 48) }],
    ['the first page by price', { sortBy: 'price-low' }],
    ['the deepest page by price', { sortBy: 'price-low', offset: String(MARKETPLACE_DEPTH - 48) }],
  ])('%s: one statement that walks the indexes and sorts only the page', async (_label, raw) => {
    t.app.marketplaceCache.invalidate();
    let page: Awaited<ReturnType<typeof listMarketplace>> | undefined;
    const sent = await sentBy(async () => {
      page = await listMarketplace(t.app.services, itemListQuery.parse(raw));
    });
    expect(page).toMatchObject({ total: MARKETPLACE_DEPTH, totalIsCapped: true });
    expect(page?.items).toHaveLength(48);
    expect(sent).toHaveLength(1);
    const plan = await planOf(sent[0] as Sent);
    // Counting and slicing the first 10,001 matches as a CTE sorted all of them (decision 016).
    expect(plan, plan).not.toMatch(/CTE/);
    const sorted = [...plan.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g)].map((match) => Number(match[1]));
    for (const rows of sorted) expect(rows, plan).toBeLessThanOrEqual(48);
    expect(plan, plan).toMatch(
      /Limit[^\n]*\n\s*->\s+Index (Only )?Scan using items_active_(created|value)_idx/,
    );
  });

  it.each([
    // Migration 0041: (category | gender, created_at, id) INCLUDE (user_id).
    ['newest first', { category: 'clothing' }, 'items_active_category_idx'],
    // Migration 0042: (estimated_value, id) INCLUDE (user_id, category, gender).
    ['by price', { category: 'clothing', sortBy: 'price-low' }, 'items_active_value_idx'],
  ])(
    'a category %s: an index walked in the page order, index-only, not every listing read and sorted',
    async (_label, raw, index) => {
      t.app.marketplaceCache.invalidate();
      let page: Awaited<ReturnType<typeof listMarketplace>> | undefined;
      const sent = await sentBy(async () => {
        page = await listMarketplace(t.app.services, itemListQuery.parse({ ...raw, limit: '3' }));
      });
      expect(page).toMatchObject({ total: MARKETPLACE_DEPTH, totalIsCapped: true });
      expect(page?.items.map((item) => item.title)).toEqual(['Coat 1', 'Coat 2', 'Coat 3']);
      expect(sent).toHaveLength(1);
      const plan = await planOf(sent[0] as Sent);
      expect(plan, plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index Only Scan using ${index}`));
      expect(plan, plan).not.toMatch(/Bitmap Heap Scan/);
    },
  );
});
