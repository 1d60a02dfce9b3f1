import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema';
import { listItem, uploadImage } from '../../test-support/fixtures';
import { type Instance, useInstances } from '../../test-support/instances';
import { TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const t = useTestApp();

const list = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/items${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    total: Number(response.headers['x-total-count']),
    items: response.json() as Array<{ id: string; title: string; favoriteCount: number }>,
    body: response.body,
  };
};

describe('the cached marketplace reads', () => {
  it('answer a visitor, another member and the owner alike', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const other = await t.member();
    await listItem(owner);
    const seen = await Promise.all([list(t.visitor()), list(other), list(owner)]);
    expect(seen.map((answer) => answer.total)).toEqual([1, 1, 1]);
    expect(new Set(seen.map((answer) => answer.body)).size).toBe(1);
    const facets = await t.visitor().get('/api/items/facets');
    expect(facets.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(facets.json()).toMatchObject({ total: 1, categories: { clothing: 1 } });
  });

  it('show every write made through the app to the very next read', async () => {
    const owner = await t.member();
    const other = await t.member();
    const visitor = t.visitor();
    expect((await list(visitor)).total).toBe(0);

    const item = await listItem(owner, { title: 'Wool Coat' });
    expect((await list(visitor)).items.map((i) => i.title)).toEqual(['Wool Coat']);
    expect((await visitor.get('/api/items/facets')).json().total).toBe(1);

    expect((await other.post('/api/favorites', { itemId: item.id })).statusCode).toBe(201);
    expect((await list(visitor)).items[0]?.favoriteCount).toBe(1);

    expect((await owner.patch(`/api/items/${item.id}`, { title: 'Camel Wool Coat' })).statusCode).toBe(200);
    expect((await list(visitor, '?search=camel')).items.map((i) => i.title)).toEqual(['Camel Wool Coat']);

    expect((await owner.delete(`/api/items/${item.id}`)).statusCode).toBe(204);
    expect(await list(visitor)).toMatchObject({ total: 0, items: [] });
    expect((await visitor.get('/api/items/facets')).json().total).toBe(0);
  });

  it('are cached: a change nothing announces shows once the marketplace event arrives', async () => {
    const owner = await t.member();
    const item = await listItem(owner, { title: 'Silk Scarf' });
    const visitor = t.visitor();
    expect((await list(visitor)).items[0]?.title).toBe('Silk Scarf');

    // With triggers off (replication role), the database says nothing of this change.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(items).set({ title: 'Renamed Quietly' }).where(eq(items.id, item.id));
    });
    expect((await list(visitor)).items[0]?.title).toBe('Silk Scarf');

    await t.app.bus.publish({ kind: 'marketplace' });
    expect((await list(visitor)).items[0]?.title).toBe('Renamed Quietly');
  });

  it.skipIf(testDriver !== 'pglite')(
    'on the embedded database, hear the triggers: a change made behind the app shows at once',
    async () => {
      const owner = await t.member();
      const item = await listItem(owner, { title: 'Linen Shirt' });
      expect((await list(t.visitor())).items[0]?.title).toBe('Linen Shirt');
      await t.db.update(items).set({ title: 'Linen Camp Shirt' }).where(eq(items.id, item.id));
      expect((await list(t.visitor())).items[0]?.title).toBe('Linen Camp Shirt');
    },
  );

  it('are kept by refused writes and by reads', async () => {
    const owner = await t.member();
    const other = await t.member();
    const item = await listItem(owner);
    await list(t.visitor());
    const generation = t.app.marketplaceCache.generation;
    expect((await t.visitor().post('/api/favorites', { itemId: item.id })).statusCode).toBe(401);
    expect((await other.patch(`/api/items/${item.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await owner.post('/api/favorites', { itemId: item.id })).statusCode).toBe(400);
    await owner.get('/api/auth/user');
    expect(t.app.marketplaceCache.generation).toBe(generation);
  });

  it('send brotli or gzip to clients that accept it, made once per cached answer', async () => {
    const owner = await t.member();
    for (let i = 0; i < 6; i++) await listItem(owner, { title: `Denim Jacket ${i}` });
    const visitor = t.visitor();
    const plain = await visitor.get('/api/items');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await visitor.get('/api/items', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
    expect((await visitor.get('/api/items', { 'accept-encoding': 'br' })).headers['x-total-count']).toBe('6');
    // A small answer (the facets of six items) is not worth compressing.
    const facets = await visitor.get('/api/items/facets', { 'accept-encoding': 'br' });
    expect(facets.headers['content-encoding']).toBeUndefined();
    expect(facets.json().total).toBe(6);
  });

  it('are kept by frequent writes that change no listing: sign-in, chat, notifications, uploads', async () => {
    const owner = await t.member({ password: 'owner-password' });
    const other = await t.member();
    await listItem(owner);
    await list(t.visitor());
    const generation = t.app.marketplaceCache.generation;
    const conversation = await other.post('/api/conversations/find-or-create', {
      otherUserId: owner.user?.id,
    });
    expect(conversation.statusCode).toBe(201);
    const sent = await other.post('/api/messages', {
      conversationId: conversation.json().id,
      content: 'Hi!',
    });
    expect(sent.statusCode).toBe(201);
    expect((await owner.patch(`/api/conversations/${conversation.json().id}/read`)).statusCode).toBe(200);
    expect((await owner.patch('/api/notifications/read-all')).statusCode).toBe(200);
    await uploadImage(owner);
    expect((await owner.post('/api/auth/logout')).statusCode).toBe(200);
    const signIn = await t
      .visitor()
      .post('/api/auth/login', { email: owner.user?.email, password: 'owner-password' });
    expect(signIn.statusCode).toBe(200);
    expect(t.app.marketplaceCache.generation).toBe(generation);
    // A write that does change a listing still empties it.
    const itemId = (await list(t.visitor())).items[0]?.id;
    expect((await other.post('/api/favorites', { itemId })).statusCode).toBe(201);
    expect(t.app.marketplaceCache.generation).toBeGreaterThan(generation);
  });

  it('are kept by writes that change nothing public: a block, preferences, a read notification', async () => {
    const owner = await t.member();
    const other = await t.member();
    await listItem(owner);
    await other.post('/api/social/connect', { friendId: owner.user?.id });
    const [notification] = (await owner.get('/api/notifications')).json();
    await list(t.visitor());
    const generation = t.app.marketplaceCache.generation;
    const writes = [
      await other.post('/api/blocks', { userId: owner.user?.id }),
      await other.delete(`/api/blocks/${owner.user?.id}`),
      await owner.patch('/api/users/preferences', {
        bio: 'Swaps on weekends',
        preferredCategories: ['Tops'],
      }),
      await owner.patch(`/api/notifications/${notification.id}/read`),
    ];
    expect(writes.map((response) => response.statusCode)).toEqual([201, 204, 200, 200]);
    // A report is not among them: enough reports hide the listing (REPORT_HIDE_THRESHOLD).
    expect(t.app.marketplaceCache.generation).toBe(generation);
  });

  it('page past the end to an empty list with the total', async () => {
    const owner = await t.member();
    await listItem(owner);
    expect(await list(t.visitor(), '?offset=5')).toMatchObject({ total: 1, items: [] });
  });
});

/** Design §8: the other instances drop their cached answers on any change, through the triggers. */
describe.skipIf(testDriver !== 'postgres')('the cached marketplace reads on two instances', () => {
  const instances = useInstances(2);

  /** Reads the list on `instance` until `check` holds, for up to 5 s. */
  async function eventually(instance: Instance, check: (titles: string[]) => boolean) {
    const visitor = new TestClient(() => instance.app);
    const deadline = Date.now() + 5_000;
    for (;;) {
      const titles = (await list(visitor)).items.map((i) => i.title);
      if (check(titles)) return titles;
      if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(titles)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('see a listing made on the other instance, and a change made outside the app', async () => {
    const [one, two] = instances as [Instance, Instance];
    const owner = new TestClient(() => two.app);
    const registered = await owner.post('/api/auth/register', {
      firstName: 'Nadia',
      email: `nadia-${Date.now()}@example.com`,
      password: 'secret-password',
    });
    owner.user = registered.json();
    await eventually(one, (titles) => titles.length === 0);

    const item = await listItem(owner, { title: 'Suede Loafers' });
    expect(await eventually(one, (titles) => titles.includes('Suede Loafers'))).toEqual(['Suede Loafers']);

    // As a script or psql would: no app instance made this change.
    await one.database.db.execute(sql`update items set title = 'Suede Penny Loafers' where id = ${item.id}`);
    await eventually(one, (titles) => titles[0] === 'Suede Penny Loafers');
    await eventually(two, (titles) => titles[0] === 'Suede Penny Loafers');
  });
});
