import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorites, itemViews, items } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { refreshTrendingScores } from './trending';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

const trendingIds = async () =>
  ((await t.visitor().get('/api/items?sortBy=trending')).json() as Array<{ id: string }>).map((i) => i.id);
const scoreOf = async (id: string) =>
  (await t.db.select({ score: items.trendingScore }).from(items).where(eq(items.id, id)))[0]?.score;

describe('the trending order', () => {
  it('ranks by views and favourites of the last 7 days, after the recompute', async () => {
    const seller = await t.member();
    const quiet = await buildItem(t, seller, { title: 'Quiet Coat' });
    const viewed = await buildItem(t, seller, { title: 'Viewed Coat' });
    const loved = await buildItem(t, seller, { title: 'Loved Coat' });
    const viewers = await Promise.all([t.member(), t.member()]);
    for (const viewer of viewers) {
      expect((await viewer.post(`/api/items/${viewed.id}/view`)).statusCode).toBe(204);
    }
    expect((await viewers[0]!.post('/api/favorites', { itemId: loved.id })).statusCode).toBeLessThan(300);
    await refreshTrendingScores(t.app.services);
    expect(await scoreOf(viewed.id)).toBe(2);
    expect(await scoreOf(loved.id)).toBe(3);
    expect(await scoreOf(quiet.id)).toBe(0);
    const order = await trendingIds();
    expect(order.indexOf(loved.id)).toBeLessThan(order.indexOf(viewed.id));
    expect(order.indexOf(viewed.id)).toBeLessThan(order.indexOf(quiet.id));
  });

  it('counts one view per member and day, and never the owner’s own', async () => {
    const seller = await t.member();
    const item = await buildItem(t, seller);
    const viewer = await t.member();
    for (let i = 0; i < 5; i += 1) await viewer.post(`/api/items/${item.id}/view`);
    expect((await seller.post(`/api/items/${item.id}/view`)).statusCode).toBe(204);
    await refreshTrendingScores(t.app.services);
    expect(await scoreOf(item.id)).toBe(1);
  });

  it('lets activity older than 7 days fall out, and forgets old views', async () => {
    const seller = await t.member();
    const item = await buildItem(t, seller);
    const fan = await t.member();
    await fan.post('/api/favorites', { itemId: item.id });
    await fan.post(`/api/items/${item.id}/view`);
    await refreshTrendingScores(t.app.services);
    expect(await scoreOf(item.id)).toBe(4);
    const later = new Date(Date.now() + 8 * DAY);
    await refreshTrendingScores(t.app.services, later);
    expect(await scoreOf(item.id)).toBe(0);
    expect(await t.db.select().from(itemViews).where(eq(itemViews.itemId, item.id))).toEqual([]);
    expect((await t.db.select().from(favorites).where(eq(favorites.itemId, item.id))).length).toBe(1);
  });

  it('raises the score at once for a favourite and lowers it when removed', async () => {
    const seller = await t.member();
    const item = await buildItem(t, seller);
    const fan = await t.member();
    await fan.post('/api/favorites', { itemId: item.id });
    expect(await scoreOf(item.id)).toBe(3);
    await fan.delete(`/api/favorites/${item.id}`);
    expect(await scoreOf(item.id)).toBe(0);
  });

  it('writes nothing when no score changed', async () => {
    const seller = await t.member();
    await buildItem(t, seller);
    await refreshTrendingScores(t.app.services);
    const before = await t.db.execute(sql`select xmin::text as x from items`);
    await refreshTrendingScores(t.app.services);
    const after = await t.db.execute(sql`select xmin::text as x from items`);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });
});

describe('POST /api/items/:id/view', () => {
  it('asks a visitor to sign in', async () => {
    const item = await buildItem(t, await t.member());
    expect((await t.visitor().post(`/api/items/${item.id}/view`)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown item and 400 for a bad id or body, counting nothing', async () => {
    const viewer = await t.member();
    expect((await viewer.post(`/api/items/${unknown}/view`)).statusCode).toBe(404);
    for (const id of ['not-a-uuid', `${unknown}%00`]) {
      expect((await viewer.post(`/api/items/${id}/view`)).statusCode).toBe(400);
    }
    // An overlong path is refused before routing.
    expect((await viewer.post(`/api/items/${'x'.repeat(5000)}/view`)).statusCode).toBe(414);
    const item = await buildItem(t, await t.member());
    expect((await viewer.post(`/api/items/${item.id}/view`, { $gt: '' })).statusCode).toBe(400);
    expect(await t.db.select().from(itemViews).where(eq(itemViews.itemId, item.id))).toEqual([]);
  });
});
