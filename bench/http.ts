import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/server/db/seed/members';
import { SESSION_COOKIE } from '../src/server/lib/session';
import { processCpuSeconds } from './app-process';
import type { Fixtures } from './seed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface HttpCase {
  /** Stable key of the row (the smoke test checks every one is present). */
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (login: a different member and client address every time; varied searches: the path). */
  vary?: () => { headers?: Record<string, string>; body?: string; path?: string };
  /** Checked against the GET /api/items budget (BUDGETS.itemsP99Ms). */
  itemsBudget?: boolean;
  /** A signed-in read with its own budget (BUDGETS.signedIn), also measured with the cache off. */
  signedInBudget?: SignedInBudget;
}

/** Which of BUDGETS.signedIn a signed-in case is held to. */
export type SignedInBudget = 'read' | 'smartMatches';

export interface HttpRow {
  key: string;
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  requests: number;
  itemsBudget: boolean;
  signedInBudget?: SignedInBudget;
  /** 1-minute load average when the measured load started and when it ended. */
  load?: { before: number; after: number };
  /**
   * CPU milliseconds per answered request, of the app process and of the PostgreSQL backends
   * serving its database, while the case was measured (LoadSettings.cpu; from /proc).
   */
  cpuMs?: { app: number; database: number | undefined; loadGenerator: number; replicas?: number };
}

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Whose CPU to count per request: the app's process, and the backends of this PostgreSQL database. */
  cpu?: {
    appPid: number;
    databaseUrl: string | undefined;
    /** Streaming replicas of that database (`--replicas`): their backends, counted apart. */
    replicaUrls?: string[];
  };
}

/** CPU seconds so far of each PostgreSQL backend connected to the database at `url`, by pid. */
async function backendCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)]));
  } finally {
    await client.end();
  }
}

/** Starts counting CPU; the returned function gives the CPU ms per request since then. */
async function cpuMeter(cpu: LoadSettings['cpu']) {
  if (!cpu) return null;
  const appBefore = processCpuSeconds(cpu.appPid);
  // autocannon runs in this process: its CPU is the load generator's.
  const ownBefore = process.cpuUsage();
  const databaseBefore = cpu.databaseUrl ? await backendCpu(cpu.databaseUrl) : null;
  const replicasBefore = await Promise.all((cpu.replicaUrls ?? []).map((url) => backendCpu(url)));
  return async (requests: number) => {
    const app = processCpuSeconds(cpu.appPid) - appBefore;
    const own = process.cpuUsage(ownBefore);
    const loadGenerator = (own.user + own.system) / 1e6;
    let database: number | undefined;
    if (cpu.databaseUrl && databaseBefore) {
      // Backends that closed meanwhile are lost; new ones count from 0.
      database = 0;
      for (const [pid, seconds] of await backendCpu(cpu.databaseUrl))
        database += seconds - (databaseBefore.get(pid) ?? 0);
    }
    let replicas = 0;
    for (const [index, url] of (cpu.replicaUrls ?? []).entries())
      for (const [pid, seconds] of await backendCpu(url))
        replicas += seconds - (replicasBefore[index]?.get(pid) ?? 0);
    const per = (seconds: number) => Number(((seconds * 1000) / Math.max(requests, 1)).toFixed(3));
    return {
      app: per(app),
      database: database === undefined ? undefined : per(database),
      loadGenerator: per(loadGenerator),
      ...(cpu.replicaUrls?.length ? { replicas: per(replicas) } : {}),
    };
  };
}

const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
const json = { 'content-type': 'application/json' };

/** Words of the varied searches: garments, materials, colours, brands, and one typo (trigram path). */
const SEARCH_TERMS = [
  'denim',
  'jacket',
  'wool coat',
  'linen shirt',
  'black boots',
  'leather bag',
  'summer dress',
  'vintage',
  'sneakers',
  'knit sweater',
  'silk scarf',
  'levis',
  'nike',
  'red',
  'cotton tee',
  'jaket',
];
const SEARCH_SORTS = ['', '&sortBy=newest', '&sortBy=price-low', '&sortBy=popular'];

