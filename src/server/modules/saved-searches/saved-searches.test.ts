import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '../../../common/api/saved-searches';
import { savedSearches } from '../../db/schema';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';

const save = (client: TestClient, query: string, name = 'My search') =>
  client.post('/api/saved-searches', { name, query });
const mine = async (client: TestClient) =>
  (await client.get('/api/saved-searches')).json() as Array<{
    id: string;
    name: string;
    query: string;
    newMatchCount: number;
    lastViewedAt: string | null;
  }>;
const alerts = async (client: TestClient) =>
  (
    (await client.get('/api/notifications')).json() as Array<{ type: string; link: string; message: string }>
  ).filter((note) => note.type === 'saved_search');

describe('saved searches API', () => {
  it('refuses a visitor on every call', async () => {
    const visitor = t.visitor();
    expect((await visitor.get('/api/saved-searches')).statusCode).toBe(401);
    expect((await save(visitor, 'search=boots')).statusCode).toBe(401);
    expect((await visitor.post(`/api/saved-searches/${unknown}/viewed`, {})).statusCode).toBe(401);
    expect((await visitor.delete(`/api/saved-searches/${unknown}`)).statusCode).toBe(401);
  });

  it('saves, lists only the member’s own, marks viewed and deletes; another member gets 404', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const created = await save(
      alice,
      '?category=shoes&condition=good,like-new&search=boots',
      '  Good boots  ',
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Good boots',
      query: 'category=shoes&condition=good%2Clike-new&search=boots',
      lastViewedAt: null,
      newMatchCount: 0,
    });
    const id = created.json().id as string;
    expect(await mine(alice)).toHaveLength(1);
    expect(await mine(bob)).toEqual([]);

    expect((await bob.post(`/api/saved-searches/${id}/viewed`, {})).statusCode).toBe(404);
    expect((await bob.delete(`/api/saved-searches/${id}`)).statusCode).toBe(404);
    const viewed = await alice.post(`/api/saved-searches/${id}/viewed`, {});
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().lastViewedAt).toEqual(expect.any(String));
    expect((await alice.delete(`/api/saved-searches/${id}`)).statusCode).toBe(204);
    expect((await alice.delete(`/api/saved-searches/${id}`)).statusCode).toBe(404);
    expect(await mine(alice)).toEqual([]);
  });

  it('names why a query is refused with a code and its values', async () => {
    const member = await t.member();
    const refusal = async (query: string) =>
      (await member.post('/api/saved-searches', { name: 'x', query })).json();
    expect(await refusal('colour=red')).toMatchObject({
      issues: [{ code: 'saved_searches.unknown_filters', params: { names: '"colour"' } }],
    });
    expect(await refusal('search=boots&limit=10')).toMatchObject({
      issues: [{ code: 'saved_searches.paging_parameter', params: { name: 'limit' } }],
    });
    expect(await refusal('sortBy=newest')).toMatchObject({ issues: [{ code: 'saved_searches.no_filter' }] });
  });

  it('refuses invalid and hostile queries and names with a clear 400, storing nothing', async () => {
    const member = await t.member();
    const cases: Array<[string, string, RegExp]> = [
      ['x', 'colour=red', /Unknown search filter.*"colour"/],
      ['x', 'category=hats', /category: Unknown category/],
      ['x', 'condition=mint', /Unknown condition "mint"/],
      ['x', 'minPrice=-5', /minPrice must be at least 0/],
      ['x', 'search=a&search=b', /names "search" more than once/],
      ['x', 'search=boots&limit=10', /"limit" pages through results/],
      ['x', '', /Choose at least one filter/],
      ['x', 'sortBy=newest', /Choose at least one filter/],
      ['x', 'search=a%00b', /must not contain NUL bytes or invalid Unicode/],
      ['x', `search=${'x'.repeat(100_000)}`, /at most 2000 characters/],
      ['x', '__proto__=1', /Unknown search filter/],
      ['', 'search=boots', /Name is required/],
      ['   ', 'search=boots', /Name is required/],
      ['x'.repeat(61), 'search=boots', /Name must be at most 60 characters/],
      ['a\u0000b', 'search=boots', /NUL bytes or invalid Unicode/],
      ['a\ud800b', 'search=boots', /NUL bytes or invalid Unicode/],
      ['a\u202eb', 'search=boots', /control or invisible formatting/],
      ['y'.repeat(100_000), 'search=boots', /at most 60 characters/],
    ];
    for (const [name, query, message] of cases) {
      const response = await save(member, query, name);
      expect(response.statusCode, `${JSON.stringify(name.slice(0, 20))} ${query.slice(0, 40)}`).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(
      (await member.post('/api/saved-searches', { name: 'x', query: 'search=a', extra: 1 })).statusCode,
    ).toBe(400);
    expect((await member.post('/api/saved-searches', { name: 'x', query: 5 })).statusCode).toBe(400);
    expect((await member.post('/api/saved-searches/not-an-id/viewed', {})).statusCode).toBe(400);
    expect(await t.db.select().from(savedSearches)).toEqual([]);
    // Bytes that are not UTF-8 decode to U+FFFD, which is ordinary text.
    expect((await save(member, 'search=%ED%A0%80')).statusCode).toBeLessThan(500);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per member, counted under a lock, and each query once`, async () => {
    const member = await t.member();
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => save(member, `search=boots${i}`, `#${i}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refused[0]?.json().message).toMatch(/at most 30 saved searches/);
    expect(await mine(member)).toHaveLength(MAX_SAVED_SEARCHES);
    const other = await t.member();
    expect((await save(other, 'search=coat')).statusCode).toBe(201);
    const again = await save(other, '?search=coat', 'Again');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You saved this search already, as "My search"');
  });
});

