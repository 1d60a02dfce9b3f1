import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import { MAX_SEARCH_LENGTH } from '../../../common/domain/limits';
import { queryRows } from '../../db/connect';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { countedPage, listMarketplace } from './items-search.service';
import { TRIGRAM_WINDOW, TRIGRAM_WINDOW_MAX } from './items-newest-matches';

// docs/decisions/016, sixth pass: a typo search (trigram mode) sorted by relevance or newest first
// is cut from its newest RANKED_MATCHES matches, found among the newest listings first through the
// trigram index's date (migration 0040). One market of 1,200 items, built once, newest first by
// number: jackets in most listings, a sweater in one in eight, a scarf in one in a hundred (none
// among the newest 50); every seventh withdrawn; the two newest jackets belong to a member who is
// away; and, older than
// every other item, the best match of each typo ("Jakket" for "jaket", "Swetter" for "sweter",
// "Scaff" for "scaf"; none of them a full-text match of the typo).
const t = useTestApp({ resetBetweenTests: false });
const ITEMS = 1200;

beforeAll(async () => {
  await t.ready();
  const ownerId = await buildOwner(t, 'typos@example.com', 'Tia');
  const awayId = await buildOwner(t, 'away@example.com', 'Ava');
  await t.db.execute(sql`update users set holiday_until = now() + interval '7 days' where id = ${awayId}`);
  // An hour apart: a window holds every listing of its last listing's hour (migration 0040), so that
  // here it holds exactly the listings it is sized for.
  await t.db.execute(sql`
    insert into items (user_id, title, description, category, gender, condition, estimated_value, images,
      is_active, created_at)
    select case when n in (0, 2) then ${awayId}::uuid else ${ownerId}::uuid end, title,
      'A well kept piece.', 'clothing', 'unisex', 'good', 1000 + (n * 37) % 400,
      array['/images/00000000-0000-4000-8000-000000000001'], n % 7 <> 3,
      timestamptz '2026-01-01' - n * interval '1 hour'
    from (
      select n, case
          when n % 100 = 55 then 'Silk Scarf ' || n
          when n % 8 = 1 then 'Wool Sweater ' || n
          when n % 4 <> 3 then 'Denim Jacket ' || n
          else 'Canvas Sneakers ' || n end as title
      from generate_series(0, ${ITEMS - 1}) as n
      union all select ${ITEMS + 1}, 'Jakket'
      union all select ${ITEMS + 2}, 'Swetter'
      union all select ${ITEMS + 3}, 'Scaff'
    ) market`);
  // As autovacuum keeps a settled table: statistics, and the visibility map for index-only scans.
  await t.db.execute(sql`vacuum analyze items`);
}, 120_000);

type Sort = 'relevance' | 'newest';

/** Every listed match of a typo word whose owner is present, in the order of `sort`, as a plain query has it. */
async function everyMatch(word: string, sort: Sort) {
  const order =
    sort === 'newest'
      ? sql`created_at desc, id desc`
      : sql`word_similarity(${word}, search_text) desc, created_at desc, id desc`;
  return queryRows<{ id: string; created_at: string }>(
    t.db,
    sql`select id, created_at from items
      where is_active and ${word} <% search_text
        and user_id not in (select id from users where holiday_until > now())
      order by ${order}`,
  );
}

/** The same, ranking only the newest `ranked` matches. */
async function newestMatches(word: string, sort: Sort, ranked: number) {
  const newest = (await everyMatch(word, 'newest')).slice(0, ranked).map((row) => row.id);
  return (await everyMatch(word, sort)).filter((row) => newest.includes(row.id)).map((row) => row.id);
}

const query = (word: string, sort: Sort, raw: Record<string, string> = {}) =>
  itemListQuery.parse({
    search: word,
    limit: '48',
    ...(sort === 'newest' ? { sortBy: 'newest' } : {}),
    ...raw,
  });