/** The n-th varied search: each of 16 terms with each of 4 sorts, at offsets 0 to 96; repeats only after 1,024. */
export function variedSearchPath(n: number) {
  const term = SEARCH_TERMS[n % SEARCH_TERMS.length] as string;
  const sort = SEARCH_SORTS[Math.floor(n / SEARCH_TERMS.length) % SEARCH_SORTS.length] as string;
  const offset = 24 * (Math.floor(n / (SEARCH_TERMS.length * SEARCH_SORTS.length)) % 5);
  return `/api/items?search=${encodeURIComponent(term)}${sort}${offset ? `&offset=${offset}` : ''}`;
}

const NEAR_WITHIN = ['', '&withinKm=5', '&withinKm=10', '&withinKm=25', '&withinKm=50'];

/**
 * The n-th distance-sorted list near `town`: anywhere or within 5, 10, 25 or 50 km, at offsets 0
 * to 96 (a different query each request until 25).
 */
export function nearPath(town: number, n: number) {
  const within = NEAR_WITHIN[n % NEAR_WITHIN.length] as string;
  const offset = 24 * (Math.floor(n / NEAR_WITHIN.length) % 5);
  return `/api/items?near=${town}&sortBy=distance${within}${offset ? `&offset=${offset}` : ''}`;
}

