import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function setPreferences(client: TestClient, preferredCategories: string[], preferredSizes = {}) {
  await client.patch('/api/users/preferences', { preferredCategories, preferredSizes });
}

describe('POST /api/items/:id/smart-matches', () => {
  it('ranks the caller’s items as offers the owner would accept, with reasons', async () => {
    const owner = await t.member({ firstName: 'Ana' });
    const caller = await t.member();
    await setPreferences(owner, ['Shoes'], { Shoes: ['9'] });
    await owner.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    const target = await listItem(owner, { title: 'Wool Coat', estimatedValue: 8000 });
    const boots = await listItem(caller, {
      title: 'Chelsea Boots',
      category: 'shoes',
      style: 'Shoes',
      size: '9',
      estimatedValue: 8000,
    });
    const scarf = await listItem(caller, {
      title: 'Cheap Scarf',
      category: 'accessories',
      style: 'Accessories',
      estimatedValue: 500,
    });
    const response = await caller.post(`/api/items/${target.id}/smart-matches`, {});
    expect(response.statusCode).toBe(200);
    const { matches } = response.json();
    expect(matches.map((m: { item: { id: string } }) => m.item.id)).toEqual([boots.id, scarf.id]);
    expect(matches[0].overallScore).toBeGreaterThan(matches[1].overallScore);
    expect(matches[0].overallScore).toBeLessThanOrEqual(1);
    expect(matches[0].reasoning).toEqual(
      expect.arrayContaining([
        { code: 'fairValue' },
        { code: 'wishlist', params: { whose: 'member', name: 'Ana' } },
      ]),
    );
    // Ana's wishlist is hers: the caller learns that the boots match it, not what her entry says.
    const reasons = matches.flatMap((m: { reasoning: { params?: object }[] }) => m.reasoning);
    expect(
      reasons.filter((reason: { params?: object }) => reason.params && 'title' in reason.params),
    ).toEqual([]);
  });

  it('is for signed-in members who do not own the item', async () => {
    const owner = await t.member();
    const target = await listItem(owner);
    expect((await t.visitor().post(`/api/items/${target.id}/smart-matches`, {})).statusCode).toBe(401);
    expect((await owner.post(`/api/items/${target.id}/smart-matches`, {})).statusCode).toBe(403);
    const other = await t.member();
    expect(
      (await other.post('/api/items/00000000-0000-4000-8000-000000000000/smart-matches', {})).statusCode,
    ).toBe(404);
    expect((await other.post(`/api/items/${target.id}/smart-matches`, {})).json()).toEqual({ matches: [] });
    expect((await other.post(`/api/items/${target.id}/smart-matches`, { extra: 1 })).statusCode).toBe(400);
  });
});

