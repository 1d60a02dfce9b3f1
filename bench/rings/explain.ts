/**
 * EXPLAIN ANALYZE of the neighbourhood reads on an existing database:
 * `npx tsx bench/rings/explain.ts <database url>` (e.g. one left by bench/rings/neighbourhood.ts).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { arcRowsQuery } from '../../src/server/modules/rings/want-graph';

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
const { rows } = await client.query<{ id: string }>('select id from items order by random() limit 5');
const ids = rows.map((row) => row.id);
const dialect = new PgDialect();
for (const [label, scope] of [
  ['out-arcs of 5 items', { from: ids }],
  ['in-arcs of 5 items', { to: ids }],
] as const) {
  const query = dialect.sqlToQuery(sql`explain (analyze, buffers) ${arcRowsQuery(scope)}`);
  const plan = await client.query(query.sql, query.params);
  console.log(`\n=== ${label}`);
  for (const row of plan.rows) console.log(row['QUERY PLAN']);
}
await client.end();
