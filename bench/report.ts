import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import type { ClientSizes, LighthouseRow } from './client';
import type { HttpRow, SignedInBudget } from './http';
import type { ScaleName } from './options';
import type { Fixtures } from './seed';
import type { WsRow } from './ws';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
}

export function machineInfo(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGb: totalmem() / 2 ** 30,
    node: process.version,
    os: `${type()} ${release()} ${arch()}`,
  };
}

/** The 1-minute load average, as a sign of how busy the (shared) machine was. */
export const currentLoad = () => Number((loadavg()[0] ?? 0).toFixed(2));

export interface ClusterRow {
  key: string;
  label: string;
  one: HttpRow;
  many: HttpRow;
}

export interface BenchReport {
  startedAt: string;
  seconds: number;
  machine: Machine;
  load: { start: number; end: number };
  database: string;
  onPostgres: boolean;
  scale: ScaleName;
  dataset: Fixtures['dataset'];
  settings: {
    connections: number;
    durationSec: number;
    warmupSec: number;
    sockets: number;
    wsRate: number;
    wsDurationSec: number;
    workers: number;
  };
  http: { rows: HttpRow[]; baseline: HttpRow & { bytes: number }; ratio: number } | null;
  /** The marketplace cases on an app with MARKETPLACE_CACHE_SECONDS=0: every request queries. */
  uncached: HttpRow[] | null;
  cluster: { workers: number; rows: ClusterRow[] } | null;
  ws: WsRow[] | null;
  client: { sizes: ClientSizes; lighthouse: LighthouseRow[] | null } | null;
  notes: string[];
}

/** The performance budgets a run is marked against (docs/performance.md). */
export const BUDGETS = {
  itemsP99Ms: 25,
  baselineRatio: 0.5,
  chatP99Ms: 50,
  chatSockets: 1000,
  initialJsGzipKb: 170,
  lighthousePerformance: 95,
  lighthousePaths: ['/', '/browse'],
  /** Signed-in reads of a member with a history, cache off (PostgreSQL, 50 connections). */
  signedIn: {
    read: { requestsPerSecond: 2000, p99Ms: 50 },
    smartMatches: { requestsPerSecond: 1000, p99Ms: undefined },
  } as Record<SignedInBudget, { requestsPerSecond: number; p99Ms: number | undefined }>,
  /** Varied searches (a different query each request) with the cache off, at 100k items. */
  variedUncachedP99Ms: 50,
};

/** The budget cell of a row measured with the cache off (signed-in reads, varied searches). */
function uncachedBudget(row: HttpRow, onPostgres: boolean) {
  let text: string;
  let ok: boolean;
  if (row.signedInBudget) {
    const budget = BUDGETS.signedIn[row.signedInBudget];
    text = `≥ ${int(budget.requestsPerSecond)} req/s`;
    ok = row.requestsPerSecond >= budget.requestsPerSecond;
    if (budget.p99Ms !== undefined) {
      text += `, p99 ≤ ${budget.p99Ms} ms`;
      ok &&= row.p99 <= budget.p99Ms;
    }
  } else if (row.key === 'items-varied') {
    text = `p99 ≤ ${BUDGETS.variedUncachedP99Ms} ms`;
    ok = row.p99 <= BUDGETS.variedUncachedP99Ms;
  } else return '';
  return onPostgres ? `${text}: ${verdict(ok)}` : `${text} (PostgreSQL)`;
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
/** autocannon measures whole milliseconds: 0 means under one. */
const ms = (value: number) => (value === 0 ? '<1' : value < 10 ? value.toFixed(1) : int(value));
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'ok' : '**MISSED**');

