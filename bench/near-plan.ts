/**
 * "Near me" at 100k listed items on PostgreSQL (decisions 023, 024): the plans and times of the
 * distance sort, nearest first, in each design. Run:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<scratch db> npx tsx bench/near-plan.ts
 * It fills the database with 10,000 members in the 3,000 most populous towns of France (one in
 * twenty without a town) and 100,000 items (10 each), analyses, then prints for each read the
 * EXPLAIN (ANALYZE) of each design's statement and the service's time for a page (5 runs each).
 * The designs, each reading one page of 24 ids:
 * - sort: every listed item measured, a top-N sort (decision 023);
 * - skip scan: the towns with listed items found by a recursive skip scan of
 *   items_active_town_newest_idx, ordered by distance, then each town's items from that index
 *   (a lateral join), an incremental sort stopping at the page;
 * - listed towns: the same walk, the towns read from the kept `listed_towns` (what the service does).
 */
import { type SQL, sql } from 'drizzle-orm';
import os from 'node:os';
import { openPostgres, queryRows } from '../src/server/db/connect';
import { listMarketplace } from '../src/server/modules/items/items-search.service';
import { distanceFrom, withinKmOf } from '../src/server/modules/items/items.query';
import { distanceWalk } from '../src/server/modules/items/town-walk';
import { items } from '../src/server/db/schema';
import { serviceContextFor } from '../src/server/test-support/service-context';

const PARIS = 2988507;
const database = await openPostgres(process.env.DATABASE_URL as string);
const { db } = database;
// A market town of the Massif central: few neighbours, so the walk passes many towns before a page.
const [{ id: AURILLAC } = { id: PARIS }] = await queryRows<{ id: number }>(
  db,
  sql`select id from towns where name = 'Aurillac' and country = 'FR' order by population desc limit 1`,
);
const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from items`);
if (n < 100_000) {
  await db.execute(sql`insert into users (email, first_name, town_id)
    select 'near' || g || '@example.com', 'Member' || g, case when g % 20 = 0 then null else t.id end
    from generate_series(1, 10000) g
    join (select id, row_number() over (order by population desc) - 1 as k from towns where country = 'FR'
          order by population desc limit 3000) t on t.k = (g * 7919) % 3000`);
  await db.execute(sql`insert into items (user_id, title, description, category, gender, condition, estimated_value, images, created_at)
    select u.id, 'Coat ' || g, 'A coat', 'clothing', 'unisex', 'good', 1000 + g % 9000, array['/images/00000000-0000-4000-8000-000000000001'],
      now() - (g || ' minutes')::interval
    from generate_series(1, 100000) g
    join (select id, row_number() over (order by id) - 1 as k from users where email like 'near%') u on u.k = g % 10000`);
  await db.execute(sql`analyze`);
}
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(`load average before: ${load()}`);

/** Each design's statement for one page of ids, nearest first. */
function designs(near: number, withinKm: number | undefined, offset: number): Array<[string, SQL]> {
  const where = withinKm === undefined ? sql`true` : withinKmOf(near, withinKm);
  const query = { near, withinKm, sortBy: 'distance' as const, limit: 24, offset };
  return [
    [
      'sort',
      sql`select ${items.id} from ${items} where ${items.isActive} and ${where}
        order by ${distanceFrom(near)} asc nulls last, ${items.createdAt} desc, ${items.id} desc limit 24 offset ${offset}`,
    ],
    ['skip scan', sql`select id from ${distanceWalk(query, 'skip-scan')} walk`],
    ['listed towns', sql`select id from ${distanceWalk(query, 'listed-towns')} walk`],
  ];
}

const reads: Array<[string, number, number | undefined, number]> = [
  ['Paris, whole market', PARIS, undefined, 0],
  ['Paris, whole market, page 100', PARIS, undefined, 2376],
  ['Aurillac (few neighbours), whole market', AURILLAC, undefined, 0],
  ['Paris, within 10 km', PARIS, 10, 0],
  ['Paris, within 50 km', PARIS, 50, 0],
];
for (const [label, near, withinKm, offset] of reads) {
  for (const [design, statement] of designs(near, withinKm, offset)) {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain (analyze, buffers off) ${statement}`,
    );
    const text = plan.map((row) => row['QUERY PLAN']);
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const start = performance.now();
      await db.execute(statement);
      times.push(performance.now() - start);
    }
    console.log(
      `\n## ${label} — ${design}: statement ${times.map((t) => t.toFixed(1)).join(' ')} ms; ${text.at(-1)}`,
    );
    if (process.env.PLANS) console.log(text.join('\n'));
  }
}
const ctx = serviceContextFor(db);
for (const [label, near, withinKm, offset] of reads) {
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const start = performance.now();
    await listMarketplace(ctx, { near, withinKm, sortBy: 'distance', limit: 24, offset });
    times.push(performance.now() - start);
  }
  console.log(`service, ${label}: ${times.map((t) => t.toFixed(1)).join(' ')} ms per page (5 runs)`);
}
console.log(`load average after: ${load()}`);
await database.close();