describe('saved search matching', () => {
  it('alerts on a matching listing once, with the Browse link, and counts it until viewed', async () => {
    const alice = await t.member();
    const seller = await t.member();
    const search = (
      await save(alice, 'category=clothing&search=denim jacket&condition=good&maxPrice=100&size=M', 'Denim')
    ).json();
    await save(alice, 'brand=levi', 'Levi');
    const listed = await listItem(seller); // a good Levi's denim jacket, size M, $45: both searches select it
    const [note, ...more] = await alerts(alice);
    expect(more).toEqual([]);
    // The link opens the new item over the search's results.
    const link = new URL(note?.link ?? '', 'http://app');
    expect(link.pathname).toBe('/browse');
    expect(link.searchParams.get('highlight')).toBe(listed.id);
    link.searchParams.delete('highlight');
    expect(Object.fromEntries(link.searchParams)).toEqual(
      Object.fromEntries(new URLSearchParams(search.query)),
    );
    expect(note).toMatchObject({
      message: '"Vintage Denim Jacket" matches your saved search "Denim".',
    });
    expect((await mine(alice)).map((entry) => entry.newMatchCount)).toEqual([1, 1]);
    await alice.post(`/api/saved-searches/${search.id}/viewed`, {});
    expect((await mine(alice)).map((entry) => entry.newMatchCount)).toEqual([0, 1]);
  });

  it('follows Browse semantics: category, department, sizes, condition, brand, price and words', async () => {
    const alice = await t.member();
    const seller = await t.member();
    const queries = {
      match: 'category=clothing&gender=unisex&size=S,M&condition=good&brand=LEVI&minPrice=40&search=jackets',
      women: 'category=women&search=jacket',
      shoes: 'category=shoes',
      size: 'size=L',
      condition: 'condition=new',
      words: 'search=sweater',
      price: 'maxPrice=40',
      colors: 'colors=Red',
      excluded: 'search=denim -jacket',
    };
    for (const [name, query] of Object.entries(queries))
      expect((await save(alice, query, name)).statusCode).toBe(201);
    await listItem(seller);
    const counts = Object.fromEntries((await mine(alice)).map((entry) => [entry.name, entry.newMatchCount]));
    expect(counts).toEqual({
      match: 1,
      women: 0,
      shoes: 0,
      size: 0,
      condition: 0,
      words: 0,
      price: 0,
      colors: 0,
      excluded: 0,
    });
    expect(await alerts(alice)).toHaveLength(1);
  });

  it('never alerts on the member’s own items, nor across a block, and not twice for a relisted item', async () => {
    const alice = await t.member();
    const blocked = await t.member();
    const seller = await t.member();
    await save(alice, 'search=denim');
    await listItem(alice);
    expect(await alerts(alice)).toEqual([]);
    await alice.post('/api/blocks', { userId: blocked.user?.id });
    await listItem(blocked);
    expect(await alerts(alice)).toEqual([]);
    expect((await mine(alice))[0]?.newMatchCount).toBe(0);

    const item = await listItem(seller);
    expect(await alerts(alice)).toHaveLength(1);
    await seller.patch(`/api/items/${item.id}`, { isActive: false });
    expect((await mine(alice))[0]?.newMatchCount).toBe(0);
    await seller.patch(`/api/items/${item.id}`, { isActive: true });
    expect(await alerts(alice)).toHaveLength(1);
    expect((await mine(alice))[0]?.newMatchCount).toBe(1);
  });

  it('reads only the searches in the listing’s category and department before testing filters', async () => {
    const alice = await t.member();
    const seller = await t.member();
    await save(alice, 'category=shoes&search=denim', 'Shoes');
    await save(alice, 'category=men&gender=women', 'Nobody');
    await save(alice, 'gender=kids,unisex&search=denim', 'Kids or unisex');
    const scopes = await t.db
      .select({
        name: savedSearches.name,
        itemCategory: savedSearches.itemCategory,
        genders: savedSearches.genders,
      })
      .from(savedSearches);
    expect(scopes).toEqual(
      expect.arrayContaining([
        { name: 'Shoes', itemCategory: 'shoes', genders: null },
        { name: 'Nobody', itemCategory: null, genders: [] },
        { name: 'Kids or unisex', itemCategory: null, genders: ['kids', 'unisex'] },
      ]),
    );
    await listItem(seller);
    const counts = Object.fromEntries((await mine(alice)).map((entry) => [entry.name, entry.newMatchCount]));
    expect(counts).toEqual({ Shoes: 0, Nobody: 0, 'Kids or unisex': 1 });
  });
});