function table(header: string[], rows: string[][]) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((cell) => (/^(case|asset|path|scenario|route)/.test(cell) ? '---' : '--:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** The report as a markdown section: machine, dataset, then a table per part, budgets marked. */
export function renderReport(report: BenchReport): string {
  const { machine, dataset, settings } = report;
  const out: string[] = [];
  out.push(
    `## ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC: ${report.scale} scale on ${report.database}`,
  );
  out.push('');
  out.push(
    [
      `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb.toFixed(1)} GB RAM, ${machine.os}; Node ${machine.node}; ${report.database}.`,
      `- Load average (1 min) at start ${report.load.start}, at end ${report.load.end}: the machine is shared, so figures may be pessimistic.`,
      `- Dataset: ${int(dataset.users)} users, ${int(dataset.items)} items (${int(dataset.activeItems)} listed), ${int(dataset.trades)} trades, ${int(dataset.messages)} messages in ${int(dataset.conversations)} conversations; seeded in ${dataset.seedSeconds.toFixed(0)} s.`,
      `- ${report.http ? `Load: autocannon, ${settings.connections} connections, ${settings.durationSec} s per case after ${settings.warmupSec} s of warm-up, from the same machine. ` : ''}Whole run: ${(report.seconds / 60).toFixed(1)} min.`,
    ].join('\n'),
  );

  if (report.http) {
    const { rows, baseline, ratio } = report.http;
    const budget = (row: HttpRow) =>
      row.itemsBudget
        ? report.onPostgres
          ? `p99 ≤ ${BUDGETS.itemsP99Ms} ms: ${verdict(row.p99 <= BUDGETS.itemsP99Ms)}`
          : 'p99 budget is for PostgreSQL'
        : '';
    out.push('', '### HTTP', '');
    out.push(
      table(
        ['case', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'budget'],
        [...rows, baseline].map((row) => [
          row.label,
          int(row.requestsPerSecond),
          row.requests === 0 ? '—' : ms(row.p50),
          row.requests === 0 ? '—' : ms(row.p99),
          int(row.errors),
          budget(row),
        ]),
      ),
    );
    out.push(
      '',
      `Throughput of the default list against the baseline (app / bare node:http): **${ratio.toFixed(2)}** (budget ≥ ${BUDGETS.baselineRatio}: ${verdict(ratio >= BUDGETS.baselineRatio)}).`,
    );
  }

  if (report.uncached) {
    out.push(
      '',
      '### HTTP, marketplace and signed-in cases without the cache (MARKETPLACE_CACHE_SECONDS=0)',
      '',
    );
    out.push(
      'Every request runs its queries, as a query nobody asked for in the last seconds, or the first read after a write, does. The list budgets apply to the app as it runs (table above); the signed-in reads and the varied searches have budgets of their own here.',
      '',
    );
    out.push(
      table(
        [
          'case',
          'req/s',
          'p50 ms',
          'p99 ms',
          'errors',
          'load (1 min)',
          'CPU ms/req: app, PostgreSQL, load generator',
          'budget',
        ],
        report.uncached.map((row) => [
          row.label,
          int(row.requestsPerSecond),
          row.requests === 0 ? '—' : ms(row.p50),
          row.requests === 0 ? '—' : ms(row.p99),
          int(row.errors),
          row.load ? `${row.load.before} → ${row.load.after}` : '',
          row.cpuMs
            ? `${row.cpuMs.app.toFixed(2)}, ${row.cpuMs.database?.toFixed(2) ?? '—'}, ${row.cpuMs.loadGenerator.toFixed(2)}`
            : '',
          uncachedBudget(row, report.onPostgres),
        ]),
      ),
    );
  }

  if (report.cluster) {
    const { workers, rows } = report.cluster;
    out.push('', `### HTTP, node:cluster: 1 worker against ${workers} (src/server/cluster.ts)`, '');
    out.push(
      table(
        [
          'case',
          '1 worker req/s',
          '1 worker p99 ms',
          `${workers} workers req/s`,
          `${workers} workers p99 ms`,
          'gain',
          'errors',
        ],
        rows.map((row) => [
          row.label,
          int(row.one.requestsPerSecond),
          ms(row.one.p99),
          int(row.many.requestsPerSecond),
          ms(row.many.p99),
          `${(row.many.requestsPerSecond / Math.max(row.one.requestsPerSecond, 1e-9)).toFixed(2)}x`,
          int(row.one.errors + row.many.errors),
        ]),
      ),
    );
  }

  if (report.ws) {
    out.push('', "### WebSocket chat (send_message to the recipient's new_message)", '');
    out.push(
      table(
        [
          'scenario',
          'sockets',
          'sent',
          'delivered',
          'msg/s',
          'p50 ms',
          'p99 ms',
          'max ms',
          'errors',
          'budget',
        ],
        report.ws.map((row) => [
          row.label,
          int(row.sockets),
          int(row.sent),
          int(row.delivered),
          int(row.messagesPerSecond),
          ms(row.p50),
          ms(row.p99),
          ms(row.max),
          int(row.errors),
          row.key.startsWith('ws-rate') && row.sockets >= BUDGETS.chatSockets
            ? `p99 ≤ ${BUDGETS.chatP99Ms} ms: ${verdict(row.p99 <= BUDGETS.chatP99Ms)}`
            : '',
        ]),
      ),
    );
    const first = report.ws[0];
    if (first)
      out.push(
        '',
        `Opening and joining ${int(first.sockets)} sockets took ${(first.connectMs / 1000).toFixed(1)} s; the app then held ${(first.appRssBytes / 2 ** 20).toFixed(0)} MB resident.`,
      );
  }

  if (report.client) {
    const { sizes, lighthouse } = report.client;
    out.push('', '### Client (dist/client; kB = 1,000 bytes, gzip level 6)', '');
    const rows = [
      [
        `initial JS: entry + ${sizes.initialJs.files.length - 1} preloaded chunks`,
        kb(sizes.initialJs.bytes),
        kb(sizes.initialJs.gzipBytes),
        `≤ ${BUDGETS.initialJsGzipKb} kB: ${verdict(sizes.initialJs.gzipBytes / 1000 <= BUDGETS.initialJsGzipKb)}`,
      ],
      ['initial CSS', kb(sizes.initialCss.bytes), kb(sizes.initialCss.gzipBytes), ''],
      ...sizes.routes.map((route) =>
        route.initial
          ? [`route ${route.path}`, 'in the initial JS', '', '']
          : [
              `route ${route.path}: ${route.files.length} chunk${route.files.length === 1 ? '' : 's'} on first visit`,
              kb(route.bytes),
              kb(route.gzipBytes),
              '',
            ],
      ),
      sizes.three
        ? [
            `three.js chunk (${sizes.three.files[0]})`,
            kb(sizes.three.bytes),
            kb(sizes.three.gzipBytes),
            `lazy: ${verdict(!sizes.three.inInitial)}`,
          ]
        : ['three.js chunk', 'none in this build', '', ''],
    ];
    out.push(table(['asset', 'raw kB', 'gzip kB', 'budget'], rows));
    if (lighthouse) {
      out.push('', '### Lighthouse 12, mobile preset (simulated slow 4G, 4x CPU slowdown)', '');
      out.push(
        table(
          [
            'path',
            'performance',
            'accessibility',
            'best practices',
            'LCP ms',
            'TBT ms',
            'CLS',
            'load (1 min)',
            'CPU benchmark',
            'main thread ms',
            'every run: score @ load, CPU benchmark',
            'budget',
          ],
          lighthouse.map((row) => [
            row.error ? `${row.path} (not measured: ${row.error.replace(/\|/g, '/')})` : row.path,
            String(row.performance),
            String(row.accessibility),
            String(row.bestPractices),
            int(row.lcpMs),
            int(row.tbtMs),
            row.cls.toFixed(3),
            row.load.toFixed(2),
            int(row.benchmarkIndex),
            int(row.mainThreadMs),
            row.runs
              .map((run) => `${run.performance} @ ${run.load.toFixed(2)}, ${int(run.benchmarkIndex)}`)
              .join('; '),
            BUDGETS.lighthousePaths.includes(row.path)
              ? `performance ≥ ${BUDGETS.lighthousePerformance}: ${verdict(row.performance >= BUDGETS.lighthousePerformance)}`
              : '',
          ]),
        ),
      );
    }
  }
  if (report.notes.length > 0) out.push('', ...report.notes.map((note) => `- ${note}`));
  return `${out.join('\n')}\n`;
}

const HEADER = `# Benchmark results

Written by \`npm run bench\` (and \`npm run bench:soak\`): one section per run, newest last. The
budgets are \`BUDGETS\` in bench/report.ts (docs/performance.md). This machine is shared with other
builds and tests, so absolute figures are pessimistic; compare runs by their load average.
`;

/** Appends a section to the results file, creating it with its header first. */
export function appendResults(file: string, section: string) {
  if (!existsSync(file)) writeFileSync(file, HEADER);
  appendFileSync(file, `\n${section}`);
}
