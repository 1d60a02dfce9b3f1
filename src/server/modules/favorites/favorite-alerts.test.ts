import { describe, expect, it } from 'vitest';
import { listItem, requestTrade } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const alerts = async (client: TestClient) =>
  ((await client.get('/api/notifications')).json() as Array<{ type: string; title: string; link: string }>)
    .filter((note) => note.type === 'favorite_update')
    .map((note) => note.title)
    .reverse();

describe('favourite status alerts', () => {
  it('tells favouriters, not the owner nor the trade’s parties, when an item is reserved and available again, once per change', async () => {
    const owner = await t.member();
    const requester = await t.member();
    const fan = await t.member();
    const { wanted, id } = await requestTrade(owner, requester);
    await fan.post('/api/favorites', { itemId: wanted.id });
    // The requester wants it too, but hears of the trade through the trade's own notifications.
    await requester.post('/api/favorites', { itemId: wanted.id });
    expect((await owner.patch(`/api/trade-requests/${id}`, { status: 'accepted' })).statusCode).toBe(200);
    expect(await alerts(fan)).toEqual(['A favourite was reserved']);
    const cancelled = await requester.patch(`/api/trade-requests/${id}`, {
      status: 'cancelled',
      reason: 'Changed my mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await alerts(fan)).toEqual(['A favourite was reserved', 'A favourite is available again']);
    const [latest] = (await fan.get('/api/notifications')).json();
    expect(latest.link).toBe(`/browse?highlight=${wanted.id}`);
    expect(await alerts(owner)).toEqual([]);
    expect(await alerts(requester)).toEqual([]);

    // A second reservation is a new change, and is told again.
    const again = await requester.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: (await listItem(requester)).id,
    });
    await owner.patch(`/api/trade-requests/${again.json().id}`, { status: 'accepted' });
    expect(await alerts(fan)).toEqual([
      'A favourite was reserved',
      'A favourite is available again',
      'A favourite was reserved',
    ]);
  });

  it('tells favouriters once when an item is unlisted, not again when it is then deleted', async () => {
    const owner = await t.member();
    const fan = await t.member();
    const other = await t.member();
    const item = await listItem(owner);
    await fan.post('/api/favorites', { itemId: item.id });
    await other.post('/api/favorites', { itemId: item.id });
    await owner.patch(`/api/items/${item.id}`, { isActive: false });
    await owner.patch(`/api/items/${item.id}`, { isActive: false });
    expect((await owner.delete(`/api/items/${item.id}`)).statusCode).toBe(204);
    expect(await alerts(fan)).toEqual(['A favourite was withdrawn']);
    expect(await alerts(other)).toEqual(['A favourite was withdrawn']);
    expect(await alerts(owner)).toEqual([]);

    const deleted = await listItem(owner);
    await fan.post('/api/favorites', { itemId: deleted.id });
    await owner.delete(`/api/items/${deleted.id}`);
    expect(await alerts(fan)).toEqual(['A favourite was withdrawn', 'A favourite was withdrawn']);
  });

  it('says nothing across a block', async () => {
    const owner = await t.member();
    const fan = await t.member();
    const item = await listItem(owner);
    await fan.post('/api/favorites', { itemId: item.id });
    await owner.post('/api/blocks', { userId: fan.user?.id });
    await owner.delete(`/api/items/${item.id}`);
    expect(await alerts(fan)).toEqual([]);
  });
});