/** The HTTP cases, built from the seeded fixtures. */
export function httpCases(fixtures: Fixtures): HttpCase[] {
  let login = 0;
  let search = 0;
  let near = 0;
  const history = fixtures.historyMember;
  const who = `member with ${history.trades} trades, ${history.conversations} conversations, ${history.notifications} notifications`;
  return [
    {
      key: 'items-default',
      label: 'GET /api/items (default list)',
      method: 'GET',
      path: '/api/items',
      itemsBudget: true,
    },
    {
      key: 'items-search',
      label: 'GET /api/items?search=denim jacket',
      method: 'GET',
      path: '/api/items?search=denim%20jacket',
      itemsBudget: true,
    },
    {
      key: 'items-filters',
      label: 'GET /api/items, 3 filters + sort (clothing, good/like-new, size M, price-low)',
      method: 'GET',
      path: '/api/items?category=clothing&condition=good,like-new&size=M&sortBy=price-low',
      itemsBudget: true,
    },
    {
      key: 'items-deep-offset',
      label: `GET /api/items?offset=${fixtures.deepOffset}`,
      method: 'GET',
      path: `/api/items?offset=${fixtures.deepOffset}`,
      itemsBudget: true,
    },
    {
      key: 'items-varied',
      label:
        'GET /api/items, varied searches (16 terms × 4 sorts × 5 offsets, a different query each request)',
      method: 'GET',
      path: variedSearchPath(0),
      vary: () => ({ path: variedSearchPath((search += 1)) }),
      itemsBudget: true,
    },
    {
      key: 'items-near',
      label: `GET /api/items?near=${fixtures.nearTown}&sortBy=distance (Paris, nearest first)`,
      method: 'GET',
      path: `/api/items?near=${fixtures.nearTown}&sortBy=distance`,
      itemsBudget: true,
    },
    {
      key: 'items-near-within',
      label: `GET /api/items?near=${fixtures.nearTown}&withinKm=50&sortBy=distance`,
      method: 'GET',
      path: `/api/items?near=${fixtures.nearTown}&withinKm=50&sortBy=distance`,
      itemsBudget: true,
    },
    {
      key: 'items-near-mix',
      label: 'GET /api/items near Paris by distance, mixed (anywhere, 5/10/25/50 km × 5 offsets)',
      method: 'GET',
      path: nearPath(fixtures.nearTown, 0),
      vary: () => ({ path: nearPath(fixtures.nearTown, (near += 1)) }),
      itemsBudget: true,
    },
    { key: 'facets', label: 'GET /api/items/facets', method: 'GET', path: '/api/items/facets' },
    {
      key: 'similar-items',
      label: 'GET /api/items/:id/similar (signed in)',
      method: 'GET',
      path: `/api/items/${fixtures.foreignItemId}/similar`,
      headers: cookie(fixtures.viewer.token),
    },
    {
      key: 'smart-matches',
      label: 'POST /api/items/:id/smart-matches (signed in)',
      method: 'POST',
      path: `/api/items/${fixtures.foreignItemId}/smart-matches`,
      headers: { ...cookie(fixtures.viewer.token), ...json },
      body: '{}',
    },
    {
      key: 'trade-requests',
      label: `GET /api/trade-requests (member with ${fixtures.tradeMember.trades} trades)`,
      method: 'GET',
      path: '/api/trade-requests',
      headers: cookie(fixtures.tradeMember.token),
    },
    {
      key: 'trade-requests-idle',
      label: 'GET /api/trade-requests (member with no trades)',
      method: 'GET',
      path: '/api/trade-requests',
      headers: cookie(fixtures.idleMember.token),
    },
    {
      key: 'conversation',
      label: `GET /api/conversations/:id (~${fixtures.conversation.messages} messages)`,
      method: 'GET',
      path: `/api/conversations/${fixtures.conversation.id}`,
      headers: cookie(fixtures.conversation.member.token),
    },
    {
      key: 'history-trades',
      label: `GET /api/trade-requests (${who})`,
      method: 'GET',
      path: '/api/trade-requests',
      headers: cookie(history.token),
      signedInBudget: 'read',
    },
    {
      key: 'history-trade-page',
      label: `GET /api/trade-requests/page?tab=${history.largestTab} (same member: its largest list, the newest 20)`,
      method: 'GET',
      path: `/api/trade-requests/page?tab=${history.largestTab}`,
      headers: cookie(history.token),
      signedInBudget: 'read',
    },
    {
      key: 'history-trade-counts',
      label: "GET /api/trade-requests/counts (same member: the tabs' and dashboard's counts)",
      method: 'GET',
      path: '/api/trade-requests/counts',
      headers: cookie(history.token),
      signedInBudget: 'read',
    },
    {
      key: 'history-conversations',
      label: `GET /api/conversations (${who})`,
      method: 'GET',
      path: '/api/conversations',
      headers: cookie(history.token),
      signedInBudget: 'read',
    },
    {
      key: 'history-conversation',
      label: `GET /api/conversations/:id (${history.messagesPerConversation} messages, same member)`,
      method: 'GET',
      path: `/api/conversations/${history.conversationId}`,
      headers: cookie(history.token),
      signedInBudget: 'read',
    },
    {
      key: 'history-notifications',
      label: `GET /api/notifications (${who})`,
      method: 'GET',
      path: '/api/notifications',
      headers: cookie(history.token),
      signedInBudget: 'read',
    },
    {
      key: 'history-smart-matches',
      label: 'POST /api/items/:id/smart-matches (same member)',
      method: 'POST',
      path: `/api/items/${history.foreignItemId}/smart-matches`,
      headers: { ...cookie(history.token), ...json },
      body: '{}',
      signedInBudget: 'smartMatches',
    },
    {
      key: 'login',
      label: 'POST /api/auth/login (argon2id)',
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      // Each attempt comes from another member and client address, as many users signing in would:
      // the per-IP and per-email limits are not what is measured here.
      vary: () => {
        login += 1;
        const email = fixtures.loginEmails[login % fixtures.loginEmails.length];
        return {
          headers: {
            ...json,
            'x-forwarded-for': `10.${(login >> 16) & 255}.${(login >> 8) & 255}.${login & 255}`,
          },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        };
      },
    },
  ];
}

