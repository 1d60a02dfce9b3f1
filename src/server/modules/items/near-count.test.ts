import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { users } from '../../db/schema';
import { buildOwner, listInTown } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { pruneListedTowns } from './listed-towns.sweep';
import { townMatches } from './town-walk';

// `withinKm` is counted town by town (listed_towns and the walk index, decision 024), and
// listed_towns keeps only the towns that hold a listed item (migration 0056).
const t = useTestApp({ resetBetweenTests: false });
const dialect = new PgDialect();
const PARIS = 2988507;
const TOWNS = 50;
const PER_OWNER = 40;

let towns: number[] = [];
const owners: string[] = [];

/** One owner in each of the 50 most populous towns of France and two without a town, 40 items each. */
async function market() {
  await t.ready();
  towns = (
    await queryRows<{ id: number }>(
      t.db,
      sql`select id from towns where country = 'FR' order by population desc, id limit ${TOWNS}`,
    )
  ).map((town) => town.id);
  for (const [index, townId] of [...towns, null, null].entries()) {
    const ownerId = await buildOwner(t, `count${index}@example.com`, `Count${index}`);
    owners.push(ownerId);
    await listInTown(
      t,
      ownerId,
      townId,
      Array.from({ length: PER_OWNER }, (_, i) => ({
        title: `Scarf ${index}-${i}`,
        description: 'A scarf.',
        category: i % 4 === 0 ? ('shoes' as const) : ('clothing' as const),
        createdAt: new Date(Date.now() - i * 60_000 - index * 7_000),
      })),
    );
  }
  await t.db.execute(sql`analyze items`);
  await t.db.execute(sql`analyze listed_towns`);
}

