import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemFilters } from '../../../common/api/items';
import type { Database } from '../../db/connect';
import { seedDemo } from '../../db/seed';
import { serviceContextFor } from '../../test-support/service-context';
import { openTestDatabase } from '../../test-support/test-database';
import { facets, facetsInOnePass, facetsPerDimension } from './items-facets.service';

// The one-scan facets (GROUPING SETS) must answer exactly what one query per dimension answers,
// whenever no facet dimension (category, condition, size, brand) is filtered.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // The demo market: 320 items over every category, condition, size system and many brands.
  await seedDemo(database.db, () => undefined, { photos: 'on-demand' });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const unfiltered: ItemFilters[] = [
  {},
  { search: 'denim jacket' },
  { search: 'jaket' },
  { search: 'no such thing at all qqq' },
  { gender: ['women'] },
  { minPrice: 20, maxPrice: 80 },
  { colors: ['Black', 'White'] },
  { availability: ['available'] },
  { dateFilter: '3months' },
  { seasons: ['Winter'], location: 'a' },
  { rating: 3 },
  { tags: ['vintage', 'casual'] },
];

describe('facets in one pass', () => {
  it.each(unfiltered.map((filters) => [JSON.stringify(filters), filters] as const))(
    'answers what one query per dimension answers for %s',
    async (_name, filters) => {
      const ctx = serviceContextFor(database.db);
      const expected = await facetsPerDimension(ctx, filters);
      const actual = await facetsInOnePass(ctx, filters);
      expect(actual).toEqual(expected);
      expect(await facets(ctx, filters)).toEqual(expected);
    },
  );

  it('covers the market: many sizes, the 20 top brands, every condition', async () => {
    const all = await facetsInOnePass(serviceContextFor(database.db), {});
    expect(all.total).toBeGreaterThan(200);
    expect(all.sizes.length).toBeGreaterThan(10);
    expect(all.brands).toHaveLength(20);
    expect(all.conditions).toHaveLength(5);
    const counts = all.brands.map((brand) => brand.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('leaves filtered facet dimensions to the per-dimension queries', async () => {
    const ctx = serviceContextFor(database.db);
    for (const filters of [
      { category: 'clothing' },
      { condition: ['good'] },
      { brand: 'a' },
    ] as ItemFilters[]) {
      expect(await facets(ctx, filters)).toEqual(await facetsPerDimension(ctx, filters));
    }
  });
});
