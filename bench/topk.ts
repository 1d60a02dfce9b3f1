/**
 * `tsx bench/topk.ts postgres://…/threadswap_bench_… [term…]`: decision 026's measurements, on a
 * kept benchmark market (BENCH_KEEP). For each term, the uncached pages of a search sorted newest
 * first (offsets 0 and 96: read apart from the count; 9,952: countedPage's sorted matches) and by
 * relevance, as the app sends them (countedPage); then the statement's parts apart (the capped
 * count, the newest page, and, when the RUM index of decision 026 exists, the newest page and the
 * newest N ranked in its order). Statements without RUM's operators are measured with the GIN index
 * alone (the RUM index, if any, dropped in a transaction that is rolled back) and again with it in
 * place. Each runs three times under `EXPLAIN (ANALYZE, BUFFERS)` and the fastest is reported (the
 * budget's warm "database time"). Prints a Markdown table with the load.
 */
import { loadavg } from 'node:os';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { itemListQuery } from '../src/common/api/items';
import { openPostgres } from '../src/server/db/connect';
import { countedPage } from '../src/server/modules/items/items-search.service';

/** The RUM index decision 026 measured (made by hand: `create extension rum` and the definition there). */
const RUM_SEARCH_INDEX = 'items_active_search_rum_idx';

const DEFAULT_TERMS = ['made', 'vintage', 'denim', 'leather', 'denim jacket'];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Measured {
  ms: number;
  buffers: number;
  plan: string[];
}

async function explain(client: pg.PoolClient, text: string, params: unknown[]): Promise<Measured> {
  let best: Measured | null = null;
  for (let run = 0; run < 3; run += 1) {
    const plan = (
      await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params)
    ).rows.map((row) => row['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1]);
    const top = plan.find((line) => /Buffers:/.test(line)) ?? '';
    const buffers = [...top.matchAll(/(hit|read)=(\d+)/g)].reduce((sum, m) => sum + Number(m[2]), 0);
    if (!best || ms < best.ms) best = { ms, buffers, plan };
  }
  return best as Measured;
}

/** The parts of a search's page, written out (the app's filters: listed, owner not away, the words). */
function parts(ranked: number) {
  const where = `i.is_active and i.user_id not in (select away.id from users away where away.holiday_until > now())
    and i.search_vector @@ websearch_to_tsquery('english', $1)`;
  return {
    'count ≤ 10,001 (heap)': `select count(*) from (select 1 from items i where ${where} limit 10001) m`,
    'newest page (date order)': `select i.id from items i where ${where}
      order by i.created_at desc, i.id desc limit 24`,
    'newest page (RUM order)': `select i.id from items i where ${where}
      order by i.created_at <=| '2100-01-01'::timestamptz, i.id desc limit 24`,
    [`relevance of the newest ${ranked} (RUM order)`]: `select id from (
        select i.id, i.created_at, i.title_vector, i.search_vector from items i where ${where}
        order by i.created_at <=| '2100-01-01'::timestamptz, i.id desc limit ${ranked}) n
      order by (n.title_vector @@ websearch_to_tsquery('english', $1)) desc,
        ts_rank_cd(n.search_vector, websearch_to_tsquery('english', $1)) desc, n.created_at desc, n.id desc
      limit 24`,
    'RUM rank order (<=>), first 24': `select i.id from items i where ${where}
      order by i.search_vector <=> websearch_to_tsquery('english', $1) limit 24`,
  };
}

async function main() {
  const [url, ...given] = process.argv.slice(2);
  if (!url) throw new Error('usage: tsx bench/topk.ts <postgres url of a kept market> [term…]');
  const terms = given.length ? given : DEFAULT_TERMS;
  const ranked = Number(process.env.RANKED ?? 1000);
  const database = await openPostgres(url, 1);
  const { db, pool } = database;
  if (!pool) throw new Error('PostgreSQL only');
  const dialect = new PgDialect();
  const client = await pool.connect();
  try {
    const [{ n: rum } = { n: 0 }] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_indexes where indexname = '${RUM_SEARCH_INDEX}'`,
      )
    ).rows;
    console.log(`RUM index ${rum ? 'present' : 'absent'}; load ${load()}`);
    console.log('| term | matches | statement | GIN only: ms, buffers | with RUM: ms, buffers | load |');
    console.log('|---|--:|---|--:|--:|---|');
    for (const term of terms) {
      const [{ n: matches } = { n: 0 }] = (
        await client.query<{ n: number }>(
          `select count(*)::int as n from items where is_active and search_vector @@ websearch_to_tsquery('english', $1)`,
          [term],
        )
      ).rows;
      const statements: Array<[string, string, unknown[]]> = [];
      for (const [label, raw] of [
        ['app page + count, newest', { search: term, sortBy: 'newest' }],
        ['app page + count, newest, offset 96', { search: term, sortBy: 'newest', offset: '96' }],
        ['app page + count, newest, offset 9952', { search: term, sortBy: 'newest', offset: '9952' }],
        ['app page + count, relevance', { search: term }],
      ] as const) {
        const statement = dialect.sqlToQuery(countedPage(db, itemListQuery.parse(raw), 'fulltext').getSQL());
        statements.push([label, statement.sql, statement.params]);
      }
      for (const [label, text] of Object.entries(parts(ranked)))
        if (rum || !/<=\||<=>/.test(text)) statements.push([label, text, [term]]);
      for (const [label, text, params] of statements) {
        const usesRum = /<=\||<=>/.test(text);
        let gin: Measured | null = null;
        if (!usesRum) {
          await client.query('begin');
          if (rum) await client.query(`drop index ${RUM_SEARCH_INDEX}`);
          gin = await explain(client, text, params);
          await client.query('rollback');
        }
        const withRum = rum ? await explain(client, text, params) : null;
        if (process.env.PLANS) console.log((withRum ?? gin)?.plan.join('\n'));
        const cell = (m: Measured | null) => (m ? `${m.ms.toFixed(2)} ms, ${m.buffers}` : '—');
        console.log(`| ${term} | ${matches} | ${label} | ${cell(gin)} | ${cell(withRum)} | ${load()} |`);
      }
    }
  } finally {
    client.release();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
