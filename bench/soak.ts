/**
 * `npm run bench:soak`: the soak test. Simulated members browse, request (and
 * withdraw) barters and chat against one app process for minutes, each with a WebSocket open;
 * every error is counted (there must be none) and the app's resident memory is sampled.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { CONDITIONS, SORTS } from '../src/common/domain/taxonomy';
import { createRandom, type Random } from '../src/server/db/seed/random';
import type { CacheStats } from '../src/server/lib/generation-cache';
import { SESSION_COOKIE } from '../src/server/lib/session';
import { startApp } from './app-process';
import { createBenchDatabase } from './database';
import { SCALES, type ScaleName } from './options';
import { appendResults, currentLoad, machineInfo } from './report';
import { type Member, type Pair, seedBench } from './seed';
import { percentile } from './ws';

export interface SoakOptions {
  scale: ScaleName;
  members: number;
  durationSec: number;
  /** Pause between one member's actions: uniformly between these, in ms. */
  thinkMs: readonly [number, number];
  databaseUrl: string | undefined;
  /** The marketplace cache's invalidation (MARKETPLACE_CACHE_INVALIDATION): fine by default. */
  invalidation?: 'fine' | 'whole';
  log: (line: string) => void;
}

/** The marketplace cache's counters over the run (the app writes them when it closes). */
export type SoakCacheStats = CacheStats;

type ActionKind =
  | 'browse'
  | 'search'
  | 'filter'
  | 'facets'
  | 'item'
  | 'trade'
  | 'trades'
  | 'chat'
  | 'conversations'
  | 'notifications';

export interface SoakReport {
  startedAt: string;
  database: string;
  scale: ScaleName;
  members: number;
  durationSec: number;
  requests: number;
  errors: number;
  /** The first few failures, for diagnosis. */
  failures: string[];
  /** Per endpoint (method, route and which query parameters), and the sockets. */
  endpoints: Array<{ label: string; count: number; errors: number; p50: number; p99: number }>;
  socketEvents: number;
  rss: { startBytes: number; peakBytes: number; endBytes: number; samples: number };
  load: { start: number; end: number };
  invalidation: 'fine' | 'whole';
  cache: SoakCacheStats | undefined;
}

interface ItemSummary {
  id: string;
  userId: string;
  availability: string;
  isActive: boolean;
}

const WORDS = [
  'jacket',
  'denim',
  'dress',
  'sneakers',
  'wool',
  'leather',
  'vintage',
  'boots',
  'silk',
  'jaket',
];
const WEIGHTS: ReadonlyArray<readonly [ActionKind, number]> = [
  ['browse', 20],
  ['search', 12],
  ['filter', 10],
  ['facets', 6],
  ['item', 12],
  ['trade', 8],
  ['trades', 6],
  ['chat', 16],
  ['conversations', 6],
  ['notifications', 4],
];
const REQUEST_TIMEOUT_MS = 30_000;

class Stats {
  requests = 0;
  errors = 0;
  readonly failures: string[] = [];
  readonly byLabel = new Map<string, { count: number; errors: number; latencies: number[] }>();

  record(label: string, ms: number, failure?: string) {
    const entry = this.byLabel.get(label) ?? { count: 0, errors: 0, latencies: [] };
    this.byLabel.set(label, entry);
    entry.count += 1;
    entry.latencies.push(ms);
    if (failure) {
      entry.errors += 1;
      this.errors += 1;
      if (this.failures.length < 10) this.failures.push(`${label}: ${failure}`);
    }
  }
}

/** One simulated member: their session, their conversation and their own available items. */
class SimulatedMember {
  private lastSeen: ItemSummary[] = [];
  private ownItems: string[] = [];
  socket: WebSocket | undefined;
  events = 0;

  constructor(
    private readonly baseUrl: string,
    readonly member: Member,
    private readonly conversationId: string,
    private readonly random: Random,
    private readonly stats: Stats,
  ) {}

