import { rmSync } from 'node:fs';
import { type AppProcess, startApp } from './app-process';
import { measureBuild, privateClientBuild, runLighthouse } from './client';
import { createBenchDatabase, existingBenchDatabase } from './database';
import { type HttpCase, httpCases, type HttpRow, type LoadSettings, measure, measureBaseline } from './http';
import { type BenchOptions, SCALES } from './options';
import { type BenchReport, type ClusterRow, currentLoad, machineInfo } from './report';
import { reuseFixtures, seedBench } from './seed';
import { runWebSocketBench } from './ws';

export const LIGHTHOUSE_PATHS = ['/', '/browse', '/how-it-works'];

/** One request of a case, so that a broken case fails loudly before minutes of load. */
async function probe(url: string, testCase: HttpCase) {
  const varied = testCase.vary?.() ?? {};
  const response = await fetch(`${url}${testCase.path}`, {
    method: testCase.method,
    headers: varied.headers ?? testCase.headers,
    body: varied.body ?? testCase.body,
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${testCase.label} answered ${response.status}: ${body.slice(0, 300)}`);
}

export async function measureCases(
  url: string,
  cases: HttpCase[],
  load: LoadSettings,
  log: (line: string) => void,
) {
  const rows: HttpRow[] = [];
  for (const testCase of cases) await probe(url, testCase);
  for (const testCase of cases) {
    const row = await measure(url, testCase, load);
    log(
      `  ${row.label}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors, load ${row.load?.before} → ${row.load?.after}${row.cpuMs ? `, CPU per request: app ${row.cpuMs.app} ms, PostgreSQL ${row.cpuMs.database ?? '—'} ms, load generator ${row.cpuMs.loadGenerator} ms` : ''}`,
    );
    rows.push(row);
  }
  return rows;
}

/**
 * Only the seed (`--seed-only`): a fresh database seeded at the options' scale, its phases logged
 * with their times and the load, then dropped (kept with BENCH_KEEP=1). Answers the seed's seconds.
 */
export async function seedOnly(options: BenchOptions) {
  const { log } = options;
  if (process.env.BENCH_MARKET_URL) throw new Error('--seed-only seeds a new market: unset BENCH_MARKET_URL');
  const database = await createBenchDatabase(options.databaseUrl);
  try {
    log(`Seeding the ${options.scale} dataset into ${database.label} (load ${currentLoad()})`);
    const seeding = await database.open();
    try {
      const pairCount = Math.max(1, Math.floor(options.sockets / 2));
      const { dataset } = await seedBench(seeding, SCALES[options.scale], pairCount, log);
      log(
        `Seeded in ${dataset.seedSeconds.toFixed(1)} s (load ${currentLoad()}): ${dataset.users} members, ` +
          `${dataset.items} items (${dataset.activeItems} listed), ${dataset.trades} trades, ` +
          `${dataset.messages} messages in ${dataset.conversations} conversations`,
      );
      return dataset.seedSeconds;
    } finally {
      await seeding.close();
    }
  } finally {
    await database.drop();
  }
}

/**
 * The whole benchmark: a fresh database seeded at scale, the app started on it, then the
 * selected parts (HTTP with its baseline and, with workers, node:cluster; WebSocket chat on one and,
 * on PostgreSQL, two instances; client build sizes and Lighthouse). Everything it starts, it stops,
 * and the database is dropped.
 */
export async function runBenchmark(options: BenchOptions): Promise<BenchReport> {
  const { log } = options;
  const started = Date.now();
  const loadAtStart = currentLoad();
  const notes: string[] = [];
  // The app serves the built client, and its sizes are measured: a private copy of the current
  // build, which no rebuild of dist/client during the run can break (and which Lighthouse loads).
  const clientDir = await privateClientBuild();
  const marketUrl = process.env.BENCH_MARKET_URL;
  const database = await (
    marketUrl ? existingBenchDatabase(marketUrl) : createBenchDatabase(options.databaseUrl)
  ).catch((error: unknown) => {
    rmSync(clientDir, { recursive: true, force: true });
    throw error;
  });
  const onPostgres = database.kind === 'postgres';
  const apps: AppProcess[] = [];
  const stopAll = async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop()));
  };
  try {
    log(
      database.reused
        ? `Measuring the market kept in ${database.label}`
        : `Seeding the ${options.scale} dataset into ${database.label}`,
    );
    const scale = SCALES[options.scale];
    const seeding = await database.open();
    let fixtures;
    try {
      const pairCount = Math.max(1, Math.floor(options.sockets / 2));
      fixtures = database.reused
        ? await reuseFixtures(seeding, pairCount)
        : await seedBench(seeding, scale, pairCount, log);
    } finally {
      await seeding.close();
    }
    const env: Record<string, string> = database.url
      ? { DATABASE_URL: database.url, DATA_DIR: database.dataDir, CLIENT_DIR: clientDir }
      : { DATA_DIR: database.dataDir, CLIENT_DIR: clientDir };
    const app = await startApp(env);
    apps.push(app);
    const load: LoadSettings = {
      connections: options.connections,
      durationSec: options.durationSec,
      warmupSec: options.warmupSec,
    };
    const allCases = httpCases(fixtures);
    const cases = options.cases
      ? allCases.filter((testCase) => options.cases?.includes(testCase.key))
      : allCases;
    const unknown = (options.cases ?? []).filter((key) => !allCases.some((testCase) => testCase.key === key));
    if (unknown.length > 0)
      throw new Error(`Unknown case ${unknown.join(', ')}: use ${allCases.map((c) => c.key).join(', ')}`);
    // --cases: only the cache-off pass of the chosen cases (with --cached, both passes).
    const cachedPass = options.parts.includes('http') && (!options.cases || options.cached);

    let http: BenchReport['http'] = null;
    if (cachedPass) {
      log(
        `HTTP: ${cases.length} cases and the baseline, ${load.connections} connections x ${load.durationSec} s`,
      );
      const baseline = await measureBaseline(app.url, database.dataDir, load);
      log(`  ${baseline.label}: ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99} ms`);
      const rows = await measureCases(app.url, cases, load, log);
      const list = rows.find((row) => row.key === 'items-default');
      const listRate = list?.requestsPerSecond ?? Number.NaN;
      http = { rows, baseline, ratio: listRate / Math.max(baseline.requestsPerSecond, 1e-9) };
    }

    // The cache-off app of the uncached pass (below). On PostgreSQL it is started early, as the
    // chat run's second instance (chat delivery reads nothing the marketplace cache holds), which
    // saves starting one more app.
    const uncachedEnv = { ...env, MARKETPLACE_CACHE_SECONDS: '0' };
    let plain: AppProcess | undefined;
    const uncachedPass = async (target: AppProcess) => {
      log('HTTP: the marketplace and signed-in cases with MARKETPLACE_CACHE_SECONDS=0');
      return measureCases(
        target.url,
        options.cases
          ? cases
          : cases.filter(
              (testCase) => testCase.itemsBudget || testCase.key === 'facets' || testCase.signedInBudget,
            ),
        { ...load, cpu: { appPid: target.pid, databaseUrl: database.url } },
        log,
      );
    };

    let ws: BenchReport['ws'] = null;
    if (options.parts.includes('ws')) {
      const settings = {
        pairs: fixtures.pairs,
        sockets: options.sockets,
        rate: options.wsRate,
        durationSec: options.wsDurationSec,
        log,
      };
      log(`WebSocket: ${options.sockets} sockets on one instance`);
      ws = await runWebSocketBench({ ...settings, urls: [app.url], appRss: () => app.rssBytes() });
      if (onPostgres) {
        log('WebSocket: across two instances (LISTEN/NOTIFY)');
        const second = await startApp(options.parts.includes('http') ? uncachedEnv : env);
        apps.push(second);
        ws.push(
          ...(await runWebSocketBench({
            ...settings,
            urls: [app.url, second.url],
            appRss: () => app.rssBytes() + second.rssBytes(),
          })),
        );
        if (options.parts.includes('http')) {
          plain = second;
        } else {
          await second.stop();
          apps.splice(apps.indexOf(second), 1);
        }
      } else {
        notes.push(
          'WebSocket across two instances: PostgreSQL only (PGlite is one process); set BENCH_DATABASE_URL.',
        );
      }
    }

    let client: BenchReport['client'] = null;
    if (options.parts.includes('client')) {
      const sizes = measureBuild(clientDir);
      log(`Client: initial JS ${(sizes.initialJs.gzipBytes / 1000).toFixed(1)} kB gzip`);
      const lighthouse = options.lighthouse
        ? await runLighthouse(app.url, LIGHTHOUSE_PATHS, options.lighthouseRuns, options.chromePath, log)
        : null;
      client = { sizes, lighthouse };
    }

    // What a query costs when no cached answer helps (a unique query, or right after a write): the
    // marketplace cases again on an app with the cache off, alone. On PostgreSQL here, on the chat
    // run's second instance; otherwise last, as PGlite allows one app at a time.
    let uncached: BenchReport['uncached'] = null;
    if (plain) {
      await app.stop();
      apps.splice(apps.indexOf(app), 1);
      uncached = await uncachedPass(plain);
    }
    await stopAll();

    let cluster: BenchReport['cluster'] = null;
    if (cachedPass && options.workers > 1) {
      if (!onPostgres) {
        notes.push(
          `--workers ${options.workers} ignored: node:cluster needs PostgreSQL (set BENCH_DATABASE_URL).`,
        );
      } else {
        const measured: HttpRow[][] = [];
        for (const workers of [1, options.workers]) {
          log(`HTTP on node:cluster with ${workers} worker${workers === 1 ? '' : 's'}`);
          const clustered = await startApp(env, workers);
          apps.push(clustered);
          measured.push(await measureCases(clustered.url, cases, load, log));
          await stopAll();
        }
        const [one, many] = measured as [HttpRow[], HttpRow[]];
        cluster = {
          workers: options.workers,
          rows: one.map((row, index): ClusterRow => ({
            key: row.key,
            label: row.label,
            one: row,
            many: many[index] as HttpRow,
          })),
        };
      }
    }

    if (options.parts.includes('http') && !uncached) {
      await stopAll();
      const started = await startApp(uncachedEnv);
      apps.push(started);
      uncached = await uncachedPass(started);
      await stopAll();
    }

    return {
      startedAt: new Date(started).toISOString(),
      seconds: (Date.now() - started) / 1000,
      machine: machineInfo(),
      load: { start: loadAtStart, end: currentLoad() },
      database: database.label,
      onPostgres,
      scale: options.scale,
      dataset: fixtures.dataset,
      settings: {
        connections: options.connections,
        durationSec: options.durationSec,
        warmupSec: options.warmupSec,
        sockets: options.sockets,
        wsRate: options.wsRate,
        wsDurationSec: options.wsDurationSec,
        workers: options.workers,
      },
      http,
      uncached,
      cluster,
      ws,
      client,
      notes,
    };
  } finally {
    await stopAll();
    await database.drop();
    rmSync(clientDir, { recursive: true, force: true });
  }
}
