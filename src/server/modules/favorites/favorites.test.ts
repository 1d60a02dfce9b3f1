import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('favourites', () => {
  it('refuses a visitor on every call with 401', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    const visitor = t.visitor();
    expect((await visitor.get('/api/favorites')).statusCode).toBe(401);
    expect((await visitor.post('/api/favorites', { itemId: item.id })).statusCode).toBe(401);
    expect((await visitor.delete(`/api/favorites/${item.id}`)).statusCode).toBe(401);
  });

  it('adds and removes idempotently, and the popularity count moves once', async () => {
    const owner = await t.member();
    const fan = await t.member();
    const item = await listItem(owner);
    for (let i = 0; i < 2; i++) {
      const added = await fan.post('/api/favorites', { itemId: item.id });
      expect(added.statusCode).toBe(201);
      expect(added.json().itemId).toBe(item.id);
    }
    const list = (await fan.get('/api/favorites')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ itemId: item.id, item: { id: item.id, title: item.title } });
    expect((await t.visitor().get(`/api/items/${item.id}`)).json().favoriteCount).toBe(1);

    for (let i = 0; i < 2; i++) expect((await fan.delete(`/api/favorites/${item.id}`)).statusCode).toBe(204);
    expect((await fan.get('/api/favorites')).json()).toEqual([]);
    expect((await t.visitor().get(`/api/items/${item.id}`)).json().favoriteCount).toBe(0);
  });

  it('keeps each member’s favourites private to them', async () => {
    const owner = await t.member();
    const fan = await t.member();
    const other = await t.member();
    const item = await listItem(owner);
    await fan.post('/api/favorites', { itemId: item.id });
    expect((await other.get('/api/favorites')).json()).toEqual([]);
    expect((await other.delete(`/api/favorites/${item.id}`)).statusCode).toBe(204);
    expect((await fan.get('/api/favorites')).json()).toHaveLength(1);
  });

  it('refuses your own item, unknown and unlisted items, and bad ids', async () => {
    const owner = await t.member();
    const fan = await t.member();
    const item = await listItem(owner);
    const own = await owner.post('/api/favorites', { itemId: item.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot favourite your own item');
    expect(
      (await fan.post('/api/favorites', { itemId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    await owner.delete(`/api/items/${item.id}`);
    expect((await fan.post('/api/favorites', { itemId: item.id })).statusCode).toBe(404);
    expect((await fan.post('/api/favorites', { itemId: 'abc' })).json().message).toBe(
      'itemId must be an item id',
    );
    expect((await fan.post('/api/favorites', {})).statusCode).toBe(400);
    expect((await fan.delete('/api/favorites/abc')).statusCode).toBe(400);
  });

  it('sorts by popularity using favourites', async () => {
    const owner = await t.member();
    const a = await listItem(owner, { title: 'Less loved' });
    const b = await listItem(owner, { title: 'Most loved' });
    for (let i = 0; i < 2; i++) await (await t.member()).post('/api/favorites', { itemId: b.id });
    await (await t.member()).post('/api/favorites', { itemId: a.id });
    const titles = (await t.visitor().get('/api/items?sortBy=popular'))
      .json()
      .map((i: { title: string }) => i.title);
    expect(titles).toEqual(['Most loved', 'Less loved']);
  });
});
