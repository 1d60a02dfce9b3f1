import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEARCH_CORRECTED_HEADER } from '../../../common/api/items';
import { queryRows } from '../../db/connect';
import { items } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { listItem } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { createSweep } from '../../lib/sweep';
import { serviceContextFor } from '../../test-support/service-context';
import { editDistance, nearestWord } from './search-correction';
import { foldSearchWordDeltas, rebuildSearchWords, registerSearchWordsFoldSweep } from './search-vocabulary';

/*
 * Typo correction against the vocabulary of listed words (docs/decisions/028; on PostgreSQL, PGlite keeping the trigram path): a misspelt word is
 * replaced by the nearest listed word before full text runs, and the answer says what ran.
 * Each test lists a handful of items.
 */

const t = useTestApp();

/** The vocabulary as a read sees it: the folded counts plus the deltas not folded yet. */
const vocabulary = async () =>
  Object.fromEntries(
    (
      await queryRows<{ word: string; items: number }>(
        t.db,
        sql`select word, sum(n)::int as items
          from (select word, items as n from search_words union all select word, n from search_word_deltas) v
          group by word having sum(n) <> 0 order by word`,
      )
    ).map((row) => [row.word, Number(row.items)]),
  );
/** The folded words alone. */
const folded = async () =>
  Object.fromEntries(
    (
      await queryRows<{ word: string; items: number }>(
        t.db,
        sql`select word, items from search_words order by word`,
      )
    ).map((row) => [row.word, Number(row.items)]),
  );
