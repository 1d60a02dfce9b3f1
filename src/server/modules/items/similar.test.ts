import { describe, expect, it } from 'vitest';
import { buildItem } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
type Similar = Array<{ item: { id: string; title: string }; reasons: string[] }>;

describe('GET /api/items/:id/similar', () => {
  it('ranks listed items of the same category and department by what they share, with reasons', async () => {
    const seller = await t.member();
    const other = await t.member();
    const target = await buildItem(t, seller, {
      title: 'Blue Denim Jacket',
      brand: 'Levi',
      size: 'M',
      estimatedValue: 6000,
      tags: ['vintage'],
      colors: ['blue'],
      gender: 'women',
    });
    const best = await buildItem(t, other, {
      title: 'Denim Jacket',
      brand: 'levi',
      size: 'M',
      estimatedValue: 6500,
      tags: ['vintage'],
      colors: ['blue'],
      gender: 'women',
    });
    const near = await buildItem(t, other, {
      title: 'Cord Jacket',
      size: 'L',
      estimatedValue: 5800,
      gender: 'women',
    });
    await buildItem(t, other, { title: 'Denim Jacket', gender: 'men', estimatedValue: 6000 });
    await buildItem(t, other, {
      title: 'Denim Boots',
      category: 'shoes',
      gender: 'women',
      estimatedValue: 6000,
    });
    await buildItem(t, other, { title: 'Silk Scarf', gender: 'women', estimatedValue: 90000 });
    await buildItem(t, other, { title: 'Denim Jacket', gender: 'women', isActive: false });
    const response = await t.visitor().get(`/api/items/${target.id}/similar`);
    expect(response.statusCode).toBe(200);
    const similar: Similar = response.json();
    expect(similar.map((entry) => entry.item.id)).toEqual([best.id, near.id]);
    expect(similar[0]?.reasons).toEqual([
      'same brand',
      'same size',
      'similar value',
      'shared tags',
      'same colours',
      'similar name',
    ]);
    expect(similar[1]?.reasons).toEqual(['similar size', 'similar value', 'similar name']);
  });

  it('never shows the viewer’s own items, blocked or away members’ items; says "your size"', async () => {
    const seller = await t.member();
    const viewer = await t.member();
    const blocked = await t.member();
    const away = await t.member();
    const fine = await t.member();
    const target = await buildItem(t, seller, { title: 'Wool Coat', size: 'S', style: 'Outerwear' });
    await buildItem(t, viewer, { title: 'Wool Coat' });
    await buildItem(t, blocked, { title: 'Wool Coat' });
    await buildItem(t, away, { title: 'Wool Coat' });
    const shown = await buildItem(t, fine, { title: 'Wool Coat', size: 'L', style: 'Outerwear' });
    await viewer.post('/api/blocks', { userId: blocked.user?.id });
    await away.put('/api/users/holiday', {
      until: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    await viewer.patch('/api/users/preferences', { preferredSizes: { Outerwear: ['L'] } });
    const similar: Similar = (await viewer.get(`/api/items/${target.id}/similar`)).json();
    expect(similar.map((entry) => entry.item.id)).toEqual([shown.id]);
    expect(similar[0]?.reasons).toContain('your size');
    // A visitor sees the blocked member's item, never the away member's.
    expect((await t.visitor().get(`/api/items/${target.id}/similar`)).json()).toHaveLength(3);
  });

  it('answers for a traded or withdrawn item too, and never includes the item itself', async () => {
    const seller = await t.member();
    const other = await t.member();
    const gone = await buildItem(t, seller, { title: 'Rain Coat', isActive: false, availability: 'traded' });
    const withdrawn = await buildItem(t, seller, {
      title: 'Rain Coat',
      isActive: false,
      deletedAt: new Date(),
    });
    const listed = await buildItem(t, other, { title: 'Rain Coat' });
    for (const id of [gone.id, withdrawn.id]) {
      const similar: Similar = (await t.visitor().get(`/api/items/${id}/similar`)).json();
      expect(similar.map((entry) => entry.item.id)).toEqual([listed.id]);
    }
    const own: Similar = (await t.visitor().get(`/api/items/${listed.id}/similar`)).json();
    expect(own).toEqual([]);
  });

  it('ranks a bounded set of candidates: the listings closest in value, not every one in the band', async () => {
    const seller = await t.member();
    const other = await t.member();
    const target = await buildItem(t, seller, { title: 'Plain Alpha', estimatedValue: 10_000, gender: 'kids' });
    // 61 listings just above the target's value, sharing nothing else with it...
    await Promise.all(
      Array.from({ length: 61 }, (_, i) =>
        buildItem(t, other, { title: 'Other Thing', estimatedValue: 10_001 + i, gender: 'kids' }),
      ),
    );
    // ...and a newer one still within 30 % of it: with every candidate scoring the same, the
    // newest would lead if the whole band were ranked; only the 60 closest above are candidates.
    const far = await buildItem(t, other, { title: 'Other Thing', estimatedValue: 12_900, gender: 'kids' });
    const similar: Similar = (await t.visitor().get(`/api/items/${target.id}/similar`)).json();
    expect(similar).toHaveLength(12);
    expect(similar.map((entry) => entry.item.id)).not.toContain(far.id);
    expect(similar.every((entry) => entry.reasons.includes('similar value'))).toBe(true);
  });

  it('404 for an unknown item; 400 for a malformed id', async () => {
    expect((await t.visitor().get(`/api/items/${unknown}/similar`)).statusCode).toBe(404);
    expect((await t.visitor().get('/api/items/not-an-id/similar')).statusCode).toBe(400);
    expect((await t.visitor().get(`/api/items/${'x'.repeat(5000)}/similar`)).statusCode).toBeLessThan(500);
  });

  it('stays safe with hostile titles, brands and tags', async () => {
    const seller = await t.member();
    const other = await t.member();
    const target = await buildItem(t, seller, {
      title: `'); drop table items; -- & | ! <-> :* "quoted"`,
      brand: `O'Neill\\`,
      tags: ["it's", '%_'],
    });
    await buildItem(t, other, { title: 'drop items table', brand: `o'neill\\` });
    const response = await t.visitor().get(`/api/items/${target.id}/similar`);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].reasons).toContain('same brand');
  });
});
