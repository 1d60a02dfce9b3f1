import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { countQueries } from '../../test-support/query-count';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { profileMemo } from './profile-memo';

const t = useTestApp();

interface Match {
  item: { id: string };
  overallScore: number;
  reasoning: { code: string; params?: Record<string, string | number> }[];
}

/**
 * The owner Ana lists a coat; the caller offers boots (brand Acme) and a jacket (brand Zeta). Cy
 * lists an Acme bag that Ana may favourite.
 */
async function market() {
  const ana = await t.member({ firstName: 'Ana' });
  const caller = await t.member();
  const cy = await t.member({ firstName: 'Cy' });
  const target = await listItem(ana, { title: 'Wool Coat', brand: 'Nord', estimatedValue: 8000 });
  const boots = await listItem(caller, {
    title: 'Chelsea Boots',
    category: 'shoes',
    style: 'Shoes',
    brand: 'Acme',
    size: '9',
    estimatedValue: 8000,
  });
  const jacket = await listItem(caller, { title: 'Rain Jacket', brand: 'Zeta', estimatedValue: 7000 });
  const bag = await listItem(cy, {
    title: 'Tote Bag',
    category: 'accessories',
    style: 'Accessories',
    brand: 'Acme',
    estimatedValue: 3000,
  });
  return { ana, caller, cy, target, boots, jacket, bag };
}

async function smartMatches(client: TestClient, targetId: string): Promise<Match[]> {
  const response = await client.post(`/api/items/${targetId}/smart-matches`, {});
  expect(response.statusCode).toBe(200);
  return (response.json() as { matches: Match[] }).matches;
}

describe('smart matches: the owner’s wants kept per instance', () => {
  it('answers a repeated smart match in one statement, with the same answer', async () => {
    const { ana, caller, target } = await market();
    await ana.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    const first = await smartMatches(caller, target.id);
    let again: Match[] = [];
    // The session stays cached (the route writes nothing), the owner's wants are kept, and the
    // target, the block check, the owner's preferences and version and the caller's items are one
    // statement. Before: the session lookup (a POST dropped it), the target, the caller's items
    // and four queries for the owner's profile.
    const statements = await countQueries(t.app.database, async () => {
      again = await smartMatches(caller, target.id);
    });
    // Where the session cache is off (PostgreSQL without its LISTEN bus, as some test apps run),
    // the session lookup is a statement of its own.
    expect(statements).toBe(t.app.sessionCache.enabled ? 1 : 2);
    expect(again).toEqual(first);
    expect(first[0]?.reasoning).toContainEqual({
      code: 'wishlist',
      params: { whose: 'member', name: 'Ana' },
    });
  });

  it('reads the wants again after each change to what they come from, whoever makes it', async () => {
    const { ana, caller, cy, target, bag } = await market();
    const memo = profileMemo(t.app.services);
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['a wishlist entry added', () => ana.post('/api/wishlist', { title: 'boots', category: 'shoes' })],
      [
        'a wishlist entry changed by hand',
        () =>
          t.db.execute(sql`update wishlist_items set title = 'jacket', item_category = 'clothing',
            item_style = null, category = 'clothing' where user_id = ${ana.user?.id}`),
      ],
      [
        'a wishlist entry removed',
        async () => {
          const [entry] = (await ana.get('/api/wishlist')).json() as Array<{ id: string }>;
          return ana.delete(`/api/wishlist/${entry?.id}`);
        },
      ],
      ['an item favourited', () => ana.post('/api/favorites', { itemId: bag.id })],
      [
        'the favourited item’s brand changed by its owner',
        () => cy.patch(`/api/items/${bag.id}`, { brand: 'Zeta' }),
      ],
      ['a favourite removed', () => ana.delete(`/api/favorites/${bag.id}`)],
      ['an item of the owner’s listed', () => listItem(ana, { title: 'Silk Scarf', brand: 'Acme' })],
      [
        'the brand of the owner’s item changed',
        async () => {
          const scarf = (await t.db.execute(
            sql`select id from items where user_id = ${ana.user?.id} and brand = 'Acme'`,
          )) as unknown as { rows: Array<{ id: string }> };
          return ana.patch(`/api/items/${scarf.rows[0]?.id}`, { brand: 'Zeta' });
        },
      ],
      [
        'the owner’s item given to another member by hand',
        () =>
          t.db.execute(sql`update items set user_id = ${cy.user?.id}
            where user_id = ${ana.user?.id} and brand = 'Zeta'`),
      ],
      ['an item favourited again', () => ana.post('/api/favorites', { itemId: bag.id })],
      [
        'a favourited item deleted with its owner',
        () => t.db.execute(sql`delete from users where id = ${cy.user?.id}`),
      ],
    ];
    let before = await smartMatches(caller, target.id);
    for (const [change, make] of changes) {
      // Kept: a second request reads nothing of the owner's wants.
      const loads = memo.loads;
      expect(await smartMatches(caller, target.id), change).toEqual(before);
      expect(memo.loads, change).toBe(loads);
      await make();
      const after = await smartMatches(caller, target.id);
      expect(memo.loads, change).toBe(loads + 1);
      expect(after, change).not.toEqual(before);
      // The same answer as from nothing kept at all.
      memo.clear();
      expect(await smartMatches(caller, target.id), change).toEqual(after);
      before = after;
    }
  });

  it('reads the owner’s name and preferences with the target, never from what is kept', async () => {
    const { ana, caller, target } = await market();
    await ana.post('/api/wishlist', { title: 'boots', category: 'shoes' });
    await smartMatches(caller, target.id);
    const loads = profileMemo(t.app.services).loads;
    await ana.patch('/api/users/preferences', {
      preferredCategories: ['Shoes'],
      preferredSizes: { Shoes: ['9'] },
    });
    const [boots] = await smartMatches(caller, target.id);
    expect(boots?.reasoning).toEqual(
      expect.arrayContaining([
        { code: 'preferredCategory', params: { whose: 'member', name: 'Ana', category: 'Shoes' } },
        { code: 'inSize', params: { whose: 'member', name: 'Ana', size: '9' } },
      ]),
    );
    await ana.patch('/api/users/profile', { firstName: 'Anna' });
    const [renamed] = await smartMatches(caller, target.id);
    expect(renamed?.reasoning).toContainEqual({
      code: 'wishlist',
      params: { whose: 'member', name: 'Anna' },
    });
    expect(profileMemo(t.app.services).loads).toBe(loads);
  });

  it('gives a member a new version with each change, and none to a member being deleted', async () => {
    const { ana, cy, bag } = await market();
    const version = async (id: string | undefined) => {
      const result = (await t.db.execute(
        sql`select version from match_profile_versions where user_id = ${id}`,
      )) as unknown as { rows: Array<{ version: string | number }> };
      return result.rows[0] === undefined ? undefined : Number(result.rows[0].version);
    };
    const v1 = await version(ana.user?.id);
    expect(v1).toBeDefined(); // her coat has a brand
    await ana.post('/api/favorites', { itemId: bag.id });
    const v2 = await version(ana.user?.id);
    expect(v2).not.toBe(v1);
    // An update that touches neither brand nor owner gives no new version.
    await t.db.execute(sql`update items set favorite_count = favorite_count + 1 where id = ${bag.id}`);
    expect(await version(ana.user?.id)).toBe(v2);
    await t.db.execute(sql`delete from users where id = ${cy.user?.id}`);
    expect(await version(ana.user?.id)).not.toBe(v2);
    expect(await version(cy.user?.id)).toBeUndefined();
  });
});
