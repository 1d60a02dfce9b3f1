import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemListQuery } from '../../../common/api/items';
import { queryRows } from '../../db/connect';
import { users } from '../../db/schema';
import { buildOwner, listInTown } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { distanceWalk } from './town-walk';

const t = useTestApp({ resetBetweenTests: false });
const dialect = new PgDialect();
const PARIS = 2988507;
const TOWNS = 60;
const PER_OWNER = 50;

interface Listed {
  id: string;
  townId: number | null;
  dist: number | null;
  createdAt: Date;
  category: string;
}

/**
 * 60 owners in the 60 most populous towns of France (two owners share each of the first ten) and
 * four without a town, 50 items each: 3,200 listed items, with ties in distance (a town's items;
 * two owners in one town) and in time (items listed at the same instant), then ANALYZE.
 */
async function market(): Promise<Listed[]> {
  await t.ready();
  const towns = await queryRows<{ id: number }>(
    t.db,
    sql`select id from towns where country = 'FR' order by population desc, id limit ${TOWNS}`,
  );
  const owners: Array<number | null> = [
    ...towns.map((town) => town.id),
    ...towns.slice(0, 10).map((town) => town.id),
    null,
    null,
    null,
    null,
  ];
  const start = Date.now();
  for (const [index, townId] of owners.entries()) {
    const ownerId = await buildOwner(t, `walk${index}@example.com`, `Walk${index}`);
    await listInTown(
      t,
      ownerId,
      townId,
      Array.from({ length: PER_OWNER }, (_, i) => ({
        title: `Coat ${index}-${i}`,
        description: 'A coat.',
        category: i % 3 === 0 ? ('shoes' as const) : ('clothing' as const),
        // Pairs of items listed at the same instant: the id breaks the tie.
        createdAt: new Date(start - Math.floor(i / 2) * 60_000 - index * 7_000),
      })),
    );
  }
  await t.db.execute(sql`analyze items`);
  await t.db.execute(sql`analyze listed_towns`);
  return queryRows<Listed>(
    t.db,
    sql`select i.id, i.town_id as "townId", i.category, i.created_at as "createdAt",
      threadswap_distance_km(o.lat, o.lon, i.town_lat, i.town_lon) as dist
      from items i, towns o where o.id = ${PARIS}`,
  );
}