/** The listed items within `km` of Paris, measured apart from the app. */
async function bruteCount(km: number, category?: string) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from items i, towns o
      where o.id = ${PARIS} and i.is_active
        and threadswap_distance_km(o.lat, o.lon, i.town_lat, i.town_lon) <= ${km}
        ${category ? sql`and i.category = ${category}` : sql``}`,
  );
  return row?.n ?? 0;
}

/** Every page of a list: the total it announces and the ids it answers. */
async function allPages(query: string) {
  const ids: string[] = [];
  let total = -1;
  for (let offset = 0; offset === 0 || offset < total; offset += 48) {
    const response = await t.visitor().get(`/api/items?${query}&limit=48&offset=${offset}`);
    expect(response.statusCode).toBe(200);
    total = Number(response.headers['x-total-count']);
    ids.push(...(response.json() as Array<{ id: string }>).map((entry) => entry.id));
  }
  return { total, ids };
}

async function listedTowns() {
  return (
    await queryRows<{ id: number }>(t.db, sql`select town_id as id from listed_towns order by town_id`)
  ).map((row) => row.id);
}

async function explain(statement: ReturnType<typeof sql>) {
  const query = dialect.sqlToQuery(statement);
  let text = query.sql;
  query.params.forEach((value, index) => {
    const literal = typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
  });
  return (
    await queryRows<{ 'QUERY PLAN': string }>(
      t.db,
      sql.raw(`explain (analyze, timing off, summary off) ${text}`),
    )
  ).map((row) => row['QUERY PLAN']);
}

describe('the count within a distance, town by town', () => {
  beforeAll(market, 240_000);

  it('announces as many items as its pages answer, and as a brute-force count finds', async () => {
    for (const km of [5, 10, 25, 50] as const) {
      for (const category of [undefined, 'shoes']) {
        const query = `near=${PARIS}&withinKm=${km}&sortBy=distance${category ? `&category=${category}` : ''}`;
        const { total, ids } = await allPages(query);
        expect(new Set(ids).size, query).toBe(ids.length);
        expect(total, query).toBe(ids.length);
        expect(total, query).toBe(await bruteCount(km, category));
      }
    }
    // Within 50 km of Paris holds more than one town here, so the cases above count across towns.
    expect(await bruteCount(50)).toBeGreaterThan(PER_OWNER);
  });

  it('reads the walk index town by town, never the items in bulk (EXPLAIN ANALYZE after ANALYZE)', async () => {
    for (const filters of [
      { withinKm: 50 as const },
      { withinKm: 10 as const, category: 'shoes' as const },
    ]) {
      const plan = await explain(
        sql`select count(*) from ${townMatches({ near: PARIS, ...filters }, 10_001)}`,
      );
      const shown = plan.join('\n');
      expect(shown, shown).not.toMatch(/Seq Scan on items/);
      expect(shown, shown).toMatch(/items_active_town_walk_idx/);
      expect(shown, shown).not.toMatch(/items_active_town_position_idx/);
      // The rows read from items: the matches, give or take a town's worth, never the 2,080 listed.
      let read = 0;
      for (const line of plan) {
        if (!/Scan (using \S+ )?on items\b/.test(line)) continue;
        const match = /actual rows=(\d+) loops=(\d+)/.exec(line);
        if (match) read += Number(match[1]) * Number(match[2]);
      }
      expect(read, shown).toBeLessThanOrEqual((await bruteCount(filters.withinKm)) + PER_OWNER);
    }
  });
});

describe('listed_towns keeps only the towns with a listed item', () => {
  it('drops a town once its last listing is unlisted or deleted, and takes it back when one is listed again', async () => {
    const [first, second] = [towns[TOWNS - 1] as number, towns[TOWNS - 2] as number];
    const [firstOwner, secondOwner] = [owners[TOWNS - 1] as string, owners[TOWNS - 2] as string];
    expect(await listedTowns()).toEqual(expect.arrayContaining([0, first, second]));
    await t.db.execute(sql`update items set is_active = false where user_id = ${firstOwner}`);
    await t.db.execute(sql`delete from items where user_id = ${secondOwner}`);
    // Until the sweep, an empty town costs one empty probe: the lists stay right.
    expect(await pruneListedTowns(t.db)).toBe(2);
    const left = await listedTowns();
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
    expect(left).toContain(towns[0]);
    // Nothing more to prune: the other towns all hold items.
    expect(await pruneListedTowns(t.db)).toBe(0);
    await t.db.execute(
      sql`update items set is_active = true where id = (select id from items where user_id = ${firstOwner} limit 1)`,
    );
    expect(await listedTowns()).toContain(first);
    const [kept] = await queryRows<{ lat: number; lon: number; tlat: number; tlon: number }>(
      t.db,
      sql`select l.lat, l.lon, t.lat as tlat, t.lon as tlon from listed_towns l join towns t on t.id = l.town_id
        where l.town_id = ${first}`,
    );
    expect([kept?.lat, kept?.lon]).toEqual([kept?.tlat, kept?.tlon]);
    await t.db.execute(sql`update items set is_active = true where user_id = ${firstOwner}`);
  });

  it('follows a member who moves: the new town at once, the old one at the next sweep', async () => {
    const from = towns[TOWNS - 3] as number;
    const owner = owners[TOWNS - 3] as string;
    const [to] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from towns where country = 'FR' order by population desc, id offset 400 limit 1`,
    );
    await t.db
      .update(users)
      .set({ townId: to?.id })
      .where(sql`${users.id} = ${owner}`);
    expect(await listedTowns()).toContain(to?.id);
    // The app's own sweep prunes it.
    expect(await t.app.sweep.run()).toContain('items.listed-towns');
    expect(await listedTowns()).not.toContain(from);
    // The moved items are found near their new town, and counted there.
    const { total, ids } = await allPages(`near=${to?.id}&withinKm=5&sortBy=distance`);
    expect(total).toBe(ids.length);
    expect(total).toBeGreaterThanOrEqual(PER_OWNER);
  });

  it('keeps town 0 (the items of owners without a town) even when it holds nothing', async () => {
    const townless = owners.slice(TOWNS);
    for (const owner of townless)
      await t.db.execute(sql`update items set is_active = false where user_id = ${owner}`);
    await pruneListedTowns(t.db);
    expect(await listedTowns()).toContain(0);
    for (const owner of townless)
      await t.db.execute(sql`update items set is_active = true where user_id = ${owner}`);
  });

  it.skipIf(testDriver !== 'postgres')(
    'never loses a town that a concurrent writer is filling (PostgreSQL)',
    async () => {
      const pool = t.database.pool;
      if (!pool) throw new Error('PostgreSQL only');
      const town = towns[TOWNS - 4] as number;
      const owner = owners[TOWNS - 4] as string;
      const insert = `insert into items (user_id, title, description, category, gender, condition, estimated_value)
        values ('${owner}', 'Concurrent', 'A writer.', 'clothing', 'women', 'good', 1500)`;
      const [writer, sweeper] = [await pool.connect(), await pool.connect()];
      try {
        await t.db.execute(sql`update items set is_active = false where user_id = ${owner}`);
        // A writer lists an item in the emptied town and has not committed: the sweep (another
        // connection) skips the town without waiting for it, and the town is there after the commit.
        await writer.query('begin');
        await writer.query(insert);
        await sweeper.query(`set lock_timeout = '2s'`);
        const pruned = await sweeper.query<{ n: number }>('select threadswap_prune_listed_towns() as n');
        expect(pruned.rows[0]?.n).toBe(0);
        await writer.query('commit');
        expect(await listedTowns()).toContain(town);

        // The sweep deletes the town first (its items unlisted again) and has not committed: a writer
        // listing there waits for it, then puts the town back.
        await t.db.execute(sql`update items set is_active = false where user_id = ${owner}`);
        await sweeper.query('begin');
        const swept = await sweeper.query<{ n: number }>('select threadswap_prune_listed_towns() as n');
        expect(swept.rows[0]?.n).toBe(1);
        await writer.query('begin');
        const listing = writer.query(insert);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sweeper.query('commit');
        await listing;
        await writer.query('commit');
        expect(await listedTowns()).toContain(town);
        // And the sweep that follows keeps it: it holds a listed item.
        expect(await pruneListedTowns(t.db)).toBe(0);
        expect(await listedTowns()).toContain(town);
      } finally {
        await writer.query('rollback').catch(() => undefined);
        await sweeper.query('rollback').catch(() => undefined);
        await sweeper.query('reset lock_timeout');
        writer.release();
        sweeper.release();
      }
    },
  );
});