/**
 * How often autocannon counts the requests: each second, as its req/s are per-second samples; but
 * it stops only when it takes a sample, so a run shorter than a second (the smoke test's) samples
 * once over its whole length instead, and its counts are scaled to a second (measure).
 */
const sampleMs = (seconds: number) => Math.min(1000, seconds * 1000);

function load(url: string, testCase: HttpCase, settings: LoadSettings, seconds: number) {
  return autocannon({
    url,
    connections: settings.connections,
    duration: seconds,
    sampleInt: sampleMs(seconds),
    requests: [
      {
        method: testCase.method,
        path: testCase.path,
        ...(testCase.headers ? { headers: testCase.headers } : {}),
        ...(testCase.body ? { body: testCase.body } : {}),
        // autocannon calls a setupRequest it is given, even an undefined one.
        ...(testCase.vary
          ? { setupRequest: (request: autocannon.Request) => ({ ...request, ...testCase.vary?.() }) }
          : {}),
      },
    ],
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * autocannon hangs up on requests still in flight, but the server finishes them (PGlite, serial,
 * may have minutes of queries queued): wait until /readyz, which queries the database, answers fast
 * again, so that each case starts on an idle server. Up to 3 minutes.
 */
export async function settle(url: string) {
  const deadline = Date.now() + 180_000;
  await sleep(250);
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok && Date.now() - started < 100) return;
    } catch {
      // busy: try again
    }
    await sleep(500);
  }
}

/** Measures one case: a warm-up (not recorded), then `durationSec` of load. */
export async function measure(url: string, testCase: HttpCase, settings: LoadSettings): Promise<HttpRow> {
  if (settings.warmupSec > 0) {
    await load(url, testCase, settings, settings.warmupSec);
    await settle(url);
  }
  const loadBefore = loadavg()[0] ?? 0;
  const meter = await cpuMeter(settings.cpu);
  const result = await load(url, testCase, settings, settings.durationSec);
  const cpuMs = await meter?.(result.requests.total);
  const loadAfter = loadavg()[0] ?? 0;
  await settle(url);
  return {
    key: testCase.key,
    label: testCase.label,
    requestsPerSecond: result.requests.average * (1000 / sampleMs(settings.durationSec)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    itemsBudget: Boolean(testCase.itemsBudget),
    load: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
    ...(cpuMs ? { cpuMs } : {}),
    ...(testCase.signedInBudget ? { signedInBudget: testCase.signedInBudget } : {}),
  };
}

/** One raw response: status, headers and body bytes. */
function record(url: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    httpRequest(url, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          // Framing and per-response headers are the server's own business; the rest is copied.
          if (
            value === undefined ||
            ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)
          )
            continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: response.statusCode ?? 200, headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The baseline the app's throughput is compared with: records the app's default GET /api/items answer, serves those bytes from a
 * bare node:http process and measures it like the app case.
 */
export async function measureBaseline(
  appUrl: string,
  workDir: string,
  settings: LoadSettings,
): Promise<HttpRow & { bytes: number }> {
  const recorded = await record(`${appUrl}/api/items`);
  if (recorded.status !== 200) throw new Error(`GET /api/items answered ${recorded.status}`);
  const file = join(workDir, 'baseline-response.json');
  writeFileSync(
    file,
    JSON.stringify({
      status: recorded.status,
      headers: recorded.headers,
      bodyBase64: recorded.body.toString('base64'),
    }),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts', file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`the baseline server exited with ${code}`)));
    });
    const row = await measure(
      `http://127.0.0.1:${port}`,
      {
        key: 'baseline',
        label: `baseline: bare node:http, same ${(recorded.body.length / 1024).toFixed(1)} KB and headers`,
        method: 'GET',
        path: '/api/items',
      },
      settings,
    );
    return { ...row, bytes: recorded.body.length };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}