  /** One request, timed and recorded under its route; a failure is recorded, then thrown to end the action. */
  private async call(method: string, path: string, body?: unknown) {
    this.stats.requests += 1;
    const [route = '', query] = path.split('?');
    const params = query ? `?${[...new URLSearchParams(query).keys()].join('&')}` : '';
    const label = `${method} ${route.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')}${params}`;
    const begun = performance.now();
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          cookie: `${SESSION_COOKIE}=${this.member.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`answered ${response.status}: ${text.slice(0, 200)}`);
      this.stats.record(label, performance.now() - begun);
      return text ? (JSON.parse(text) as unknown) : null;
    } catch (error) {
      this.stats.record(label, performance.now() - begun, (error as Error).message);
      throw error;
    }
  }

  async start() {
    const mine = (await this.call('GET', `/api/users/${this.member.id}/items`)) as ItemSummary[];
    this.ownItems = mine
      .filter((item) => item.isActive && item.availability === 'available')
      .map((item) => item.id);
    const ws = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/ws`, {
      headers: { origin: this.baseUrl, cookie: `${SESSION_COOKIE}=${this.member.token}` },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
    ws.on('message', (data) => {
      this.events += 1;
      const event = JSON.parse(data.toString()) as { type: string; message?: string };
      if (event.type === 'error') this.stats.record('WebSocket', 0, `error event: ${event.message}`);
    });
    ws.on('close', () => {
      if (this.socket) this.stats.record('WebSocket', 0, 'closed by the server');
    });
    this.socket = ws;
  }

  stop() {
    const ws = this.socket;
    this.socket = undefined;
    ws?.close();
  }

  private remember(list: unknown) {
    const items = list as ItemSummary[];
    if (items.length > 0) this.lastSeen = items;
  }

  /** Someone else's item from the last page seen, still open for offers. */
  private target() {
    const open = this.lastSeen.filter(
      (item) =>
        item.userId !== this.member.id && item.availability !== 'reserved' && item.availability !== 'traded',
    );
    return open.length > 0 ? this.random.pick(open) : undefined;
  }

  async act(kind: ActionKind) {
    const random = this.random;
    switch (kind) {
      case 'browse': {
        const sort = random.pick(SORTS);
        return this.remember(
          await this.call('GET', `/api/items?sortBy=${sort}&offset=${48 * random.int(0, 5)}`),
        );
      }
      case 'search':
        return this.remember(
          await this.call('GET', `/api/items?search=${encodeURIComponent(random.pick(WORDS))}`),
        );
      case 'filter': {
        const category = random.pick(['clothing', 'shoes', 'accessories', 'women', 'men']);
        const conditions = random.sample(CONDITIONS, random.int(1, 3)).join(',');
        return this.remember(
          await this.call(
            'GET',
            `/api/items?category=${category}&condition=${conditions}&availability=available&sortBy=${random.pick(SORTS)}`,
          ),
        );
      }
      case 'facets':
        return void (await this.call(
          'GET',
          `/api/items/facets?category=${random.pick(['clothing', 'shoes', 'accessories'])}`,
        ));
      case 'item': {
        const item = this.lastSeen.length > 0 ? random.pick(this.lastSeen) : undefined;
        if (item) await this.call('GET', `/api/items/${item.id}`);
        return;
      }
      case 'trade': {
        // Offer one of my items for someone else's, then withdraw it: the data stays the same size.
        const wanted = this.target();
        const offered = this.ownItems.length > 0 ? random.pick(this.ownItems) : undefined;
        if (!wanted || !offered) return;
        const created = (await this.call('POST', '/api/trade-requests', {
          requestedItemId: wanted.id,
          offeredItemId: offered,
        })) as { id: string };
        await this.call('PATCH', `/api/trade-requests/${created.id}`, { status: 'cancelled' });
        return;
      }
      case 'trades':
        return void (await this.call('GET', '/api/trade-requests'));
      case 'chat':
        await this.call('POST', '/api/messages', {
          conversationId: this.conversationId,
          content: `soak ${Date.now()}: is it still available?`,
        });
        await this.call('GET', `/api/conversations/${this.conversationId}`);
        return void (await this.call('PATCH', `/api/conversations/${this.conversationId}/read`));
      case 'conversations':
        return void (await this.call('GET', '/api/conversations'));
      case 'notifications':
        return void (await this.call('GET', '/api/notifications'));
    }
  }
}

function pickKind(random: Random): ActionKind {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'browse';
}

/** Seeds, starts the app, runs the members until the time is up, and reports. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { log } = options;
  const startedAt = new Date().toISOString();
  const loadAtStart = currentLoad();
  const database = await createBenchDatabase(options.databaseUrl);
  try {
    log(`Soak: seeding the ${options.scale} dataset into ${database.label}`);
    const seeding = await database.open();
    let pairs: Pair[];
    try {
      pairs = (await seedBench(seeding, SCALES[options.scale], Math.ceil(options.members / 2), log)).pairs;
    } finally {
      await seeding.close();
    }
    const env: Record<string, string> = database.url
      ? { DATABASE_URL: database.url, DATA_DIR: database.dataDir }
      : { DATA_DIR: database.dataDir };
    const invalidation = options.invalidation ?? 'fine';
    const statsDir = mkdtempSync(join(tmpdir(), 'soak-cache-'));
    const statsFile = join(statsDir, 'marketplace-cache.json');
    env.MARKETPLACE_CACHE_INVALIDATION = invalidation;
    env.MARKETPLACE_CACHE_STATS_FILE = statsFile;
    const app = await startApp(env);
    let stopped = false;
    const stats = new Stats();
    const samples: number[] = [app.rssBytes()];
    const sampler = setInterval(() => samples.push(app.rssBytes()), 5000);
    try {
      const random = createRandom(7);
      const members = pairs
        .flatMap((pair) => [
          new SimulatedMember(
            app.url,
            pair.a,
            pair.conversationId,
            createRandom(random.int(0, 2 ** 31)),
            stats,
          ),
          new SimulatedMember(
            app.url,
            pair.b,
            pair.conversationId,
            createRandom(random.int(0, 2 ** 31)),
            stats,
          ),
        ])
        .slice(0, options.members);
      for (const member of members) await member.start();
      log(`Soak: ${members.length} members for ${options.durationSec} s against ${app.url}`);
      const [minThink, maxThink] = options.thinkMs;
      const deadline = performance.now() + options.durationSec * 1000;
      // Bounded by time and by count: no loop outlives the deadline or does more than this.
      const maxActions = Math.ceil((options.durationSec * 1000) / Math.max(minThink, 1)) + 1;
      const progress = setInterval(
        () =>
          log(
            `  ${stats.requests} requests, ${stats.errors} errors, app RSS ${((samples[samples.length - 1] ?? 0) / 2 ** 20).toFixed(0)} MB`,
          ),
        30_000,
      );
      await Promise.all(
        members.map(async (member, index) => {
          const random = createRandom(index + 1);
          await new Promise((resolve) => setTimeout(resolve, random.int(0, maxThink)));
          for (let done = 0; done < maxActions && performance.now() < deadline; done += 1) {
            try {
              await member.act(pickKind(random));
            } catch {
              // Recorded by the request that failed; the member goes on with the next action.
            }
            const pause = Math.min(random.int(minThink, maxThink), deadline - performance.now());
            if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
          }
        }),
      );
      clearInterval(progress);
      for (const member of members) member.stop();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      samples.push(app.rssBytes());
      const endpoints = [...stats.byLabel]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([label, entry]) => {
          const sorted = [...entry.latencies].sort((x, y) => x - y);
          return {
            label,
            count: entry.count,
            errors: entry.errors,
            p50: percentile(sorted, 50),
            p99: percentile(sorted, 99),
          };
        });
      await app.stop();
      stopped = true;
      let cache: SoakCacheStats | undefined;
      try {
        cache = JSON.parse(readFileSync(statsFile, 'utf8')) as SoakCacheStats;
      } catch {
        cache = undefined;
      }
      return {
        invalidation,
        cache,
        startedAt,
        database: database.label,
        scale: options.scale,
        members: members.length,
        durationSec: options.durationSec,
        requests: stats.requests,
        errors: stats.errors,
        failures: stats.failures,
        endpoints,
        socketEvents: members.reduce((sum, member) => sum + member.events, 0),
        rss: {
          startBytes: samples[0] ?? 0,
          peakBytes: Math.max(...samples),
          endBytes: samples[samples.length - 1] ?? 0,
          samples: samples.length,
        },
        load: { start: loadAtStart, end: currentLoad() },
      };
    } finally {
      clearInterval(sampler);
      if (!stopped) await app.stop();
      rmSync(statsDir, { recursive: true, force: true });
    }
  } finally {
    await database.drop();
  }
}

function cacheLine(report: SoakReport) {
  const cache = report.cache;
  if (!cache) return `- Marketplace cache (${report.invalidation} invalidation): no counters written.`;
  const reads = cache.hits + cache.staleHits + cache.misses;
  const rate = reads ? ((100 * (cache.hits + cache.staleHits)) / reads).toFixed(1) : '0';
  return `- Marketplace cache, ${report.invalidation} invalidation: **hit rate ${rate}%** of ${reads.toLocaleString('en-US')} cached reads (lists, facets, counts, search modes): ${cache.hits} hits, ${cache.staleHits} stale hits (≤ 1 s), ${cache.misses} misses (${cache.missesAfterInvalidation} of them of a key a change had dropped, the rest never cached or expired); ${cache.invalidations} invalidations dropped or marked ${cache.invalidated} entries.`;
}

export function renderSoak(report: SoakReport) {
  const machine = machineInfo();
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const lines = [
    `## ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC: soak, ${report.members} members for ${(report.durationSec / 60).toFixed(1)} min on ${report.database}`,
    '',
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb.toFixed(1)} GB RAM; Node ${machine.node}; ${report.database}; ${report.scale} dataset. Load average (1 min) ${report.load.start} at start, ${report.load.end} at end.`,
    `- ${report.requests.toLocaleString('en-US')} requests, **${report.errors} errors**${report.errors === 0 ? '' : ` (${report.failures.join('; ')})`}; ${report.socketEvents.toLocaleString('en-US')} WebSocket events received.`,
    cacheLine(report),
    `- App memory (RSS, ${report.rss.samples} samples): start ${mb(report.rss.startBytes)}, peak ${mb(report.rss.peakBytes)}, end ${mb(report.rss.endBytes)}.`,
    '',
    '| request | count | errors | p50 ms | p99 ms |',
    '|---|--:|--:|--:|--:|',
    ...report.endpoints.map(
      (row) =>
        `| ${row.label} | ${row.count} | ${row.errors} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

const USAGE = `Usage: npm run bench:soak [-- options]

Seeds a fresh database (PostgreSQL when BENCH_DATABASE_URL is set, else PGlite), starts the app
and runs simulated members against it: browsing, searching, filtering, barter requests (withdrawn
again) and chat, each with a WebSocket open. Prints errors (there must be none) and the app's RSS,
and appends them to bench/results.md.

  --members N        simulated members (default 200)
  --minutes M        how long (default 5)
  --think MIN-MAX    pause between a member's actions in ms (default 1000-3000)
  --scale S          full, small (default) or tiny
  --invalidation I   the marketplace cache's: fine (default) or whole (every change empties it)
  --no-results       print only`;

async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string' },
      minutes: { type: 'string' },
      think: { type: 'string' },
      scale: { type: 'string' },
      invalidation: { type: 'string' },
      'no-results': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  const members = Number(values.members ?? 200);
  const minutes = Number(values.minutes ?? 5);
  const think = (values.think ?? '1000-3000').split('-').map(Number) as [number, number];
  const scale = (values.scale ?? 'small') as ScaleName;
  const invalidation = values.invalidation ?? 'fine';
  if (
    !Number.isInteger(members) ||
    members < 2 ||
    !(minutes > 0) ||
    think.length !== 2 ||
    !(think[0] >= 0 && think[1] >= think[0]) ||
    !(scale in SCALES) ||
    (invalidation !== 'fine' && invalidation !== 'whole')
  ) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const report = await runSoak({
    scale,
    members,
    durationSec: minutes * 60,
    thinkMs: think,
    invalidation,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    log: (line) => console.log(line),
  });
  const section = renderSoak(report);
  console.log(`\n${section}`);
  if (!values['no-results']) appendResults(fileURLToPath(new URL('./results.md', import.meta.url)), section);
  if (report.errors > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
