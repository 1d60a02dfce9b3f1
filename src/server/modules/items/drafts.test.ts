import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, MAX_DRAFTS, TOO_MANY_DRAFTS_MESSAGE } from '../../../common/api/drafts';
import { images, itemDrafts, items } from '../../db/schema';
import { itemInput, uploadImage } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { sweepExpiredDrafts } from './drafts.service';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
const idOf = (url: string) => url.replace('/images/', '');

const saveDraft = (client: TestClient, body: object) => client.post('/api/drafts', body);
const myDrafts = async (client: TestClient) =>
  (await client.get('/api/drafts')).json() as Array<{
    id: string;
    fields: Record<string, unknown>;
    images: string[];
    updatedAt: string;
    expiresAt: string;
  }>;

describe('listing drafts API', () => {
  it('refuses a visitor on every call', async () => {
    const visitor = t.visitor();
    expect((await visitor.get('/api/drafts')).statusCode).toBe(401);
    expect((await saveDraft(visitor, { title: 'Coat' })).statusCode).toBe(401);
    expect((await visitor.put(`/api/drafts/${unknown}`, { title: 'Coat' })).statusCode).toBe(401);
    expect((await visitor.delete(`/api/drafts/${unknown}`)).statusCode).toBe(401);
    expect((await visitor.post(`/api/drafts/${unknown}/publish`, {})).statusCode).toBe(401);
  });

  it('saves partial fields and photos, lists only the owner’s, updates, deletes; another member gets 404', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const photo = await uploadImage(alice);
    const created = await saveDraft(alice, {
      title: '  Wool coat ',
      category: 'Clothing',
      colors: ['blue', 'Blue'],
      images: [photo],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({
      fields: { title: 'Wool coat', category: 'clothing', colors: ['Blue'] },
      images: [photo],
    });
    expect(new Date(draft.expiresAt).getTime() - new Date(draft.updatedAt).getTime()).toBe(DRAFT_TTL_MS);

    expect(await myDrafts(alice)).toHaveLength(1);
    expect(await myDrafts(bob)).toEqual([]);
    expect((await bob.put(`/api/drafts/${draft.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/drafts/${draft.id}`)).statusCode).toBe(404);
    expect((await bob.post(`/api/drafts/${draft.id}/publish`, {})).statusCode).toBe(404);

    // PUT replaces the draft: the category left out is gone, the new fields are in.
    const updated = await alice.put(`/api/drafts/${draft.id}`, {
      title: 'Wool coat, navy',
      estimatedValue: 5000,
      images: [photo],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().fields).toEqual({ title: 'Wool coat, navy', estimatedValue: 5000 });
    expect((await myDrafts(alice))[0]?.fields.title).toBe('Wool coat, navy');

    expect((await alice.delete(`/api/drafts/${draft.id}`)).statusCode).toBe(204);
    expect((await alice.delete(`/api/drafts/${draft.id}`)).statusCode).toBe(404);
    expect(await myDrafts(alice)).toEqual([]);
  });

  it('checks every field present with the listing rules, and changes nothing on a 400', async () => {
    const alice = await t.member();
    const bobPhoto = await uploadImage(await t.member());
    const refused = [
      {},
      { title: '' },
      { title: 'x'.repeat(201) },
      { category: 'spaceships' },
      { condition: 'brand-new-ish' },
      { estimatedValue: -1 },
      { estimatedValue: 12.5 },
      { images: ['https://example.com/a.png'] },
      { images: [bobPhoto] },
      { category: 'shoes', subcategory: 'dresses' },
      { tags: Array.from({ length: 40 }, (_, i) => `t${i}`) },
      { title: 'Coat', owner: 'someone' },
      { title: 'Coat', isActive: true },
      { title: 'Nul\u0000byte' },
      { description: 'lone \ud800 surrogate' },
      { brand: null, size: null, location: null },
    ];
    for (const body of refused) {
      const response = await saveDraft(alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await myDrafts(alice)).toEqual([]);
    const kept = (await saveDraft(alice, { title: 'Coat' })).json();
    expect((await alice.put(`/api/drafts/${kept.id}`, { title: '<script>'.repeat(40) })).statusCode).toBe(
      400,
    );
    expect((await alice.put(`/api/drafts/${kept.id}`, { title: 'Nul\u0000' })).statusCode).toBe(400);
    expect((await alice.put('/api/drafts/not-an-id', { title: 'Coat' })).statusCode).toBe(400);
    expect((await myDrafts(alice))[0]?.fields).toEqual({ title: 'Coat' });
  });

  it('caps the drafts a member keeps, with a clear 409, also when saves arrive together', async () => {
    const alice = await t.member();
    await t.db.insert(itemDrafts).values(
      Array.from({ length: MAX_DRAFTS - 2 }, (_, i) => ({
        userId: alice.user?.id ?? '',
        fields: { title: `Draft ${i}` },
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => saveDraft(alice, { title: `Concurrent ${i}` })),
    );
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(2);
    for (const response of results.filter((entry) => entry.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(TOO_MANY_DRAFTS_MESSAGE);
    }
    expect(await myDrafts(alice)).toHaveLength(MAX_DRAFTS);
    // Another member has room of their own.
    expect((await saveDraft(await t.member(), { title: 'Mine' })).statusCode).toBe(201);
  });

  it('publishes a complete draft as a listing, with the listing side effects, and removes the draft', async () => {
    const alice = await t.member();
    const bob = await t.member();
    expect(
      (await bob.post('/api/saved-searches', { name: 'Jackets', query: 'search=jacket' })).statusCode,
    ).toBe(201);
    const photo = await uploadImage(alice);
    const { images: _images, ...rest } = itemInput(photo, { title: 'Corduroy jacket' });
    const draft = (await saveDraft(alice, { ...rest, description: undefined, images: [photo] })).json();
    expect(draft.id).toEqual(expect.any(String));

    // Incomplete: the description is missing; nothing is listed and the draft stays.
    const incomplete = await alice.post(`/api/drafts/${draft.id}/publish`, {});
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().issues[0].path).toEqual(['description']);
    expect(await myDrafts(alice)).toHaveLength(1);

    const published = await alice.post(`/api/drafts/${draft.id}/publish`, {
      description: 'Warm brown corduroy, barely worn.',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({
      title: 'Corduroy jacket',
      description: 'Warm brown corduroy, barely worn.',
      images: [photo],
      isActive: true,
    });
    expect(await myDrafts(alice)).toEqual([]);
    expect((await alice.post(`/api/drafts/${draft.id}/publish`, {})).statusCode).toBe(404);

    const browse = (await t.visitor().get('/api/items?search=corduroy')).json() as Array<{ id: string }>;
    expect(browse.map((entry) => entry.id)).toEqual([published.json().id]);
    const alerts = ((await bob.get('/api/notifications')).json() as Array<{ type: string }>).filter(
      (note) => note.type === 'saved_search',
    );
    expect(alerts).toHaveLength(1);
  });

  it('publishes a draft once when two publishes race', async () => {
    const alice = await t.member();
    const photo = await uploadImage(alice);
    const draft = (await saveDraft(alice, itemInput(photo, { title: 'Raced scarf' }))).json();
    const [one, two] = await Promise.all([
      alice.post(`/api/drafts/${draft.id}/publish`, {}),
      alice.post(`/api/drafts/${draft.id}/publish`, {}),
    ]);
    expect([one?.statusCode, two?.statusCode].sort()).toEqual([201, 404]);
    const [listed] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .where(eq(items.title, 'Raced scarf'));
    expect(listed?.n).toBe(1);
  });

  it('never shows a draft in Browse, search, facets, profiles, the owner’s items or stats', async () => {
    const alice = await t.member();
    const photo = await uploadImage(alice);
    const before = (await t.visitor().get('/api/stats')).json();
    const draft = await saveDraft(
      alice,
      itemInput(photo, { title: 'Zanzibar secret parka', brand: 'Quokka' }),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    for (const client of [t.visitor(), alice]) {
      expect((await client.get('/api/items')).json()).toEqual([]);
      expect((await client.get('/api/items?search=zanzibar')).json()).toEqual([]);
      const facets = (await client.get('/api/items/facets')).json();
      expect(facets.total).toBe(0);
      expect(facets.brands).toEqual([]);
      expect((await client.get(`/api/users/${alice.user?.id}/items`)).json()).toEqual([]);
    }
    expect((await t.visitor().get('/api/stats')).json()).toEqual(before);
    // The draft's id is not an item id.
    expect((await alice.get(`/api/items/${draft.json().id}`)).statusCode).toBe(404);
  });
});

describe('the drafts sweep', () => {
  it('deletes drafts untouched for 30 days, then their photos; keeps fresher drafts and their photos', async () => {
    const alice = await t.member();
    const [oldPhoto, freshPhoto] = await Promise.all([uploadImage(alice), uploadImage(alice)]);
    const old = (await saveDraft(alice, { title: 'Old', images: [oldPhoto] })).json();
    const fresh = (await saveDraft(alice, { title: 'Fresh', images: [freshPhoto] })).json();
    const longAgo = new Date(Date.now() - DRAFT_TTL_MS - 60_000);
    await t.db.update(itemDrafts).set({ updatedAt: longAgo }).where(eq(itemDrafts.id, old.id));
    await t.db.update(images).set({ createdAt: longAgo });

    // A draft keeps its photos from the unattached-photo sweep while it lives.
    expect(await t.app.sweep.run()).toEqual(expect.arrayContaining(['drafts.expired', 'images.unattached']));
    const drafts = await myDrafts(alice);
    expect(drafts.map((entry) => entry.id)).toEqual([fresh.id]);
    const left = (await t.db.select({ id: images.id }).from(images)).map((row) => row.id);
    expect(left).toEqual([idOf(freshPhoto)]);
    expect((await t.visitor().get(oldPhoto)).statusCode).toBe(404);
    expect((await t.visitor().get(freshPhoto)).statusCode).toBe(200);

    // Saving again restarts the 30 days.
    expect((await alice.put(`/api/drafts/${fresh.id}`, { title: 'Fresh again' })).statusCode).toBe(200);
    expect(await sweepExpiredDrafts(t.app.services, new Date(Date.now() + DRAFT_TTL_MS - 60_000))).toBe(0);
    expect(await sweepExpiredDrafts(t.app.services, new Date(Date.now() + DRAFT_TTL_MS + 60_000))).toBe(1);
  });

  it('goes with the member’s account', async () => {
    const alice = await t.member({ password: 'secret-password' });
    await saveDraft(alice, { title: 'Coat' });
    const deleted = await alice.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'secret-password' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(itemDrafts)).toEqual([]);
  });
});
