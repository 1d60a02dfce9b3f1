import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatReturnDate, isoDay } from '../../../common/domain/holiday';
import { users } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { loadWantGraph } from '../rings/want-graph';

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => isoDay(new Date(Date.now() + days * DAY));

const goAway = (member: TestClient, until = inDays(10)) => member.put('/api/users/holiday', { until });
const browseIds = async (client: TestClient, query = '') =>
  ((await client.get(`/api/items${query}`)).json() as Array<{ id: string }>).map((item) => item.id);

describe('PUT and DELETE /api/users/holiday', () => {
  it('refuses a visitor', async () => {
    expect((await t.visitor().put('/api/users/holiday', { until: inDays(5) })).statusCode).toBe(401);
    expect((await t.visitor().delete('/api/users/holiday')).statusCode).toBe(401);
  });

  it('sets and ends holiday mode on the member’s own record only', async () => {
    const member = await t.member();
    const other = await t.member();
    const until = inDays(14);
    const response = await goAway(member, until);
    expect(response.statusCode).toBe(200);
    expect(response.json().holidayUntil).toBe(`${until}T00:00:00.000Z`);
    expect((await member.get('/api/auth/user')).json().holidayUntil).toBe(`${until}T00:00:00.000Z`);
    expect((await other.get('/api/auth/user')).json().holidayUntil).toBeNull();
    const ended = await member.delete('/api/users/holiday');
    expect(ended.statusCode).toBe(200);
    expect(ended.json().holidayUntil).toBeNull();
  });

  it.each([
    ['today', () => inDays(0), 'after today'],
    ['the past', () => inDays(-3), 'after today'],
    ['more than 90 days away', () => inDays(91), 'at most 90 days'],
    ['no calendar date', () => '2026-02-30', 'YYYY-MM-DD'],
  ])('refuses a return date of %s with a clear 400', async (_label, until, message) => {
    const member = await t.member();
    const response = await goAway(member, until());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, member.user?.id ?? ''));
    expect(row?.holidayUntil).toBeNull();
  });

  it('accepts the 90th day', async () => {
    expect((await goAway(await t.member(), inDays(90))).statusCode).toBe(200);
  });

  it('answers each refused date with its code', async () => {
    const member = await t.member();
    expect((await goAway(member, inDays(0))).json()).toMatchObject({ code: 'holiday.date_not_after_today' });
    expect((await goAway(member, inDays(91))).json()).toMatchObject({
      code: 'holiday.too_long',
      params: { days: 90 },
    });
    expect((await goAway(member, '2026-02-30')).json()).toMatchObject({ code: 'holiday.invalid_date' });
  });

  it.each([
    [{ until: `${inDays(3)}\u0000` }],
    [{ until: '\uD800' }],
    [{ until: 'x'.repeat(100_000) }],
    [{ until: `${inDays(3)}T10:00:00Z` }],
    [{ until: 20261212 }],
    [{ until: inDays(3), userId: '00000000-0000-4000-8000-000000000000' }],
    [{}],
  ])('refuses hostile body #%# with 400 and changes nothing', async (body) => {
    const member = await t.member();
    expect((await member.put('/api/users/holiday', body)).statusCode).toBe(400);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, member.user?.id ?? ''));
    expect(row?.holidayUntil).toBeNull();
  });
});

