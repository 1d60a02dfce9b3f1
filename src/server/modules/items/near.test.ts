import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { users } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const PARIS = 2988507;

interface Town {
  id: number;
  lat: number;
  lon: number;
}

function haversineKm(a: Town, b: Town) {
  const r = (x: number) => (x * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 +
    Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Members in 16 towns around Paris (and two far away), each with two items; one member has no town. */
async function market() {
  const towns = await queryRows<Town>(
    t.db,
    sql`(select id, lat, lon from towns where country = 'FR' and region = '11'
          and threadswap_distance_km(48.85341, 2.3488, lat, lon) < 60 order by population desc limit 16)
        union all (select id, lat, lon from towns where id in (2996944, 2644688))`,
  );
  const listed: Array<{ id: string; town: Town | null; createdAt: Date }> = [];
  for (const [index, town] of [...towns, null].entries()) {
    const member = await t.member({ firstName: `M${index}` });
    if (town)
      await t.db
        .update(users)
        .set({ townId: town.id })
        .where(sql`${users.id} = ${member.user?.id}`);
    for (const age of [index, index + 100]) {
      const item = await buildItem(t, member, {
        title: `Coat ${index}-${age}`,
        createdAt: new Date(Date.now() - age * 60_000),
      });
      listed.push({ id: item.id, town, createdAt: item.createdAt });
    }
  }
  const paris = towns.find((town) => town.id === PARIS) as Town;
  return { listed, paris };
}

describe('GET /api/items?near=&withinKm=&sortBy=distance', () => {
  it('lists the items within the distance, nearest first, as a brute-force ordering has them', async () => {
    const { listed, paris } = await market();
    for (const withinKm of [5, 10, 25, 50] as const) {
      const response = await t
        .visitor()
        .get(`/api/items?near=${PARIS}&withinKm=${withinKm}&sortBy=distance&limit=60`);
      expect(response.statusCode).toBe(200);
      const expected = listed
        .filter((entry) => entry.town && haversineKm(paris, entry.town) <= withinKm)
        .sort(
          (a, b) =>
            haversineKm(paris, a.town as Town) - haversineKm(paris, b.town as Town) ||
            b.createdAt.getTime() - a.createdAt.getTime() ||
            (a.id < b.id ? 1 : -1),
        );
      const answered = response.json() as Array<{ id: string; distanceKm: number }>;
      expect(answered.map((entry) => entry.id)).toEqual(expected.map((entry) => entry.id));
      expect(answered.map((entry) => entry.distanceKm)).toEqual(
        expected.map((entry) => Math.round(haversineKm(paris, entry.town as Town))),
      );
      expect(Number(response.headers['x-total-count'])).toBe(expected.length);
    }
    // Without withinKm: every item, the owners without a town last.
    const all = (await t.visitor().get(`/api/items?near=${PARIS}&sortBy=distance&limit=60`)).json() as Array<{
      id: string;
      distanceKm: number | null;
    }>;
    expect(all.length).toBe(listed.length);
    expect(all.slice(-2).map((entry) => entry.distanceKm)).toEqual([null, null]);
    const distances = all.slice(0, -2).map((entry) => entry.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('falls back to newest without a town, and answers distances only when asked near one', async () => {
    await market();
    const newest = (await t.visitor().get('/api/items?sortBy=distance&limit=5')).json() as Array<{
      distanceKm?: number | null;
      createdAt: string;
    }>;
    expect(newest.map((entry) => entry.createdAt)).toEqual(
      newest.map((entry) => entry.createdAt).sort((a, b) => (a < b ? 1 : -1)),
    );
    expect(newest.every((entry) => entry.distanceKm === null || entry.distanceKm === undefined)).toBe(true);
  });

  it('refuses a bad distance, withinKm without near and an unknown town', async () => {
    for (const query of [`near=${PARIS}&withinKm=7`, 'withinKm=10', 'near=abc', 'near=-1']) {
      expect((await t.visitor().get(`/api/items?${query}`)).statusCode).toBe(400);
    }
    const unknown = await t.visitor().get('/api/items?near=1&withinKm=10');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('town.not_found');
    expect((await t.visitor().get(`/api/items/facets?near=${PARIS}&withinKm=10`)).statusCode).toBe(200);
  });

  it('never sends a coordinate, only whole kilometres', async () => {
    await market();
    const body = (await t.visitor().get(`/api/items?near=${PARIS}&sortBy=distance&limit=60`)).body;
    expect(body).not.toMatch(/"(lat|lon|townLat|townLon|latitude|longitude)"/);
    expect(body).not.toMatch(/48\.85|2\.348/);
    for (const entry of JSON.parse(body) as Array<{ distanceKm: number | null }>)
      if (entry.distanceKm !== null) expect(Number.isInteger(entry.distanceKm)).toBe(true);
  });

  it('the item page measures from the member’s own town', async () => {
    const owner = await t.member();
    await owner.patch('/api/users/profile', { firstName: 'O', townId: 3031137 });
    const item = await buildItem(t, owner);
    const viewer = await t.member();
    expect((await viewer.get(`/api/items/${item.id}`)).json().distanceKm).toBeNull();
    await viewer.patch('/api/users/profile', { firstName: 'V', townId: PARIS });
    expect((await viewer.get(`/api/items/${item.id}`)).json().distanceKm).toBe(8);
    expect((await t.visitor().get(`/api/items/${item.id}?near=${PARIS}`)).json().distanceKm).toBe(8);
  });
});
