/**
 * `npx tsx bench/request-cost.ts [options] [case ...]`: what one marketplace read costs, in CPU, on
 * a market kept by `npm run bench` (BENCH_KEEP=1, then BENCH_MARKET_URL=…). Starts the app on it
 * (BENCH_APP_ROOT: another checkout's app), loads each case with autocannon from this process, and
 * reports beside req/s and latency the app's CPU and the PostgreSQL backends' CPU per request, read
 * from /proc: on a shared machine latency follows the load, CPU per request hardly does.
 * Run it under `flock /tmp/heavy-bench.lock`.
 */

import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../src/server/lib/session';
import { processCpuSeconds, startApp } from './app-process';
import { measureBaseline, variedSearchPath } from './http';

interface Case {
  path: string;
  vary?: (n: number) => string;
  /** Signed in as the history member (the member with the most notifications). */
  signedIn?: true;
  method?: 'GET' | 'POST';
}

const CASES: Record<string, Case> = {
  list: { path: '/api/items' },
  search: { path: '/api/items?search=denim%20jacket' },
  filters: { path: '/api/items?category=clothing&condition=good,like-new&size=M&sortBy=price-low' },
  deep: { path: '/api/items?offset=9952' },
  'deep-price': { path: '/api/items?offset=9952&sortBy=price-low' },
  varied: { path: variedSearchPath(0), vary: variedSearchPath },
  facets: { path: '/api/items/facets' },
  'facets-search': { path: '/api/items/facets?search=jacket' },
  stats: { path: '/api/stats' },
  // A visitor's similar items of the newest listing (its path is found when the run starts).
  similar: { path: '/api/items/' },
  trades: { path: '/api/trade-requests', signedIn: true },
  conversations: { path: '/api/conversations', signedIn: true },
  notifications: { path: '/api/notifications', signedIn: true },
  // The member's conversation with the most messages (its path is found when the run starts).
  conversation: { path: '/api/conversations/', signedIn: true },
  // The fixed cost of a signed-in request: the session and a small answer.
  me: { path: '/api/auth/user', signedIn: true },
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    cache: { type: 'string', default: 'off' },
  },
});
const marketUrl = process.env.BENCH_MARKET_URL;
if (!marketUrl) throw new Error('Set BENCH_MARKET_URL to a market kept by BENCH_KEEP=1');
const names = positionals.length ? positionals : Object.keys(CASES);
for (const name of names)
  if (!CASES[name] && name !== 'baseline')
    throw new Error(`Unknown case ${name}: ${Object.keys(CASES).join(', ')}`);

/** CPU seconds of every backend connected to the market's database (the app's pool). */
async function backendCpu(client: pg.Client) {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)]));
}

/** A session for the member with the most notifications (the history member of a kept market). */
async function historyMemberCookie(client: pg.Client) {
  const { rows } = await client.query<{ user_id: string }>(
    'select user_id from notifications group by user_id order by count(*) desc limit 1',
  );
  const userId = rows[0]?.user_id;
  if (!userId) throw new Error('the kept market has no notifications');
  const token = randomBytes(32).toString('base64url');
  await client.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [
    hashToken(token),
    userId,
    new Date(Date.now() + SESSION_ABSOLUTE_MS),
  ]);
  const conversation = await client.query<{ id: string }>(
    `select c.id from conversations c join messages m on m.conversation_id = c.id
     where $1 in (c.participant1_id, c.participant2_id) group by c.id order by count(*) desc limit 1`,
    [userId],
  );
  const conversationCase = CASES.conversation as Case;
  conversationCase.path += conversation.rows[0]?.id ?? '';
  return `${SESSION_COOKIE}=${token}`;
}

function run(url: string, name: string, seconds: number, cookie: string) {
  const testCase = CASES[name] as (typeof CASES)[string];
  let n = 0;
  return autocannon({
    url,
    connections: Number(values.connections),
    duration: seconds,
    requests: [
      {
        method: testCase.method ?? 'GET',
        path: testCase.path,
        ...(testCase.signedIn ? { headers: { cookie } } : {}),
        ...(testCase.vary
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                path: testCase.vary?.((n += 1)),
              }),
            }
          : {}),
      },
    ],
  });
}

const app = await startApp({
  DATABASE_URL: marketUrl,
  DATA_DIR: '/tmp/threadswap-request-cost',
  MARKETPLACE_CACHE_SECONDS: values.cache === 'on' ? '10' : '0',
  // Only the requests' own work: no sweep and no ring re-pack (a worker thread of the app) meanwhile.
  SWEEP_INTERVAL_SECONDS: '0',
  RING_REPACK_MINUTES: '0',
});
const client = new pg.Client({ connectionString: marketUrl });
await client.connect();
const cookie = names.some((name) => CASES[name]?.signedIn) ? await historyMemberCookie(client) : '';
if (names.includes('similar')) {
  const newest = await client.query<{ id: string }>(
    `select id from items where is_active and availability = 'available' order by created_at desc limit 1`,
  );
  (CASES.similar as Case).path += `${newest.rows[0]?.id}/similar`;
}
const root = process.env.BENCH_APP_ROOT ?? 'this checkout';
console.log(
  `| case | req/s | p50 ms | p99 ms | app CPU ms/req | PostgreSQL CPU ms/req | load (1 min) |  (${root}, cache ${values.cache}, ${values.connections} connections, ${values.duration} s)`,
);
try {
  for (const name of names) {
    if (name === 'baseline') {
      // The bare node:http server in its own process, sending the app's default list bytes.
      const row = await measureBaseline(app.url, '/tmp', {
        connections: Number(values.connections),
        durationSec: Number(values.duration),
        warmupSec: Number(values.warmup),
      });
      console.log(
        `| baseline | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | | | ${row.load ? `${row.load.before} → ${row.load.after}` : ''} |`,
      );
      continue;
    }
    if (Number(values.warmup) > 0) await run(app.url, name, Number(values.warmup), cookie);
    const before = { app: processCpuSeconds(app.pid), db: await backendCpu(client), load: loadavg()[0] ?? 0 };
    const result = await run(app.url, name, Number(values.duration), cookie);
    const afterDb = await backendCpu(client);
    const appCpu = processCpuSeconds(app.pid) - before.app;
    let dbCpu = 0;
    for (const [pid, cpu] of afterDb) dbCpu += cpu - (before.db.get(pid) ?? 0);
    const requests = Math.max(result.requests.total, 1);
    const errors = result.errors + result.non2xx;
    console.log(
      `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${((appCpu * 1000) / requests).toFixed(2)} | ${((dbCpu * 1000) / requests).toFixed(2)} | ${before.load.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)} |${errors ? ` ${errors} errors` : ''}`,
    );
  }
} finally {
  await client.end();
  await app.stop();
}