describe('while a member is away', () => {
  it('hides their items from Browse, search and facets at once, and shows them again when they end it', async () => {
    const away = await t.member({ firstName: 'Maya' });
    const viewer = await t.member();
    const item = await buildItem(t, away, { title: 'Corduroy Jacket', brand: 'Zeta' });
    // Warm the marketplace cache first: the holiday must empty it.
    expect(await browseIds(viewer)).toContain(item.id);
    expect((await viewer.get('/api/items/facets')).json().total).toBe(1);
    expect((await goAway(away)).statusCode).toBe(200);
    expect(await browseIds(viewer)).not.toContain(item.id);
    expect(await browseIds(t.visitor(), '?search=corduroy')).toEqual([]);
    expect((await viewer.get('/api/items/facets')).json().total).toBe(0);
    // The item page still answers, naming the return date.
    const page = (await viewer.get(`/api/items/${item.id}`)).json();
    expect(page.owner.awayUntil).toMatch(/T00:00:00.000Z$/);
    // Their profile keeps their items.
    expect((await viewer.get(`/api/users/${away.user?.id}/items`)).json()).toHaveLength(1);
    await away.delete('/api/users/holiday');
    expect(await browseIds(viewer)).toContain(item.id);
  });

  it('ends by itself once the return date has begun', async () => {
    const away = await t.member();
    const item = await buildItem(t, away);
    await t.db
      .update(users)
      .set({ holidayUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, away.user?.id ?? ''));
    expect(await browseIds(t.visitor())).toContain(item.id);
    expect((await away.get('/api/auth/user')).json().holidayUntil).toBeNull();
  });

  it('refuses new trade requests for their items naming the return date; pending ones stay', async () => {
    const owner = await t.member({ firstName: 'Maya' });
    const requester = await t.member();
    const wanted = await buildItem(t, owner);
    const earlier = await buildItem(t, requester, { title: 'Earlier offer' });
    const offered = await buildItem(t, requester, { title: 'Later offer' });
    const pending = await requester.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: earlier.id,
    });
    expect(pending.statusCode).toBe(201);
    const until = inDays(20);
    await goAway(owner, until);
    const refused = await requester.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`Maya is away until ${formatReturnDate(until)}`);
    const trades = (await owner.get('/api/trade-requests')).json();
    expect(trades.map((trade: { status: string }) => trade.status)).toEqual(['pending']);
  });

  it('leaves them out of smart matches, barter matches and wishlist matches', async () => {
    const away = await t.member();
    const viewer = await t.member();
    const theirs = await buildItem(t, away, { title: 'Denim Jacket', estimatedValue: 5000 });
    const mine = await buildItem(t, viewer, { title: 'Denim Coat', estimatedValue: 5000 });
    await viewer.post('/api/wishlist', { title: 'denim jacket', category: 'clothing' });
    expect((await viewer.get('/api/wishlist/matches')).json()).not.toEqual([]);
    expect((await viewer.post(`/api/items/${theirs.id}/smart-matches`, {})).json().matches).not.toEqual([]);
    const before = (await viewer.get(`/api/barter-matches/${mine.id}`)).json();
    expect(before.map((match: { item: { id: string } }) => match.item.id)).toContain(theirs.id);
    await goAway(away);
    expect((await viewer.post(`/api/items/${theirs.id}/smart-matches`, {})).json()).toEqual({ matches: [] });
    const barter = (await viewer.get(`/api/barter-matches/${mine.id}`)).json();
    expect(barter.map((match: { item: { id: string } }) => match.item.id)).not.toContain(theirs.id);
    expect((await viewer.get('/api/wishlist/matches')).json()).toEqual([]);
  });

  it('leaves them out of the swap-ring want graph until they are back', async () => {
    const away = await t.member();
    const viewer = await t.member();
    const theirs = await buildItem(t, away, { title: 'Coat', estimatedValue: 5000 });
    const mine = await buildItem(t, viewer, { title: 'Boots', category: 'shoes', estimatedValue: 5000 });
    await goAway(away);
    await viewer.post('/api/favorites', { itemId: theirs.id });
    await away.post('/api/favorites', { itemId: mine.id });
    expect((await loadWantGraph(t.db)).arcs).toEqual([]);
    await t.app.ringRepack.run(new Date());
    expect((await viewer.get('/api/rings')).json()).toEqual([]);
    await away.delete('/api/users/holiday');
    expect((await loadWantGraph(t.db)).arcs).toHaveLength(2);
  });
});
