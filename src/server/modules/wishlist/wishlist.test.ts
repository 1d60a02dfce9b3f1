import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const entry = { title: 'Denim jacket', category: 'clothing' };
const wishlistNotes = async (client: TestClient) =>
  (await client.get('/api/notifications'))
    .json()
    .filter((n: { type: string }) => n.type === 'wishlist_match');

describe('wishlist API', () => {
  it('refuses a visitor on every call', async () => {
    const visitor = t.visitor();
    expect((await visitor.get('/api/wishlist')).statusCode).toBe(401);
    expect((await visitor.get('/api/wishlist/matches')).statusCode).toBe(401);
    expect((await visitor.post('/api/wishlist', entry)).statusCode).toBe(401);
    expect((await visitor.delete('/api/wishlist/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('accepts both payload variants and lists the member’s own entries', async () => {
    const member = await t.member();
    const first = await member.post('/api/wishlist', {
      ...entry,
      description: '  90s cut  ',
      brand: "Levi's",
      size: 'M',
      maxValue: 6000,
      tags: ['Vintage'],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      title: 'Denim jacket',
      description: '90s cut',
      category: 'clothing',
      brand: "Levi's",
      preferredBrand: "Levi's",
      size: 'M',
      maxValue: 6000,
      maxPrice: 6000,
      tags: ['vintage'],
    });
    const second = await member.post('/api/wishlist', {
      title: 'Tote',
      category: 'bags',
      preferredBrand: 'Longchamp',
      preferredSize: '',
      maxPrice: 2500,
    });
    expect(second.json()).toMatchObject({ brand: 'Longchamp', size: null, maxValue: 2500 });
    const empty = await member.post('/api/wishlist', {
      title: 'Scarf',
      category: 'accessories',
      brand: '   ',
      maxValue: null,
    });
    expect(empty.json()).toMatchObject({ brand: null, maxValue: null, description: '' });
    expect((await member.get('/api/wishlist')).json()).toHaveLength(3);
    expect((await (await t.member()).get('/api/wishlist')).json()).toEqual([]);
  });

  it.each([
    [{ category: 'clothing' }, 'Title is required'],
    [{ title: '   ', category: 'clothing' }, 'Title is required'],
    [{ title: 'Jacket' }, 'Category is required'],
    [{ title: 'Jacket', category: '' }, 'Category is required'],
    [
      { title: 'Jacket', category: 'hats' },
      'Category must be one of: clothing, shoes, accessories, bags, jewelry, watches',
    ],
    [{ ...entry, maxValue: -1 }, 'maxValue must be at least 0'],
    [{ ...entry, maxValue: 12.5 }, 'maxValue must be a whole number of cents'],
    [{ ...entry, owner: 'x' }, expect.stringContaining('Unrecognized key')],
  ])('refuses %j with 400', async (body, message) => {
    const member = await t.member();
    const response = await member.post('/api/wishlist', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(message);
    expect((await member.get('/api/wishlist')).json()).toEqual([]);
  });

  it('deletes only your own entries', async () => {
    const owner = await t.member();
    const other = await t.member();
    const created = (await owner.post('/api/wishlist', entry)).json();
    expect((await other.delete(`/api/wishlist/${created.id}`)).statusCode).toBe(404);
    expect((await owner.get('/api/wishlist')).json()).toHaveLength(1);
    expect((await owner.delete(`/api/wishlist/${created.id}`)).statusCode).toBe(204);
    expect((await owner.get('/api/wishlist')).json()).toEqual([]);
    expect((await owner.delete(`/api/wishlist/${created.id}`)).statusCode).toBe(404);
    expect((await owner.delete('/api/wishlist/nope')).statusCode).toBe(400);
  });
});

describe('wishlist matches', () => {
  it('lists other members’ listed items by category, title word, brand, size and value', async () => {
    const seeker = await t.member();
    const seller = await t.member();
    await seeker.post('/api/wishlist', { title: 'jacket', category: 'clothing', size: 'M', maxValue: 5000 });
    await seeker.post('/api/wishlist', { title: 'tote', category: 'bags' });
    const match = await listItem(seller, { title: 'Denim Jacket', size: 'M', estimatedValue: 4500 });
    await listItem(seller, { title: 'Denim Jacket XL', size: 'XL', estimatedValue: 4500 });
    await listItem(seller, { title: 'Pricey Jacket', size: 'M', estimatedValue: 9000 });
    await listItem(seller, { title: 'Denim Jeans', size: 'M', estimatedValue: 3000 });
    const tote = await listItem(seller, {
      title: 'Canvas Tote',
      category: 'accessories',
      style: 'Bags',
      size: null,
    });
    await listItem(seller, { title: 'Tote Necklace', category: 'accessories', style: 'Jewelry', size: null });
    await listItem(seeker, { title: 'My own Jacket', size: 'M', estimatedValue: 1000 });
    const matches = (await seeker.get('/api/wishlist/matches')).json();
    expect(matches.map((m: { id: string }) => m.id).sort()).toEqual([match.id, tote.id].sort());
    expect(matches[0]).toEqual(
      expect.objectContaining({
        title: expect.any(String),
        images: expect.any(Array),
        condition: 'good',
        wishlistItemIds: expect.any(Array),
      }),
    );
  });
});

describe('wishlist alerts', () => {
  it('notifies each matching member once per item, never the owner, never non-matching members', async () => {
    const seeker = await t.member();
    const other = await t.member();
    const seller = await t.member();
    await seeker.post('/api/wishlist', { title: 'jacket', category: 'clothing' });
    await seeker.post('/api/wishlist', { title: 'denim', category: 'clothing' });
    await other.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    await seller.post('/api/wishlist', { title: 'jacket', category: 'clothing' });

    const item = await listItem(seller, { title: 'Denim Jacket' });
    const notes = await wishlistNotes(seeker);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'Wishlist match found',
      message: '"Denim Jacket" matches your wishlist item "jacket".',
      link: `/browse?highlight=${item.id}`,
    });
    expect(await wishlistNotes(other)).toEqual([]);
    expect(await wishlistNotes(seller)).toEqual([]);

    await seller.patch(`/api/items/${item.id}`, { isActive: false });
    await seller.patch(`/api/items/${item.id}`, { isActive: true });
    expect(await wishlistNotes(seeker)).toHaveLength(1);
  });

  it('alerts again for a relisted item that was not announced before', async () => {
    const seeker = await t.member();
    const seller = await t.member();
    const item = await listItem(seller, { title: 'Chelsea Boots', category: 'shoes', style: 'Shoes' });
    await seller.patch(`/api/items/${item.id}`, { isActive: false });
    await seeker.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    await seller.patch(`/api/items/${item.id}`, { isActive: true });
    expect(await wishlistNotes(seeker)).toHaveLength(1);
  });
});
