import { describe, expect, it } from 'vitest';
import { buildItem } from '../../test-support/builders';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';

const rules = async (client: TestClient) => (await client.get('/api/swap-rules')).json();

/** A member with one coat worth $50 and a stranger with a few listings around it. */
async function market() {
  const me = await t.member({ firstName: 'Mia' });
  const them = await t.member({ firstName: 'Theo' });
  const coat = await buildItem(t, me, { title: 'My Coat', estimatedValue: 5000 });
  await buildItem(t, them, {
    title: 'Boots',
    category: 'shoes',
    size: '9',
    brand: 'Dr. Martens',
    condition: 'like-new',
    colors: ['Black'],
    estimatedValue: 6000,
  });
  await buildItem(t, them, {
    title: 'Scarf',
    category: 'accessories',
    estimatedValue: 5000,
    colors: ['Red'],
  });
  await buildItem(t, them, { title: 'Gown', category: 'clothing', condition: 'fair', estimatedValue: 20000 });
  return { me, them, coat };
}

describe('swap rules API', () => {
  it('refuses a visitor on every call', async () => {
    const visitor = t.visitor();
    expect((await visitor.get('/api/swap-rules')).statusCode).toBe(401);
    expect((await visitor.post('/api/swap-rules', {})).statusCode).toBe(401);
    expect((await visitor.post('/api/swap-rules/match-count', {})).statusCode).toBe(401);
    expect((await visitor.patch(`/api/swap-rules/${unknown}`, { category: 'shoes' })).statusCode).toBe(401);
    expect((await visitor.delete(`/api/swap-rules/${unknown}`)).statusCode).toBe(401);
  });

  it('creates a rule with "any" and the default band, and lists it with its match count', async () => {
    const { me } = await market();
    const created = await me.post('/api/swap-rules', {});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      category: null,
      gender: null,
      sizes: [],
      brands: [],
      minCondition: null,
      colors: [],
      minValueRatio: 0.67,
      maxValueRatio: 1.5,
      itemIds: [],
      // Boots ($60) and scarf ($50) are within 0.67–1.5× of the $50 coat; the $200 gown is not.
      matchCount: 2,
    });
    expect(await rules(me)).toEqual({ rules: [created.json()], favorites: 0, wishlistEntries: 0 });
  });

  it('counts matches by every criterion, live, before saving', async () => {
    const { me } = await market();
    const count = async (body: object) => {
      const response = await me.post('/api/swap-rules/match-count', body);
      expect(response.statusCode).toBe(200);
      return response.json().matchCount;
    };
    expect(await count({ category: 'shoes' })).toBe(1);
    expect(await count({ sizes: ['9'], brands: ['DR. MARTENS'] })).toBe(1);
    expect(await count({ sizes: ['10'] })).toBe(0);
    expect(await count({ minCondition: 'like-new' })).toBe(1);
    expect(await count({ colors: ['Red', 'Blue'] })).toBe(1);
    expect(await count({ maxValueRatio: 5 })).toBe(3);
    expect(await count({ minValueRatio: 1.1, maxValueRatio: 5 })).toBe(2);
    expect(await count({ gender: 'kids' })).toBe(0);
  });

  it('applies the band to the listings it is limited to, and ignores it while none exists', async () => {
    const { me, them } = await market();
    const cheap = await buildItem(t, me, { title: 'Cheap Tee', estimatedValue: 1000 });
    const limited = await me.post('/api/swap-rules', { itemIds: [cheap.id] });
    expect(limited.json()).toMatchObject({ itemIds: [cheap.id], matchCount: 0 });
    const newcomer = await t.member();
    expect((await newcomer.post('/api/swap-rules/match-count', {})).json().matchCount).toBe(5);
    // A blocked member's items never match.
    await me.post('/api/blocks', { userId: them.user?.id });
    expect((await me.post('/api/swap-rules/match-count', { maxValueRatio: 10 })).json().matchCount).toBe(0);
  });

  it('leaves out items marked "direct swaps only", unlisted or reserved', async () => {
    const { me, them } = await market();
    const before = (await me.post('/api/swap-rules/match-count', { maxValueRatio: 10 })).json().matchCount;
    await buildItem(t, them, { title: 'Direct', directSwapsOnly: true });
    await buildItem(t, them, { title: 'Reserved', availability: 'reserved' });
    await buildItem(t, them, { title: 'Unlisted', isActive: false });
    expect((await me.post('/api/swap-rules/match-count', { maxValueRatio: 10 })).json().matchCount).toBe(
      before,
    );
  });

  it('changes only the fields sent, and only the owner can change or delete a rule', async () => {
    const { me } = await market();
    const rule = (await me.post('/api/swap-rules', { category: 'shoes', brands: ['Dr. Martens'] })).json();
    const stranger = await t.member();
    expect((await stranger.patch(`/api/swap-rules/${rule.id}`, { category: null })).statusCode).toBe(404);
    expect((await stranger.delete(`/api/swap-rules/${rule.id}`)).statusCode).toBe(404);
    const changed = await me.patch(`/api/swap-rules/${rule.id}`, { minCondition: 'good', maxValueRatio: 2 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      category: 'shoes',
      brands: ['dr. martens'],
      minCondition: 'good',
    });
    expect((await me.patch(`/api/swap-rules/${rule.id}`, { minValueRatio: 3 })).statusCode).toBe(400);
    expect((await me.delete(`/api/swap-rules/${rule.id}`)).statusCode).toBe(204);
    expect((await me.delete(`/api/swap-rules/${rule.id}`)).statusCode).toBe(404);
    expect((await rules(me)).rules).toEqual([]);
  });

  it.each([
    [{ category: 'hats' }, 'category must be one of'],
    [{ minValueRatio: 2, maxValueRatio: 1 }, 'minValueRatio must not be above maxValueRatio'],
    [{ maxValueRatio: 50 }, 'maxValueRatio must be at most 10'],
    [{ minValueRatio: 'low' }, 'minValueRatio must be a number'],
    [{ colors: ['Chartreuse'] }, 'colors must be among'],
    [{ sizes: ['x'.repeat(21)] }, 'sizes must be at most 20 characters'],
    [{ brands: Array.from({ length: 21 }, (_, i) => `b${i}`) }, 'At most 20 values in brands'],
    [{ itemIds: ['not-an-id'] }, 'itemIds must be item ids'],
    [{ owner: 'x' }, 'Unrecognized key'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const member = await t.member();
    const response = await member.post('/api/swap-rules', body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect((await rules(member)).rules).toEqual([]);
  });

  it('refuses NUL bytes, lone surrogates and 100 KB of text', async () => {
    const member = await t.member();
    for (const brand of ['a\u0000b', 'a\uD800b', 'x'.repeat(100_000)]) {
      expect((await member.post('/api/swap-rules', { brands: [brand] })).statusCode).toBe(400);
    }
    expect((await rules(member)).rules).toEqual([]);
  });

  it('refuses listings that are not the member’s own', async () => {
    const { me, them } = await market();
    const theirs = await buildItem(t, them);
    const response = await me.post('/api/swap-rules', { itemIds: [theirs.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A rule can only apply to your own listings');
    const rule = (await me.post('/api/swap-rules', {})).json();
    expect((await me.patch(`/api/swap-rules/${rule.id}`, { itemIds: [theirs.id, unknown] })).statusCode).toBe(
      400,
    );
  });

  it('caps a member at 20 rules, also when they are created at once', async () => {
    const member = await t.member();
    const answers = await Promise.all(Array.from({ length: 24 }, () => member.post('/api/swap-rules', {})));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(4);
    expect((await rules(member)).rules).toHaveLength(20);
  });

  it('counts favourites and wishlist entries, which act as rules', async () => {
    const { me, them } = await market();
    const theirs = await buildItem(t, them);
    await me.post('/api/favorites', { itemId: theirs.id });
    await me.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    expect(await rules(me)).toMatchObject({ favorites: 1, wishlistEntries: 1 });
  });

  it('stores the "direct swaps only" flag of a listing', async () => {
    const { me, coat } = await market();
    const response = await me.patch(`/api/items/${coat.id}`, { directSwapsOnly: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().directSwapsOnly).toBe(true);
    expect((await me.patch(`/api/items/${coat.id}`, { directSwapsOnly: 'yes' })).statusCode).toBe(400);
  });
});
