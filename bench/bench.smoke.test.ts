/**
 * The benchmark at a tiny scale, so that it cannot rot: every part runs and every row is there with
 * no errors. No timing is asserted (on a shared machine timings are noise: budgets are printed by bench/, never asserted).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type BenchOptions } from './options';
import { type BenchReport, renderReport } from './report';
import { runBenchmark } from './run';
import { renderSoak, runSoak } from './soak';
import { renderSockets, runSocketsBench, type SocketsReport } from './sockets';

const HTTP_KEYS = [
  'items-default',
  'items-search',
  'items-filters',
  'items-deep-offset',
  'items-varied',
  'items-near',
  'items-near-within',
  'items-near-mix',
  'facets',
  'similar-items',
  'smart-matches',
  'trade-requests',
  'trade-requests-idle',
  'conversation',
  'history-trades',
  'history-trade-page',
  'history-trade-counts',
  'history-conversations',
  'history-conversation',
  'history-notifications',
  'history-smart-matches',
  'login',
];

const tiny: BenchOptions = {
  ...DEFAULT_OPTIONS,
  scale: 'tiny',
  // A quarter of a second of load per case (bench/http.ts samples it once): every case still runs,
  // on every app, and prints its figure next to its budget. The load takes both cores while it runs,
  // from the tests that run beside this file.
  durationSec: 0.25,
  warmupSec: 0,
  connections: 4,
  sockets: 6,
  wsRate: 10,
  wsDurationSec: 1,
  lighthouse: false,
  log: () => undefined,
};

function expectComplete(report: BenchReport, instances: number[]) {
  const http = report.http;
  expect(http?.rows.map((row) => row.key)).toEqual(HTTP_KEYS);
  for (const row of [...(http?.rows ?? []), ...(http ? [http.baseline] : [])])
    expect(row.errors, row.label).toBe(0);

  expect(report.uncached?.map((row) => row.key)).toEqual(
    HTTP_KEYS.filter((key) => key.startsWith('items-') || key === 'facets' || key.startsWith('history-')),
  );
  for (const row of report.uncached ?? []) expect(row.errors, row.label).toBe(0);
  expect(renderReport(report)).toContain('without the cache');
  // The member with a history has it: the signed-in cases measure real lists, not empty ones.
  expect(report.dataset.conversations).toBeGreaterThanOrEqual(20);
  expect(renderReport(report)).toContain('≥ 2,000 req/s');

  const wsKeys = instances.flatMap((count) => [`ws-rate-${count}`, `ws-loop-${count}`]);
  expect(report.ws?.map((row) => row.key)).toEqual(wsKeys);
  for (const row of report.ws ?? []) {
    expect(row.errors, row.label).toBe(0);
    expect(row.sent, row.label).toBeGreaterThan(0);
    expect(row.delivered, row.label).toBe(row.sent);
    expect(row.sockets).toBe(6);
  }

  const sizes = report.client?.sizes;
  expect(sizes?.initialJs.gzipBytes).toBeGreaterThan(0);
  // Browse ships with the first page (its first visit is the usual landing); the profile is lazy.
  expect(sizes?.routes.find((route) => route.path === '/browse')?.initial).toBe(true);
  expect(sizes?.routes.find((route) => route.path === '/profile')?.initial).toBe(false);
  expect(report.client?.lighthouse).toBeNull();

  const markdown = renderReport(report);
  for (const row of [...(http?.rows ?? []), ...(report.ws ?? [])]) expect(markdown).toContain(row.label);
  expect(markdown).toContain('initial JS');
}

function expectSockets(report: SocketsReport, instances: number[]) {
  expect(report.rows.map((row) => row.instances)).toEqual(instances);
  for (const row of report.rows) {
    expect(row.opened).toBe(20);
    expect(row.errors, row.firstError ?? '').toBe(0);
    expect(row.sent).toBeGreaterThan(0);
    expect(row.delivered).toBe(row.sent);
    expect(row.after.rssBytes).toBeGreaterThan(0);
    expect(row.after.heapUsedBytes).toBeGreaterThan(0);
    expect(row.heapAfterMessagesBytes).toBeGreaterThan(0);
    expect(row.appLoopMaxMs).toBeGreaterThan(0);
    expect(row.clientLoopMaxMs).toBeGreaterThan(0);
  }
  const markdown = renderSockets(report);
  expect(markdown).toContain('per socket');
  expect(markdown).toContain('event-loop delay');
  expect(markdown).toMatch(/\| \d+\.\d+ \d+\.\d+ \d+\.\d+ \d+\/\d+ \d+ \|/);
}

const tinySockets = { sockets: 20, rate: 10, durationSec: 1, clients: 2, log: () => undefined };

describe('benchmark smoke run', () => {
  it('measures every HTTP case, the baseline, chat and the client build on PGlite', async () => {
    const report = await runBenchmark({ ...tiny, databaseUrl: undefined });
    expectComplete(report, [1]);
    expect(report.cluster).toBeNull();
  }, 600_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'adds chat across two instances and node:cluster with 1 and 2 workers on PostgreSQL',
    async () => {
      const report = await runBenchmark({ ...tiny, databaseUrl: process.env.TEST_DATABASE_URL, workers: 2 });
      expectComplete(report, [1, 2]);
      expect(report.cluster?.rows.map((row) => row.key)).toEqual(HTTP_KEYS);
      for (const row of report.cluster?.rows ?? [])
        expect(row.one.errors + row.many.errors, row.label).toBe(0);
    },
    600_000,
  );

  it('opens 20 authenticated sockets from two load generators and times delivery on PGlite', async () => {
    expectSockets(await runSocketsBench({ ...tinySockets, databaseUrl: undefined }), [1]);
  }, 300_000);

  // Only the two-instance run: the one-instance run is the same code as on PGlite, above.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'splits the 20 sockets over two instances on PostgreSQL',
    async () => {
      expectSockets(
        await runSocketsBench({
          ...tinySockets,
          instances: 'two',
          databaseUrl: process.env.TEST_DATABASE_URL,
        }),
        [2],
      );
    },
    300_000,
  );

  it('soaks a few members without errors and samples the app memory', async () => {
    const report = await runSoak({
      scale: 'tiny',
      members: 4,
      durationSec: 3,
      thinkMs: [100, 300],
      databaseUrl: undefined,
      log: () => undefined,
    });
    expect(report.errors, report.failures.join('\n')).toBe(0);
    expect(report.requests).toBeGreaterThan(0);
    expect(report.rss.peakBytes).toBeGreaterThan(0);
    expect(renderSoak(report)).toContain('0 errors');
  }, 300_000);
});