describe('GET /api/barter-matches/:itemId', () => {
  it('scores swaps from both sides, direct when each wants the other’s item', async () => {
    const me = await t.member();
    const them = await t.member({ firstName: 'Ben' });
    const stranger = await t.member();
    await setPreferences(me, ['Shoes']);
    await setPreferences(them, ['Outerwear']);
    const mine = await listItem(me, { title: 'Wool Coat', style: 'Outerwear', estimatedValue: 8000 });
    const direct = await listItem(them, {
      title: 'Leather Boots',
      category: 'shoes',
      style: 'Shoes',
      estimatedValue: 7500,
    });
    const oneWay = await listItem(stranger, { title: 'Linen Shirt', style: 'Tops', estimatedValue: 8000 });
    const response = await me.get(`/api/barter-matches/${mine.id}`);
    expect(response.statusCode).toBe(200);
    const matches = response.json();
    const byId = new Map(matches.map((m: { item: { id: string } }) => [m.item.id, m]));
    expect(byId.get(direct.id)).toMatchObject({ tradeType: 'direct' });
    expect(byId.get(oneWay.id)).toMatchObject({ tradeType: 'one-way' });
    for (const match of matches) {
      expect(match.score).toBeGreaterThanOrEqual(0);
      expect(match.score).toBeLessThanOrEqual(100);
      expect(match.confidence).toBeGreaterThanOrEqual(0);
      expect(match.confidence).toBeLessThanOrEqual(1);
      expect(match.explanations.length).toBeGreaterThan(0);
    }
    expect(byId.get(direct.id)).toMatchObject({
      explanations: expect.arrayContaining([
        { code: 'preferredCategory', params: { whose: 'you', category: 'Shoes' } },
      ]),
    });
  });

  it('is for the item’s owner only', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    expect((await t.visitor().get(`/api/barter-matches/${item.id}`)).statusCode).toBe(401);
    expect((await (await t.member()).get(`/api/barter-matches/${item.id}`)).statusCode).toBe(403);
    expect((await owner.get('/api/barter-matches/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await owner.get('/api/barter-matches/nope')).statusCode).toBe(400);
  });
});

describe('trade rings', () => {
  it('proposes A→C→B→A when C wants A’s item, B wants C’s and A wants B’s', async () => {
    const a = await t.member({ firstName: 'Ada' });
    const b = await t.member({ firstName: 'Bea' });
    const c = await t.member({ firstName: 'Cy' });
    const x = await listItem(a, {
      title: 'Silk Scarf',
      category: 'accessories',
      style: 'Accessories',
      estimatedValue: 4000,
    });
    const y = await listItem(b, {
      title: 'Suede Loafers',
      category: 'shoes',
      style: 'Shoes',
      estimatedValue: 4200,
    });
    const z = await listItem(c, { title: 'Denim Jacket', estimatedValue: 4100 });
    await c.post('/api/favorites', { itemId: x.id });
    await b.post('/api/wishlist', { title: 'denim jacket', category: 'clothing' });
    await a.post('/api/favorites', { itemId: y.id });
    const matches = (await a.get(`/api/barter-matches/${x.id}`)).json();
    const ring = matches.find((m: { tradeType: string }) => m.tradeType === 'ring');
    expect(ring).toBeDefined();
    expect(ring.item.id).toBe(y.id);
    expect(
      ring.ring.map((link: { firstName: string; gives: { id: string } }) => [link.firstName, link.gives.id]),
    ).toEqual([
      ['Ada', x.id],
      ['Cy', z.id],
      ['Bea', y.id],
    ]);
    expect(ring.explanations[0]).toEqual({
      code: 'ring',
      params: {
        gives: 'Silk Scarf',
        to: 'Cy',
        theyGive: 'Denim Jacket',
        next: 'Bea',
        lastGives: 'Suede Loafers',
      },
    });
  });

  it('finds no ring when one edge is missing', async () => {
    const a = await t.member();
    const b = await t.member();
    const c = await t.member();
    const x = await listItem(a, { title: 'Silk Scarf', category: 'accessories', style: 'Accessories' });
    const y = await listItem(b, { title: 'Suede Loafers', category: 'shoes', style: 'Shoes' });
    await listItem(c, { title: 'Denim Jacket' });
    await c.post('/api/favorites', { itemId: x.id });
    await a.post('/api/favorites', { itemId: y.id });
    const matches = (await a.get(`/api/barter-matches/${x.id}`)).json();
    expect(matches.some((m: { tradeType: string }) => m.tradeType === 'ring')).toBe(false);
  });
});

describe('GET /api/items/:id/suggested-barters', () => {
  it('lists other members’ items of similar value in the same category, never the viewer’s own', async () => {
    const owner = await t.member();
    const other = await t.member();
    const mine = await listItem(owner, { title: 'Wool Coat', estimatedValue: 8000 });
    const similar = await listItem(other, { title: 'Trench Coat', estimatedValue: 8500 });
    await listItem(other, { title: 'Designer Gown', estimatedValue: 90000 });
    await listItem(owner, { title: 'My other coat', estimatedValue: 8000 });
    const response = await owner.get(`/api/items/${mine.id}/suggested-barters`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((i: { id: string }) => i.id)).toEqual([similar.id]);
    expect((await t.visitor().get(`/api/items/${mine.id}/suggested-barters`)).statusCode).toBe(401);
    expect((await other.get(`/api/items/${mine.id}/suggested-barters`)).json()).toEqual([]);
  });
});

describe('GET /api/items/value-estimate', () => {
  it('answers the median and quartiles of comparable listings, relaxing the comparison when needed', async () => {
    const seller = await t.member();
    for (const value of [2000, 4000, 6000, 8000])
      await listItem(seller, { brand: 'Zara', style: 'Tops', estimatedValue: value });
    const exact = (
      await t
        .visitor()
        .get('/api/items/value-estimate?category=clothing&style=Tops&brand=zara&condition=good')
    ).json();
    expect(exact).toEqual({
      estimate: 5000,
      low: 3500,
      high: 6500,
      basis: 4,
      comparedBy: ['category', 'brand', 'style', 'condition'],
    });
    const relaxed = (await t.visitor().get('/api/items/value-estimate?category=clothing&brand=Gucci')).json();
    expect(relaxed).toMatchObject({ basis: 4, comparedBy: ['category'] });
    expect((await t.visitor().get('/api/items/value-estimate?category=shoes')).json()).toEqual({
      estimate: null,
      low: null,
      high: null,
      basis: 0,
      comparedBy: ['category'],
    });
  });

  it('refuses bad parameters', async () => {
    expect((await t.visitor().get('/api/items/value-estimate')).statusCode).toBe(400);
    expect((await t.visitor().get('/api/items/value-estimate?category=hats')).statusCode).toBe(400);
    expect(
      (await t.visitor().get('/api/items/value-estimate?category=clothing&style=Capes')).statusCode,
    ).toBe(400);
  });
});

describe('match_found notifications', () => {
  it('tells a member once when a new listing is a strong direct swap for one of their items', async () => {
    const lister = await t.member();
    const watcher = await t.member();
    const unrelated = await t.member();
    await setPreferences(lister, ['Outerwear'], { Outerwear: ['M'] });
    await setPreferences(watcher, ['Shoes'], { Shoes: ['9'] });
    await watcher.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    await lister.post('/api/wishlist', { title: 'coat', category: 'clothing' });
    const theirs = await listItem(watcher, {
      title: 'Wool Coat',
      style: 'Outerwear',
      size: 'M',
      brand: 'COS',
      estimatedValue: 8000,
      condition: 'like-new',
    });
    await listItem(unrelated, {
      title: 'Beach Hat',
      category: 'accessories',
      style: 'Accessories',
      estimatedValue: 900,
    });
    const fresh = await listItem(lister, {
      title: 'Leather Boots',
      category: 'shoes',
      style: 'Shoes',
      size: '9',
      brand: 'COS',
      estimatedValue: 8000,
      condition: 'like-new',
    });
    const notes = (await watcher.get('/api/notifications'))
      .json()
      .filter((n: { type: string }) => n.type === 'match_found');
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain(
      `"Leather Boots" was just listed and looks like a great swap for your "${theirs.title}"`,
    );
    expect(notes[0].link).toBe(`/browse?highlight=${fresh.id}`);
    await lister.patch(`/api/items/${fresh.id}`, { isActive: false });
    await lister.patch(`/api/items/${fresh.id}`, { isActive: true });
    expect(
      (await watcher.get('/api/notifications'))
        .json()
        .filter((n: { type: string }) => n.type === 'match_found'),
    ).toHaveLength(1);
    expect((await unrelated.get('/api/notifications')).json()).toEqual([]);
  });
});
