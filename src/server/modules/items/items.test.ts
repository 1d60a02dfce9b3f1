import { describe, expect, it } from 'vitest';
import { itemInput, listItem, uploadImage } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknownId = '00000000-0000-4000-8000-000000000000';

describe('POST /api/items', () => {
  it('lists an item for a member and answers 201 with the item and its owner', async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const photo = await uploadImage(owner);
    const response = await owner.post(
      '/api/items',
      itemInput(photo, { tags: ['Vintage', 'vintage', 'denim'] }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      title: 'Vintage Denim Jacket',
      category: 'clothing',
      gender: 'unisex',
      style: 'Outerwear',
      condition: 'good',
      estimatedValue: 4500,
      images: [photo],
      tags: ['vintage', 'denim'],
      isActive: true,
      availability: 'available',
      favoriteCount: 0,
      userId: owner.user?.id,
      owner: { id: owner.user?.id, firstName: 'Olga', averageRating: null, reviewCount: 0 },
    });
    expect((await t.visitor().get(`/api/items/${created.id}`)).json()).toEqual(created);
  });

  it('refuses a visitor with 401', async () => {
    const response = await t
      .visitor()
      .post('/api/items', itemInput('/images/00000000-0000-4000-8000-000000000000'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'auth.session_required', message: 'Unauthorized' });
  });

  it('accepts the spec labels for condition and gender', async () => {
    const owner = await t.member();
    const photo = await uploadImage(owner);
    const response = await owner.post(
      '/api/items',
      itemInput(photo, { condition: 'Like New', gender: 'Women' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ condition: 'like-new', gender: 'women' });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    [{ description: '  ' }, 'Description is required'],
    [{ category: 'hats' }, 'Unknown category "hats". Use one of: clothing, shoes, accessories'],
    [{ condition: 'mint' }, 'Unknown condition "mint". Use one of: new, like-new, good, fair, poor'],
    [{ estimatedValue: -1 }, 'Estimated value must be at least 0'],
    [{ estimatedValue: 12.5 }, 'Estimated value must be a whole number of cents'],
    [{ estimatedValue: '45' }, 'Estimated value is required, in cents'],
    [{ images: [] }, 'Add at least one photo'],
    [{ images: ['https://evil.example/x.png'] }, 'Photos must be URLs returned by /api/images'],
    [{ colors: ['Teal'] }, expect.stringContaining('Unknown color "Teal"')],
    [{ extra: true }, expect.stringContaining('Unrecognized key')],
  ])('refuses %j with 400', async (overrides, message) => {
    const owner = await t.member();
    const photo = await uploadImage(owner);
    const response = await owner.post('/api/items', { ...itemInput(photo), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(message);
    expect((await t.visitor().get('/api/items')).json()).toHaveLength(0);
  });

  it('refuses more than 8 photos and photos uploaded by someone else', async () => {
    const owner = await t.member();
    const other = await t.member();
    const photo = await uploadImage(owner);
    const many = Array.from({ length: 9 }, () => photo);
    expect((await owner.post('/api/items', itemInput(photo, { images: many }))).json().message).toBe(
      'Add at most 8 photos',
    );
    const theirs = await uploadImage(other);
    const stolen = await owner.post('/api/items', itemInput(photo, { images: [theirs] }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('Photos must be images you uploaded through /api/images');
  });
});

describe('GET /api/items/:id', () => {
  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    expect((await t.visitor().get(`/api/items/${unknownId}`)).statusCode).toBe(404);
    const malformed = await t.visitor().get('/api/items/42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid id');
  });
});

describe('PATCH /api/items/:id', () => {
  it('lets the owner change some fields', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    const response = await owner.patch(`/api/items/${item.id}`, {
      title: 'Denim Trucker Jacket',
      estimatedValue: 5000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Denim Trucker Jacket',
      estimatedValue: 5000,
      brand: "Levi's",
    });
  });

  it('refuses a visitor (401), another member (403) and an unknown item (404)', async () => {
    const owner = await t.member();
    const other = await t.member();
    const item = await listItem(owner);
    expect((await t.visitor().patch(`/api/items/${item.id}`, { title: 'Mine now' })).statusCode).toBe(401);
    const foreign = await other.patch(`/api/items/${item.id}`, { title: 'Mine now' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      code: 'items.not_yours',
      message: 'You can only change your own items',
    });
    expect((await other.patch(`/api/items/${unknownId}`, { title: 'x' })).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/items/${item.id}`)).json().title).toBe('Vintage Denim Jacket');
  });

  it('refuses an empty change and invalid values with 400', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    expect((await owner.patch(`/api/items/${item.id}`, {})).json().message).toBe(
      'Send at least one field to change',
    );
    expect((await owner.patch(`/api/items/${item.id}`, { estimatedValue: -5 })).statusCode).toBe(400);
    expect((await owner.patch(`/api/items/${item.id}`, { userId: owner.user?.id })).statusCode).toBe(400);
  });

  it('unlists and relists an item with isActive', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    await owner.patch(`/api/items/${item.id}`, { isActive: false });
    expect((await t.visitor().get('/api/items')).json()).toHaveLength(0);
    await owner.patch(`/api/items/${item.id}`, { isActive: true });
    expect((await t.visitor().get('/api/items')).json()).toHaveLength(1);
  });
});

describe('DELETE /api/items/:id', () => {
  it('soft-deletes for the owner: the item leaves the marketplace, the owner still sees it by id', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    const response = await owner.delete(`/api/items/${item.id}`);
    expect(response.statusCode).toBe(204);
    expect((await t.visitor().get('/api/items')).json()).toHaveLength(0);
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/items/${item.id}`)).json().isActive).toBe(false);
    expect((await owner.get(`/api/users/${owner.user?.id}/items`)).json()).toHaveLength(0);
    expect((await owner.patch(`/api/items/${item.id}`, { isActive: true })).statusCode).toBe(404);
  });

  it('refuses a visitor (401), another member (403) and an unknown item (404)', async () => {
    const owner = await t.member();
    const other = await t.member();
    const item = await listItem(owner);
    expect((await t.visitor().delete(`/api/items/${item.id}`)).statusCode).toBe(401);
    expect((await other.delete(`/api/items/${item.id}`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/items/${unknownId}`)).statusCode).toBe(404);
    expect((await t.visitor().get('/api/items')).json()).toHaveLength(1);
  });
});

describe('GET /api/users/:id/items', () => {
  it('shows the owner all their undeleted items and others only listed ones', async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Listed' });
    const hidden = await listItem(owner, { title: 'Unlisted' });
    await owner.patch(`/api/items/${hidden.id}`, { isActive: false });
    const path = `/api/users/${owner.user?.id}/items`;
    expect(
      (await owner.get(path))
        .json()
        .map((i: { title: string }) => i.title)
        .sort(),
    ).toEqual(['Listed', 'Unlisted']);
    expect((await t.visitor().get(path)).json().map((i: { title: string }) => i.title)).toEqual(['Listed']);
    expect((await (await t.member()).get(path)).json()).toHaveLength(1);
    expect((await t.visitor().get(`/api/users/${unknownId}/items`)).statusCode).toBe(404);
  });
});

describe('GET /api/stats', () => {
  it('counts members, listed items and trades', async () => {
    const owner = await t.member();
    await listItem(owner);
    await t.member();
    expect((await t.visitor().get('/api/stats')).json()).toEqual({
      totalUsers: 2,
      totalItems: 1,
      totalTrades: 0,
      // No completed swap yet: nothing saved (common/domain/swap-impact.ts).
      co2SavedKg: 0,
      landfillSavedKg: 0,
    });
  });
});