/** The order the sort promises, computed apart: distance (no town last), newest, then id, descending. */
function expectedOrder(listed: Listed[]) {
  return [...listed].sort(
    (a, b) =>
      (a.dist ?? Infinity) - (b.dist ?? Infinity) ||
      new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() ||
      (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

async function pages(query: string, limit: number, count: number) {
  const seen: string[] = [];
  for (let offset = 0; offset < count; offset += limit) {
    const response = await t.visitor().get(`/api/items?${query}&limit=${limit}&offset=${offset}`);
    expect(response.statusCode).toBe(200);
    seen.push(...(response.json() as Array<{ id: string }>).map((entry) => entry.id));
  }
  return seen;
}

let listed: Listed[] = [];

describe('the distance sort, read town by town', () => {
  beforeAll(async () => {
    listed = await market();
  }, 240_000);

  it('answers the first pages nearest first, ties by newest then id, as a brute-force sort has them', async () => {
    const expected = expectedOrder(listed).map((entry) => entry.id);
    const answered = await pages(`near=${PARIS}&sortBy=distance`, 48, 48 * 5);
    expect(answered).toEqual(expected.slice(0, 48 * 5));
    const response = await t.visitor().get(`/api/items?near=${PARIS}&sortBy=distance&limit=48`);
    expect(Number(response.headers['x-total-count'])).toBe(listed.length);
  });

  it('pages consistently: every item once, across towns and to the items without a town', async () => {
    const expected = expectedOrder(listed).map((entry) => entry.id);
    // 7 does not divide a town's 50 items: pages cut through towns and through ties.
    const tail = await pages(`near=${PARIS}&sortBy=distance`, 7, 7 * 6);
    expect(tail).toEqual(expected.slice(0, 42));
    const last = await t
      .visitor()
      .get(`/api/items?near=${PARIS}&sortBy=distance&limit=48&offset=${listed.length - 230}`);
    const ids = (last.json() as Array<{ id: string; distanceKm: number | null }>).map((entry) => entry.id);
    expect(ids).toEqual(expected.slice(listed.length - 230, listed.length - 182));
    const end = await t
      .visitor()
      .get(`/api/items?near=${PARIS}&sortBy=distance&limit=48&offset=${listed.length - 40}`);
    const endRows = end.json() as Array<{ id: string; distanceKm: number | null }>;
    expect(endRows.map((entry) => entry.id)).toEqual(expected.slice(-40));
    expect(endRows.every((entry) => entry.distanceKm === null)).toBe(true);
  });

  it('combines with a filter and with withinKm', async () => {
    const shoes = expectedOrder(listed.filter((entry) => entry.category === 'shoes')).map(
      (entry) => entry.id,
    );
    expect(await pages(`near=${PARIS}&sortBy=distance&category=shoes`, 24, 72)).toEqual(shoes.slice(0, 72));
    const within = expectedOrder(listed.filter((entry) => entry.dist !== null && entry.dist <= 50)).map(
      (entry) => entry.id,
    );
    const near = await pages(`near=${PARIS}&withinKm=50&sortBy=distance`, 24, within.length);
    expect(near).toEqual(within);
  });

  it('moves a member’s items with them when they change town', async () => {
    const [far] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from towns where country = 'FR' order by population desc, id offset 200 limit 1`,
    );
    const [owner] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from users where email = 'walk0@example.com'`,
    );
    await t.db
      .update(users)
      .set({ townId: far?.id })
      .where(sql`${users.id} = ${owner?.id}`);
    const moved = await queryRows<Listed>(
      t.db,
      sql`select i.id, i.town_id as "townId", i.category, i.created_at as "createdAt",
        threadswap_distance_km(o.lat, o.lon, i.town_lat, i.town_lon) as dist
        from items i, towns o where o.id = ${PARIS}`,
    );
    const expected = expectedOrder(moved).map((entry) => entry.id);
    // Pages of 32, asked for the first time: no list answered before the move is cached.
    expect(await pages(`near=${PARIS}&sortBy=distance`, 32, 96)).toEqual(expected.slice(0, 96));
    const [named] = await queryRows<{ name: string; townName: string }>(
      t.db,
      sql`select t.name, i.town_name as "townName" from items i join towns t on t.id = i.town_id
        where i.user_id = ${owner?.id} limit 1`,
    );
    expect(named?.townName).toBe(named?.name);
  });

  it('reads about a page of items, not every item (EXPLAIN ANALYZE after ANALYZE)', async () => {
    for (const query of [
      { offset: 0 },
      { offset: 480 },
      { offset: 0, withinKm: 50 as const },
      { offset: 0, category: 'shoes' as const },
    ]) {
      const statement = dialect.sqlToQuery(
        sql`select id from ${distanceWalk({ near: PARIS, limit: 24, ...query } as ItemListQuery)} walk`,
      );
      let text = statement.sql;
      statement.params.forEach((value, index) => {
        const literal =
          typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
        text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
      });
      const plan = (
        await queryRows<{ 'QUERY PLAN': string }>(
          t.db,
          sql.raw(`explain (analyze, timing off, summary off) ${text}`),
        )
      ).map((row) => row['QUERY PLAN']);
      const shown = plan.join('\n');
      expect(shown, shown).not.toMatch(/Seq Scan on items/);
      expect(shown, shown).toMatch(/Incremental Sort/);
      expect(shown, shown).toMatch(/items_active_town_walk_idx/);
      // The rows the scans of items hand up, over all their loops: about the page and its offset
      // plus one town's worth, never the 3,200 listed items.
      let read = 0;
      for (const [index, line] of plan.entries()) {
        if (!/Scan (using \S+ )?on items\b/.test(line) && !/Bitmap Heap Scan on items\b/.test(line)) continue;
        const match = /actual rows=(\d+) loops=(\d+)/.exec(line);
        if (match) read += Number(match[1]) * Number(match[2]);
        expect(index).toBeGreaterThan(0);
      }
      expect(read, shown).toBeLessThan(query.offset + 24 + 4 * PER_OWNER + 100);
    }
  });
});
