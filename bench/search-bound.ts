/**
 * `tsx bench/search-bound.ts postgres://…/threadswap_bench_… [term…]`: what ranking only a search's
 * newest matches (docs/decisions/016, fourth pass) costs and changes, on a kept benchmark market.
 * For each term, the uncached first page (countedPage, relevance order) is run twice under
 * `EXPLAIN (ANALYZE, BUFFERS)`, ranking every match (as before) and ranking the newest
 * RANKED_MATCHES, each the second of two runs; then how many of the first 48 results ranking every
 * match gives are among the first 48 of the bounded ranking. The search vector's indexes in place
 * are printed: run it before and after migration 0037 to compare the index too.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { itemListQuery } from '../src/common/api/items';
import { openPostgres, queryRows } from '../src/server/db/connect';
import { countedPage } from '../src/server/modules/items/items-search.service';
import { RANKED_MATCHES } from '../src/server/modules/items/items.query';

const DEFAULT_TERMS = ['denim jacket', 'denim', 'leather', 'vintage', 'cotton', 'classic', 'made'];

async function main() {
  const [url, ...given] = process.argv.slice(2);
  if (!url) throw new Error('usage: tsx bench/search-bound.ts <postgres url of a kept market> [term…]');
  const terms = given.length ? given : DEFAULT_TERMS;
  const database = await openPostgres(url, 1);
  const { db } = database;
  const dialect = new PgDialect();
  const indexes = await queryRows<{ indexname: string }>(
    db,
    sql`select indexname from pg_indexes where tablename = 'items' and indexdef like '%search_vector%' order by 1`,
  );
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`search vector indexes: ${indexes.map((row) => row.indexname).join(', ')}; load ${load()}`);
  console.log(
    '| term | matches | rank every match: ms, buffers | newest 10,001: ms, buffers | top 48 kept | load |',
  );
  console.log('|---|--:|--:|--:|--:|---|');
  for (const term of terms) {
    const query = itemListQuery.parse({ search: term });
    const run = async (ranked: number | null) => {
      const statement = dialect.sqlToQuery(countedPage(db, query, 'fulltext', ranked).getSQL());
      const explain = async () =>
        (
          await database.pool!.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.sql}`,
            statement.params,
          )
        ).rows.map((row) => row['QUERY PLAN']);
      await explain();
      const plan = await explain();
      const time = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1]);
      const top = plan.find((line) => /Buffers:/.test(line)) ?? '';
      const buffers = [...top.matchAll(/(hit|read)=(\d+)/g)].reduce((sum, m) => sum + Number(m[2]), 0);
      if (plan.some((line) => /^JIT:/.test(line)))
        throw new Error(`JIT compiled the statement for "${term}"`);
      const rows = await countedPage(db, query, 'fulltext', ranked);
      return { time, buffers, ids: rows.map((row) => row.item.id), matched: rows[0]?.matched ?? 0, plan };
    };
    const every = await run(null);
    const newest = await run(RANKED_MATCHES);
    const kept = every.ids.filter((id) => newest.ids.includes(id)).length;
    if (process.env.PLANS) console.log(newest.plan.join('\n'));
    console.log(
      `| ${term} | ${every.matched > 10_000 ? '10,000+' : every.matched} | ${every.time.toFixed(1)} ms, ${every.buffers} | ${newest.time.toFixed(1)} ms, ${newest.buffers} | ${kept}/${every.ids.length} | ${load()} |`,
    );
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
