/**
 * The `withinKm` count at 100k items on PostgreSQL (decision 024, "The count"): the bounding box
 * of `withinKmOf` against the town-by-town read of `townMatches`, both capped at 10,001 matches.
 * Run on a kept bench market (BENCH_KEEP=1 npm run bench -- http --seed-only):
 *   DATABASE_URL=postgres://…/threadswap_bench_… npx tsx bench/near-count.ts
 * Prints, for each town and radius, both counts (they must agree) and the median and range of 5
 * EXPLAIN ANALYZE execution times of each, interleaved.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import os from 'node:os';
import { MARKETPLACE_DEPTH } from '../src/common/api/items';
import { openPostgres, queryRows } from '../src/server/db/connect';
import { items } from '../src/server/db/schema';
import { marketplaceWhere } from '../src/server/modules/items/items.query';
import { townMatches } from '../src/server/modules/items/town-walk';

const PARIS = 2988507;
const database = await openPostgres(process.env.DATABASE_URL as string);
const { db } = database;
const dialect = new PgDialect();
const [{ id: AURILLAC } = { id: PARIS }] = await queryRows<{ id: number }>(
  db,
  sql`select id from towns where name = 'Aurillac' and country = 'FR' order by population desc limit 1`,
);

function literal(statement: ReturnType<typeof sql>) {
  const query = dialect.sqlToQuery(statement);
  let text = query.sql;
  query.params.forEach((value, index) => {
    const shown = typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), shown);
  });
  return text;
}

async function timed(statement: ReturnType<typeof sql>) {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql.raw(`explain (analyze, summary on) ${literal(statement)}`),
  );
  const line = rows.map((row) => row['QUERY PLAN']).find((text) => text.startsWith('Execution Time'));
  return Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN);
}

const cap = MARKETPLACE_DEPTH + 1;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(`load average before: ${load()}`);
for (const [name, near] of [
  ['Paris', PARIS],
  ['Aurillac', AURILLAC],
] as const) {
  for (const withinKm of [5, 10, 25, 50] as const) {
    const filters = { near, withinKm };
    const box = sql`select count(*)::int as n from (select 1 from ${items} where ${marketplaceWhere(filters)} limit ${cap}) m`;
    const towns = sql`select count(*)::int as n from ${townMatches(filters, cap)}`;
    const [a] = await queryRows<{ n: number }>(db, box);
    const [b] = await queryRows<{ n: number }>(db, towns);
    const times: Record<'box' | 'towns', number[]> = { box: [], towns: [] };
    for (let run = 0; run < 5; run += 1) {
      times.box.push(await timed(box));
      times.towns.push(await timed(towns));
    }
    const show = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return `${sorted[2]?.toFixed(1)} ms (${sorted[0]?.toFixed(1)}–${sorted[4]?.toFixed(1)})`;
    };
    console.log(
      `${name} within ${withinKm} km: count ${a?.n} / ${b?.n}; box ${show(times.box)}; town by town ${show(times.towns)}`,
    );
  }
}
console.log(`load average after: ${load()}`);
await database.close();
