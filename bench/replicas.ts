/**
 * `npm run bench -- http --replicas N`: the varied searches (or `--cases`) with the marketplace
 * cache off, first on the primary alone, then with N streaming replicas of it made on this machine
 * (pg_basebackup into a second cluster, as the replica tests do: src/server/test-support/
 * streaming-replica.ts) and named in DATABASE_READ_URLS. Reports req/s, latency and the CPU per
 * request of the app, the primary's and the replicas' backends, with `uptime` before and after.
 * On one machine the primary and its replicas share the same cores: the CPU per search is what a
 * second machine would add.
 */
import { execFileSync } from 'node:child_process';
import { type AppProcess, startApp } from './app-process';
import { createBenchDatabase, existingBenchDatabase } from './database';
import { httpCases, type HttpRow } from './http';
import { type BenchOptions, SCALES } from './options';
import { measureCases } from './run';
import { reuseFixtures, seedBench } from './seed';
import { freePort } from '../src/server/test-support/server-process';
import {
  createStreamingReplica,
  replicaToolsMissing,
  replicationProblems,
  type StreamingReplica,
} from '../src/server/test-support/streaming-replica';

const uptime = () => execFileSync('uptime').toString().trim();

interface ReplicaRow {
  setup: string;
  row: HttpRow;
}

export async function runReplicaBenchmark(options: BenchOptions & { replicas: number }) {
  const { log } = options;
  const adminUrl = options.databaseUrl;
  if (!adminUrl) throw new Error('--replicas needs PostgreSQL: set BENCH_DATABASE_URL');
  const missing = replicaToolsMissing();
  if (missing) throw new Error(`--replicas: ${missing}`);
  const problems = await replicationProblems(adminUrl);
  if (problems.length) throw new Error(`--replicas: the primary cannot stream: ${problems.join('; ')}`);
  const started = Date.now();
  const loads = [`start: ${uptime()}`];
  const marketUrl = process.env.BENCH_MARKET_URL;
  const database = await (marketUrl ? existingBenchDatabase(marketUrl) : createBenchDatabase(adminUrl));
  const replicas: StreamingReplica[] = [];
  let app: AppProcess | undefined;
  try {
    log(
      database.reused
        ? `Measuring the market kept in ${database.label}`
        : `Seeding the ${options.scale} dataset into ${database.label}`,
    );
    const seeding = await database.open();
    let fixtures;
    try {
      fixtures = database.reused
        ? await reuseFixtures(seeding, 1)
        : await seedBench(seeding, SCALES[options.scale], 1, log);
    } finally {
      await seeding.close();
    }
    const keys = options.cases ?? ['items-varied'];
    const cases = httpCases(fixtures).filter((testCase) => keys.includes(testCase.key));
    if (cases.length !== keys.length) throw new Error(`Unknown case among ${keys.join(', ')}`);
    const url = database.url as string;
    const name = new URL(url).pathname.slice(1);
    const env = {
      DATABASE_URL: url,
      DATA_DIR: database.dataDir,
      MARKETPLACE_CACHE_SECONDS: '0',
    };
    const load = {
      connections: options.connections,
      durationSec: options.durationSec,
      warmupSec: options.warmupSec,
    };
    const rows: ReplicaRow[] = [];

    log('Replicas: the primary alone, cache off');
    app = await startApp(env);
    for (const row of await measureCases(
      app.url,
      cases,
      { ...load, cpu: { appPid: app.pid, databaseUrl: url } },
      log,
    ))
      rows.push({ setup: 'primary alone', row });
    await app.stop();
    app = undefined;
    loads.push(`after the primary alone: ${uptime()}`);

    log(`Replicas: making ${options.replicas} streaming replica(s) with pg_basebackup`);
    const copyStarted = Date.now();
    for (let index = 0; index < options.replicas; index++) {
      const replica = createStreamingReplica(adminUrl, await freePort());
      replicas.push(replica);
      replica.start();
    }
    const copySeconds = (Date.now() - copyStarted) / 1000;
    const replicaUrls = replicas.map((replica) => replica.url(name));
    log(`  made in ${copySeconds.toFixed(0)} s`);
    app = await startApp({ ...env, DATABASE_READ_URLS: replicaUrls.join(',') });
    for (const row of await measureCases(
      app.url,
      cases,
      { ...load, cpu: { appPid: app.pid, databaseUrl: url, replicaUrls } },
      log,
    ))
      rows.push({ setup: `${options.replicas} replica(s)`, row });
    loads.push(`end: ${uptime()}`);
    return {
      rows,
      loads,
      seconds: (Date.now() - started) / 1000,
      copySeconds,
      label: database.label,
      dataset: fixtures.dataset,
      scale: options.scale,
      settings: load,
    };
  } finally {
    await app?.stop();
    for (const replica of replicas)
      await replica.destroy().catch((error: unknown) => log(`could not remove a replica: ${String(error)}`));
    await database.drop();
  }
}

export function renderReplicaReport(report: Awaited<ReturnType<typeof runReplicaBenchmark>>) {
  const lines = [
    `## Read replicas: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${report.label}, ${report.scale} (${report.dataset.items} items)`,
    '',
    `\`npm run bench -- http --replicas N\`: cache off (MARKETPLACE_CACHE_SECONDS=0), ${report.settings.connections} connections, ` +
      `${report.settings.durationSec} s per case after ${report.settings.warmupSec} s of warm-up; the replicas made by pg_basebackup in ${report.copySeconds.toFixed(0)} s ` +
      `(the whole cluster is copied). **One machine**: the primary, the replica(s), the app and the load generator share its cores, so ` +
      'the throughput ratio says little; the CPU per request is what a second machine takes over.',
    '',
    '| Setup | Case | req/s | p50 ms | p99 ms | errors | CPU ms/request: app | primary | replicas | load generator |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.rows.map(
      ({ setup, row }) =>
        `| ${setup} | ${row.label} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.cpuMs?.app ?? '—'} | ${row.cpuMs?.database ?? '—'} | ${row.cpuMs?.replicas ?? '—'} | ${row.cpuMs?.loadGenerator ?? '—'} |`,
    ),
    '',
    `Machine load (\`uptime\`): ${report.loads.join('; ')}. Whole run ${report.seconds.toFixed(0)} s.`,
    '',
  ];
  return lines.join('\n');
}