/** The executed plan of a typo search's statement, parameters inlined, with `ranked` matches bounded. */
async function executed(word: string, ranked: number) {
  const statement = new PgDialect().sqlToQuery(
    countedPage(t.db, query(word, 'relevance'), 'fuzzy', ranked).getSQL(),
  );
  let text = statement.sql;
  statement.params.forEach((value, index) => {
    const literal = typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
    text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
  });
  // enable_seqscan off: 1,200 rows fit a few pages, which a scan reads whole.
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain analyze ${text}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Whether the bitmap of a window (the CTE `name`) was read: its first Bitmap Heap Scan ran. */
function readWindow(plan: string, name: string) {
  const lines = plan.split('\n');
  const start = lines.findIndex((line) => line.includes(`CTE ${name}`));
  const scan = lines.slice(start).find((line) => line.includes('Bitmap Heap Scan'));
  if (start < 0 || !scan) throw new Error(`no ${name} in\n${plan}`);
  return !scan.includes('never executed');
}

// Through the app, a typo search runs on the trigram path on PGlite only: PostgreSQL corrects it
// against the vocabulary of listed words first (decision 028). The paths below call countedPage in
// trigram mode directly and hold on both databases.
describe.runIf(testDriver === 'pglite')('a typo search with fewer matches than the depth', () => {
  it.each([
    ['jaket', 'relevance'],
    ['jaket', 'newest'],
    ['sweter', 'relevance'],
    ['sweter', 'newest'],
    ['scaf', 'relevance'],
    ['scaf', 'newest'],
  ] as const)(
    '"%s" by %s: every match, in the order and with the total of a plain query',
    async (word, sort) => {
      const expected = (await everyMatch(word, sort)).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(10);
      t.app.marketplaceCache.invalidate();
      const response = await t
        .visitor()
        .get(`/api/items?search=${word}&limit=48${sort === 'newest' ? '&sortBy=newest' : ''}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(expected.length));
      expect(response.headers['x-total-capped']).toBe('false');
      const ids = (response.json() as Array<{ id: string }>).map((item) => item.id);
      expect(ids).toEqual(expected.slice(0, 48));
      // A deeper page with the count cached (pageOnly) is cut from the same order.
      const deeper = await listMarketplace(t.app.services, query(word, sort, { limit: '7', offset: '5' }));
      expect(deeper.items.map((item) => item.id)).toEqual(expected.slice(5, 12));
      expect(deeper.total).toBe(expected.length);
    },
  );

  it('leaves out unlisted items and those of a member who is away', async () => {
    const listed = await listMarketplace(t.app.services, query('jaket', 'newest', { limit: '8' }));
    const titles = listed.items.map((item) => item.title);
    // 0 and 2 are the away member's, 10 is withdrawn.
    expect(titles[0]).toBe('Denim Jacket 4');
    expect(titles).toContain('Denim Jacket 12');
    expect(titles).not.toContain('Denim Jacket 10');
  });
});

describe('the bound, lowered', () => {
  // 10 matches at most: the first window is the 20 newest listings, the widest second one 250.
  const RANKED = 10;

  it.each([
    // Dense (12 jackets among the 20 newest listings): the first window holds 10 matches.
    ['jaket', true, false, false],
    // One listing in eight: the first window finds 2, the second (125 listings) 16.
    ['sweter', true, true, false],
    // One in a hundred, none among the newest: the first window finds none, so every match is read.
    ['scaf', true, false, true],
  ] as const)('"%s" reads the first window %s, the second %s, every match %s', async (word, ...reads) => {
    const plan = await executed(word, RANKED);
    expect(
      ['first_window', 'second_window', 'every_match'].map((name) => readWindow(plan, name)),
      plan,
    ).toEqual(reads);
  });

  it.each(['jaket', 'sweter', 'scaf'])(
    '"%s", newest first: exactly the newest matches of every match, counted up to the bound',
    async (word) => {
      const expected = (await everyMatch(word, 'newest')).map((row) => row.id);
      const rows = await countedPage(t.db, query(word, 'newest'), 'fuzzy', RANKED);
      expect(rows.map((row) => row.item.id)).toEqual(expected.slice(0, RANKED));
      expect(rows[0]?.matched).toBe(RANKED);
    },
  );

  it.each(['jaket', 'sweter', 'scaf'])(
    '"%s" by relevance: its newest matches ranked, the older best match left out',
    async (word) => {
      const best = { jaket: 'Jakket', sweter: 'Swetter', scaf: 'Scaff' }[word];
      const rows = await countedPage(t.db, query(word, 'relevance'), 'fuzzy', RANKED);
      expect(rows.map((row) => row.item.id)).toEqual(await newestMatches(word, 'relevance', RANKED));
      expect(rows[0]?.matched).toBe(RANKED);
      expect(rows.map((row) => row.item.title)).not.toContain(best);
      // Ranking every match puts the oldest, best one first.
      const every = await countedPage(t.db, query(word, 'relevance', { limit: '1' }), 'fuzzy', null);
      expect(every[0]?.item.title).toBe(best);
    },
  );

  it('is the default bound scaled: the first window holds 2 listings a match, the second at most 25', () => {
    expect([TRIGRAM_WINDOW, TRIGRAM_WINDOW_MAX]).toEqual([2, 25]);
    expect(TRIGRAM_WINDOW * (MARKETPLACE_DEPTH + 1)).toBe(20_002);
  });
});

describe('a window that spans the whole market', () => {
  // About 1,030 listed items. With 600 matches bounded, the first window (1,200 listings) reaches past
  // the oldest one; with 200, the first window (400 listings) finds about 45 sweaters, so the second
  // is sized at over 2,000 listings and reaches past it too. Either holds every match, which is then
  // read once, not again by the next window.
  it.each([
    ['sweter', 600, [true, false, false]],
    ['sweter', 200, [true, true, false]],
  ] as const)(
    '"%s" with %i bounded reads the windows %j, and every match once',
    async (word, ranked, reads) => {
      const plan = await executed(word, ranked);
      expect(
        ['first_window', 'second_window', 'every_match'].map((name) => readWindow(plan, name)),
        plan,
      ).toEqual(reads);
      const expected = (await everyMatch(word, 'newest')).map((row) => row.id);
      expect(expected.length).toBeLessThan(200);
      const rows = await countedPage(t.db, query(word, 'newest', { limit: '100' }), 'fuzzy', ranked);
      expect(rows.map((row) => row.item.id)).toEqual(expected.slice(0, 100));
      expect(rows[0]?.matched).toBe(expected.length);
    },
  );
});

describe('hostile typo searches', () => {
  it.each([
    ['search=jaket&offset=-1', 'offset must be at least 0'],
    [`search=jaket&offset=${MARKETPLACE_DEPTH}`, undefined],
    ['search=jaket&limit=100000', undefined],
    [
      `search=${'jaket '.repeat(MAX_SEARCH_LENGTH / 5 + 1)}`,
      `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
    ],
    ['search=jaket&sortBy=nonsense', undefined],
  ])('refuses %s with 400', async (params, message) => {
    const response = await t.visitor().get(`/api/items?${params.replaceAll(' ', '%20')}`);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it.each(['jak%t_\\', "ja'ket", '"jaket', '-jaket', 'jaket -jaket', 'j a k e t', '%%%'])(
    'answers %s without an error',
    async (search) => {
      t.app.marketplaceCache.invalidate();
      const response = await t.visitor().get(`/api/items?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
    },
  );
});
