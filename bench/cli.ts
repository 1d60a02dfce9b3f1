/**
 * `npm run bench [-- <part>] [options]`: measures the app against its performance budgets
 * (docs/performance.md). Parts: http, ws, client, or all (default). Results are printed and
 * appended to bench/results.md.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BenchOptions, DEFAULT_OPTIONS, PARTS, type Part, SCALES, type ScaleName } from './options';
import { appendResults, renderReport } from './report';
import { renderReplicaReport, runReplicaBenchmark } from './replicas';
import { runBenchmark, seedOnly } from './run';

const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));

const USAGE = `Usage: npm run bench [-- [all|http|ws|client] [options]]
       (or npm run bench:http, bench:ws, bench:client; npm run bench:soak for the soak test)

Seeds a fresh database (PostgreSQL when BENCH_DATABASE_URL is set: a new database with a random
name there, dropped at the end unless BENCH_KEEP=1; otherwise PGlite in a temporary directory),
starts the app on it and measures it. Results are printed and appended to bench/results.md.
BENCH_MARKET_URL=postgres://…/threadswap_bench_… measures a market kept by BENCH_KEEP instead of
seeding one (it adds sessions and chat messages to it, and leaves it in place).

  --scale large|full|small|tiny
                            dataset: full = 10k users, 100k items, 50k trades, 200k messages (default);
                            large = 100k / 1M / 500k / 2M (PostgreSQL; seeded in blocks, bench/replicate.ts);
                            small = 1k / 10k / 5k / 20k; tiny = 50 / 300 / 150 / 600
  --duration S              seconds per HTTP case (default ${DEFAULT_OPTIONS.durationSec})
  --warmup S                unrecorded seconds before each case (default ${DEFAULT_OPTIONS.warmupSec})
  --connections N           autocannon connections (default ${DEFAULT_OPTIONS.connections})
  --workers N               also measure the HTTP cases on node:cluster with 1 and N workers
                            (PostgreSQL only; or env WORKERS=N)
  --sockets N               WebSockets (default ${DEFAULT_OPTIONS.sockets})
  --ws-rate N               messages a second in the fixed-rate chat phase (default ${DEFAULT_OPTIONS.wsRate})
  --ws-duration S           seconds of each chat phase (default ${DEFAULT_OPTIONS.wsDurationSec})
  --no-lighthouse           skip Lighthouse
  --lighthouse-runs N       runs per page, the median reported (default ${DEFAULT_OPTIONS.lighthouseRuns})
  --cases KEY,KEY           only these HTTP cases (keys in bench/http.ts, e.g. history-trades), with the
                            cache off only: no baseline, no cached pass (to iterate on a few cases)
  --cached                  with --cases: also the baseline and the cached pass of those cases
  --replicas N              (http, PostgreSQL) the varied searches (or --cases) with the cache off, on the
                            primary alone and then with N streaming replicas made here by pg_basebackup
                            (DATABASE_READ_URLS); the primary must allow replication from 127.0.0.1
  --no-results              print only; do not append to bench/results.md
  --seed-only               seed the dataset, print the seed's phases and timing, and stop (no app,
                            no cases; nothing appended). With BENCH_KEEP=1 the seeded market stays
                            for BENCH_MARKET_URL runs.
Chromium: CHROME_PATH or ${DEFAULT_OPTIONS.chromePath}.`;

class UsageError extends Error {}

function positive(value: string | undefined, name: string, fallback: number, min = 1) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min)
    throw new UsageError(`--${name} must be a number, at least ${min}`);
  return parsed;
}

function readOptions(
  argv: string[],
): (BenchOptions & { results: boolean; seedOnly: boolean; replicas: number }) | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        scale: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        connections: { type: 'string' },
        workers: { type: 'string' },
        sockets: { type: 'string' },
        'ws-rate': { type: 'string' },
        'ws-duration': { type: 'string' },
        'no-lighthouse': { type: 'boolean' },
        'lighthouse-runs': { type: 'string' },
        'no-results': { type: 'boolean' },
        'seed-only': { type: 'boolean' },
        cases: { type: 'string' },
        cached: { type: 'boolean' },
        replicas: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  const part = positionals[0] ?? 'all';
  if (positionals.length > 1 || (part !== 'all' && !PARTS.includes(part as Part)))
    throw new UsageError(`Unknown part "${positionals.join(' ')}": use all, ${PARTS.join(', ')}`);
  const scale = values.scale ?? DEFAULT_OPTIONS.scale;
  if (!(scale in SCALES)) throw new UsageError(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  return {
    ...DEFAULT_OPTIONS,
    scale: scale as ScaleName,
    parts: part === 'all' ? PARTS : [part as Part],
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    durationSec: positive(values.duration, 'duration', DEFAULT_OPTIONS.durationSec),
    warmupSec: positive(values.warmup, 'warmup', DEFAULT_OPTIONS.warmupSec, 0),
    connections: Math.floor(positive(values.connections, 'connections', DEFAULT_OPTIONS.connections)),
    workers: Math.floor(positive(values.workers ?? process.env.WORKERS, 'workers', DEFAULT_OPTIONS.workers)),
    sockets: Math.floor(positive(values.sockets, 'sockets', DEFAULT_OPTIONS.sockets, 2)),
    wsRate: positive(values['ws-rate'], 'ws-rate', DEFAULT_OPTIONS.wsRate),
    wsDurationSec: positive(values['ws-duration'], 'ws-duration', DEFAULT_OPTIONS.wsDurationSec),
    lighthouse: !values['no-lighthouse'],
    lighthouseRuns: Math.floor(
      positive(values['lighthouse-runs'], 'lighthouse-runs', DEFAULT_OPTIONS.lighthouseRuns),
    ),
    chromePath: process.env.CHROME_PATH || DEFAULT_OPTIONS.chromePath,
    results: !values['no-results'],
    seedOnly: Boolean(values['seed-only']),
    ...(values.cases
      ? {
          cases: values.cases
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
        }
      : {}),
    cached: Boolean(values.cached),
    replicas: Math.floor(positive(values.replicas, 'replicas', 0, 0)),
    log: (line) => console.log(line),
  };
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  if (options.seedOnly) {
    await seedOnly(options);
    return;
  }
  if (options.replicas > 0) {
    if (options.parts.length !== 1 || options.parts[0] !== 'http')
      throw new UsageError('--replicas goes with the http part');
    const section = renderReplicaReport(await runReplicaBenchmark(options));
    console.log(`\n${section}`);
    if (options.results) {
      appendResults(RESULTS, section);
      console.log(`Appended to ${RESULTS}`);
    }
    return;
  }
  const report = await runBenchmark(options);
  const section = renderReport(report);
  console.log(`\n${section}`);
  if (options.results) {
    appendResults(RESULTS, section);
    console.log(`Appended to ${RESULTS}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else console.error(error);
  process.exitCode = 1;
});
