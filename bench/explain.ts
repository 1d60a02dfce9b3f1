/**
 * `tsx bench/explain.ts postgres://…/threadswap_bench_… [/api/… …]`: the PostgreSQL plans of the
 * uncached marketplace paths on a kept benchmark market (BENCH_KEEP), as the app runs them. The app is built
 * in this process with the cache off; each request goes through app.inject, and every SELECT it
 * sends is run again under `EXPLAIN (ANALYZE, BUFFERS)` with the same parameters (so the plan is of a
 * warm second run). Prints each request's plans, and a summary line per query (time, buffers).
 * Further arguments are more GET paths to explain, signed in as the member with the most trades.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { ITEM_PAGE_DEFAULT, MARKETPLACE_DEPTH } from '../src/common/api/items';
import { buildApp } from '../src/server/app';
import { openPostgres, queryRows } from '../src/server/db/connect';
import { parseEnv } from '../src/server/env';
import { SESSION_COOKIE } from '../src/server/lib/session';
import { createSessions } from './seed';

type QueryConfig = { text: string; values?: unknown[] } & Record<string, unknown>;

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx bench/explain.ts <postgres url of a kept market>');
  const database = await openPostgres(url, 2);
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL only');
  let plans: Array<{ text: string; plan: string }> | null = null;
  const query = pool.query.bind(pool) as (
    config: QueryConfig | string,
    values?: unknown[],
  ) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = async (config, values) => {
    const result = await query(config, values);
    const text = typeof config === 'string' ? config : config.text;
    if (plans && /^\s*\(?\s*(select|with)\b/i.test(text)) {
      const explained = (await query({
        text: `explain (analyze, buffers) ${text}`,
        values: values ?? (typeof config === 'string' ? undefined : config.values),
      })) as { rows: Array<{ 'QUERY PLAN': string }> };
      plans.push({ text, plan: explained.rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
    return result;
  };

  const [trader] = await queryRows<{ id: string; trades: number }>(
    database.db,
    sql`select user_id as id, count(*)::int as trades
        from (select requester_id as user_id from trade_requests union all select owner_id from trade_requests) t
        group by user_id order by count(*) desc, user_id limit 1`,
  );
  const [active] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from items where is_active`,
  );
  // Smart matches: the trader's items ranked for the newest available item of someone else.
  const [foreign] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from items where is_active and availability = 'available' and user_id <> ${trader?.id ?? null}
        order by created_at desc limit 1`,
  );
  if (!trader || !active || !foreign) throw new Error('not a benchmark market');
  const tokens = await createSessions(database, [trader.id]);
  const deep = Math.min(Math.floor(active.count / 2), MARKETPLACE_DEPTH - ITEM_PAGE_DEFAULT);

  const config = parseEnv({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    MARKETPLACE_CACHE_SECONDS: '0',
    SWEEP_INTERVAL_SECONDS: '0',
  });
  const app = await buildApp({ config, database, logger: { level: 'error' }, clientDir: null });
  const requests: Array<[string, string, Record<string, string>?, 'POST'?]> = [
    ['default list (newest first)', '/api/items'],
    ['search "denim jacket"', '/api/items?search=denim%20jacket'],
    [`deep page, offset ${deep}`, `/api/items?offset=${deep}`],
    ['price low first', '/api/items?sortBy=price-low'],
    [`price low first, offset ${deep}`, `/api/items?sortBy=price-low&offset=${deep}`],
    ['facets', '/api/items/facets'],
    [
      `trade list of the member with ${trader.trades} trades`,
      '/api/trade-requests',
      { cookie: `${SESSION_COOKIE}=${tokens.get(trader.id)}` },
    ],
    [
      'smart matches of the same member for the newest available item',
      `/api/items/${foreign.id}/smart-matches`,
      { cookie: `${SESSION_COOKIE}=${tokens.get(trader.id)}`, 'content-type': 'application/json' },
      'POST',
    ],
    ...process.argv
      .slice(3)
      .map((path): [string, string, Record<string, string>] => [
        path,
        path,
        { cookie: `${SESSION_COOKIE}=${tokens.get(trader.id)}` },
      ]),
  ];
  console.log(
    `load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  for (const [label, path, headers, method = 'GET'] of requests) {
    const body = method === 'POST' ? '{}' : undefined;
    // Once unmeasured, so that the plan is of a warm cache as under load.
    await app.inject({ method, url: path, headers, body });
    plans = [];
    const started = Date.now();
    const response = await app.inject({ method, url: path, headers, body });
    const measured = plans;
    if (response.statusCode >= 400) console.log(response.body.slice(0, 500));
    plans = null;
    console.log(
      `\n## ${label}: ${method} ${path} → ${response.statusCode} in ${Date.now() - started} ms (with EXPLAIN)`,
    );
    for (const { text, plan } of measured) {
      const time = /Execution Time: ([\d.]+)/.exec(plan)?.[1];
      const buffers = /Buffers: ([^\n]+)/.exec(plan)?.[1];
      console.log(
        `\n-- ${time} ms; top buffers: ${buffers}\n-- ${text.replace(/\s+/g, ' ').slice(0, 400)}\n${plan}`,
      );
    }
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