const deltaRows = async () =>
  Number(
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from search_word_deltas`))[0]?.n,
  );

/** One item insert as raw SQL (for the bulk and concurrency tests), listed by `owner`. */
const insertSql = (owner: string, title: string) =>
  `insert into items (user_id, title, description, category, gender, condition, estimated_value)
   values ('${owner}', '${title}', 'Raw.', 'clothing', 'unisex', 'good', 1500)`;

/** Two jackets and a coat, by one member: the market of the misspelt-search tests. */
async function listJacketsAndACoat() {
  const owner = await t.member();
  for (const title of ['Denim Jacket', 'Leather Jacket', 'Wool Coat']) await buildItem(t, owner, { title });
}

const search = (query: string, extra = '') =>
  t.visitor().get(`/api/items?search=${encodeURIComponent(query)}${extra}`);
const titles = (response: { json(): unknown }) =>
  (response.json() as Array<{ title: string }>).map((item) => item.title);

describe('the vocabulary of listed words', () => {
  it('counts the words of listed titles, brands and tags as listings are created, edited and removed', async () => {
    const owner = await t.member();
    const first = await listItem(owner, { title: 'Denim Jacket', brand: 'Acme', tags: ['vintage'] });
    await listItem(owner, { title: 'Wool Jacket', brand: null, tags: [] });
    expect(await vocabulary()).toEqual({ acme: 1, denim: 1, jacket: 2, vintage: 1, wool: 1 });

    expect((await owner.patch(`/api/items/${first.id}`, { title: 'Denim Coat' })).statusCode).toBe(200);
    expect(await vocabulary()).toEqual({ acme: 1, coat: 1, denim: 1, jacket: 1, vintage: 1, wool: 1 });

    expect((await owner.delete(`/api/items/${first.id}`)).statusCode).toBe(204);
    expect(await vocabulary()).toEqual({ jacket: 1, wool: 1 });
  });

  it('leaves out listings that leave the market and takes them back when they return', async () => {
    const owner = await t.member();
    const item = await buildItem(t, owner, { title: 'Linen Shirt' });
    await t.db
      .update(items)
      .set({ isActive: false })
      .where(sql`${items.id} = ${item.id}`);
    expect(await vocabulary()).toEqual({});
    await t.db
      .update(items)
      .set({ isActive: true })
      .where(sql`${items.id} = ${item.id}`);
    expect(await vocabulary()).toEqual({ linen: 1, shirt: 1 });
    await t.db.delete(items);
    expect(await vocabulary()).toEqual({});
  });

  it('folds into the same counts, dropping the words no listing holds any more, also on the sweep', async () => {
    const owner = await t.member();
    const first = await buildItem(t, owner, { title: 'Denim Jacket', brand: 'Acme' });
    await buildItem(t, owner, { title: 'Wool Jacket' });
    expect(await foldSearchWordDeltas(t.db)).toBe(true);
    expect(await deltaRows()).toBe(0);
    expect(await folded()).toEqual({ acme: 1, denim: 1, jacket: 2, wool: 1 });
    await t.db.delete(items).where(sql`${items.id} = ${first.id}`);
    expect(await vocabulary()).toEqual({ jacket: 1, wool: 1 });
    const sweep = createSweep({ pool: t.database.pool, log: { error: () => undefined } });
    registerSearchWordsFoldSweep(sweep, serviceContextFor(t.db));
    expect(await sweep.run()).toEqual(['items.search-words-fold']);
    expect(await folded()).toEqual({ jacket: 1, wool: 1 });
    // A rebuild from scratch stores the same words.
    await rebuildSearchWords(t.database);
    expect(await folded()).toEqual({ jacket: 1, wool: 1 });
  });

  it('adds one delta row per word for a bulk insert, however many items it lists', async () => {
    const owner = await t.member();
    await t.db.execute(
      sql.raw(`insert into items (user_id, title, description, category, gender, condition, estimated_value)
        select '${owner.user?.id}', case when n % 2 = 0 then 'Denim Jacket' else 'Wool Coat' end, 'Bulk.',
          'clothing', 'unisex', 'good', 1500
        from generate_series(1, 500) n`),
    );
    expect(await deltaRows()).toBe(4);
    expect(await vocabulary()).toEqual({ coat: 250, denim: 250, jacket: 250, wool: 250 });
  });

  it('two transactions listing items with the same words, in crossed order, both commit', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const [ownerA, ownerB] = [a.user?.id ?? '', b.user?.id ?? ''];
    if (testDriver === 'postgres') {
      // Each writer's open transaction holds new items with words the other then lists too. Writers
      // only append deltas, so neither waits for the other (lock_timeout would fail the test) and no
      // deadlock can form, whichever order they list in.
      const pool = t.database.pool;
      if (!pool) throw new Error('PostgreSQL only');
      const [first, second] = [await pool.connect(), await pool.connect()];
      try {
        for (const client of [first, second]) {
          await client.query(`set lock_timeout = '2s'`);
          await client.query('begin');
        }
        await first.query(insertSql(ownerA, 'Alpha Jacket'));
        await second.query(insertSql(ownerB, 'Zulu Jacket'));
        await first.query(insertSql(ownerA, 'Zulu Coat'));
        await second.query(insertSql(ownerB, 'Alpha Coat'));
        await first.query(`update items set title = 'Alpha Zulu Jacket' where title = 'Alpha Jacket'`);
        await second.query(`update items set title = 'Zulu Alpha Jacket' where title = 'Zulu Jacket'`);
        // A fold while both are open neither waits for them nor takes their uncommitted deltas.
        expect(await foldSearchWordDeltas(t.db)).toBe(true);
        await Promise.all([first.query('commit'), second.query('commit')]);
      } finally {
        for (const client of [first, second]) {
          await client.query('rollback').catch(() => undefined);
          await client.query('reset lock_timeout');
          client.release();
        }
      }
    } else {
      // PGlite has a single connection, so its transactions run one after the other.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(insertSql(ownerA, 'Alpha Jacket')));
        await tx.execute(sql.raw(insertSql(ownerA, 'Zulu Coat')));
        await tx.execute(
          sql.raw(`update items set title = 'Alpha Zulu Jacket' where title = 'Alpha Jacket'`),
        );
      });
      await t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(insertSql(ownerB, 'Zulu Jacket')));
        await tx.execute(sql.raw(insertSql(ownerB, 'Alpha Coat')));
        await tx.execute(sql.raw(`update items set title = 'Zulu Alpha Jacket' where title = 'Zulu Jacket'`));
      });
    }
    expect(await vocabulary()).toEqual({ alpha: 3, coat: 2, jacket: 2, zulu: 3 });
    await foldSearchWordDeltas(t.db);
    expect(await folded()).toEqual({ alpha: 3, coat: 2, jacket: 2, zulu: 3 });
    if (testDriver === 'postgres')
      expect((await search('jakcet')).headers[SEARCH_CORRECTED_HEADER]).toBe('jacket');
  });
});

describe.runIf(testDriver === 'postgres')('a misspelt search on PostgreSQL', () => {
  it('runs as the nearest listed word and says so', async () => {
    await listJacketsAndACoat();
    const response = await search('jaket');
    expect(response.statusCode).toBe(200);
    expect(response.headers[SEARCH_CORRECTED_HEADER]).toBe('jacket');
    expect(response.headers['x-total-count']).toBe('2');
    expect(titles(response).sort()).toEqual(['Denim Jacket', 'Leather Jacket']);
    // Exactly the plain search of the corrected word.
    const plain = await search('jacket');
    expect(plain.headers[SEARCH_CORRECTED_HEADER]).toBeUndefined();
    expect(titles(response)).toEqual(titles(plain));
    // The facets count what the page lists.
    expect((await t.visitor().get('/api/items/facets?search=jaket')).json()).toMatchObject({ total: 2 });
  });

  it('corrects only the unknown words, keeps colour words, and pages like the plain search', async () => {
    const owner = await t.member();
    for (let i = 0; i < 5; i += 1)
      await buildItem(t, owner, { title: `Denim Jacket ${i}`, colors: i % 2 ? ['Blue'] : ['Red'] });
    await buildItem(t, owner, { title: 'Denim Skirt', colors: ['Red'] });
    const response = await search('red denim jakcet', '&limit=2&offset=1');
    expect(response.headers[SEARCH_CORRECTED_HEADER]).toBe(encodeURIComponent('red denim jacket'));
    const plain = await search('red denim jacket', '&limit=2&offset=1');
    expect(titles(response)).toEqual(titles(plain));
    expect(response.headers['x-total-count']).toBe(plain.headers['x-total-count']);
  });

  it('prefers the word more listings hold among equally near ones', async () => {
    const owner = await t.member();
    await buildItem(t, owner, { title: 'Jake Tee' });
    await buildItem(t, owner, { title: 'Denim Jacket' });
    await buildItem(t, owner, { title: 'Suede Jacket' });
    const response = await search('jaket');
    expect(response.headers[SEARCH_CORRECTED_HEADER]).toBe('jacket');
  });

  it('runs as typed when its words match, or no listed word is near', async () => {
    const owner = await t.member();
    await buildItem(t, owner, { title: 'Denim Jacket' });
    // Stemmed full text matches 'jackets': no correction.
    const plural = await search('jackets');
    expect(plural.headers[SEARCH_CORRECTED_HEADER]).toBeUndefined();
    expect(titles(plural)).toEqual(['Denim Jacket']);
    const far = await search('zzyzx');
    expect(far.statusCode).toBe(200);
    expect(far.headers[SEARCH_CORRECTED_HEADER]).toBeUndefined();
    expect(far.json()).toEqual([]);
  });

  it('a word listed after the search was answered is found as typed', async () => {
    const owner = await t.member();
    await buildItem(t, owner, { title: 'Denim Jacket' });
    expect((await search('jaket')).headers[SEARCH_CORRECTED_HEADER]).toBe('jacket');
    await listItem(owner, { title: 'Jaket Bomber' });
    const again = await search('jaket');
    expect(again.headers[SEARCH_CORRECTED_HEADER]).toBeUndefined();
    expect(titles(again)).toEqual(['Jaket Bomber']);
  });
});

// PGlite keeps the trigram typo path (decision 028): the vocabulary is kept, but not read.
describe.runIf(testDriver === 'pglite')('a misspelt search on PGlite', () => {
  it('finds the near listings by trigram similarity, with no correction to show', async () => {
    await listJacketsAndACoat();
    const response = await search('jaket');
    expect(response.statusCode).toBe(200);
    expect(response.headers[SEARCH_CORRECTED_HEADER]).toBeUndefined();
    expect(response.headers['x-total-count']).toBe('2');
    expect(titles(response).sort()).toEqual(['Denim Jacket', 'Leather Jacket']);
    expect((await t.visitor().get('/api/items/facets?search=jaket')).json()).toMatchObject({ total: 2 });
    const far = await search('zzyzx');
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual([]);
  });

  it('a word listed after the search was answered is found as typed', async () => {
    const owner = await t.member();
    await buildItem(t, owner, { title: 'Denim Jacket' });
    expect(titles(await search('jaket'))).toEqual(['Denim Jacket']);
    await listItem(owner, { title: 'Jaket Bomber' });
    expect(titles(await search('jaket'))).toEqual(['Jaket Bomber']);
  });
});

describe('hostile searches', () => {
  it.each([
    ['NUL bytes', 'jak\u0000et\u0000'],
    ['operators', 'jaket & | ! : * <-> ( ) \\ \' "'],
    ['only operators', '&|!:*()'],
    ['a run of dashes', `${'-'.repeat(40)}jaket`],
    ['quotes', '"denim jaket'],
    ['many words', Array.from({ length: 60 }, (_v, i) => `jaket${i}`).join(' ')],
  ])('%s: a clean answer, never a 500', async (_label, query) => {
    const owner = await t.member();
    await buildItem(t, owner, { title: 'Denim Jacket' });
    // A clean result, or a refusal with its error code (a NUL byte, a search too long).
    for (const response of [
      await search(query),
      await t.visitor().get(`/api/items/facets?search=${encodeURIComponent(query)}`),
    ]) {
      expect([200, 400]).toContain(response.statusCode);
      if (response.statusCode === 400) expect(response.json()).toMatchObject({ code: expect.any(String) });
    }
  });

  it('refuses a 100 KB search with a 400', async () => {
    const response = await search('jaket'.repeat(20_000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String) });
  });
});

describe('nearest word', () => {
  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('jakcet', 'jacket')).toBe(1);
    expect(editDistance('jaket', 'jacket')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('takes the fewest edits, then the most listings, and nothing too far', () => {
    const candidates = [
      { word: 'jake', items: 1 },
      { word: 'jacket', items: 40 },
      { word: 'jacuzzi', items: 900 },
    ];
    expect(nearestWord('jaket', candidates)).toBe('jacket');
    expect(nearestWord('jakx', [{ word: 'jacket', items: 5 }])).toBeUndefined();
  });
});
