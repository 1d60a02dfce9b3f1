/**
 * `npm run bench:sockets`: many concurrent authenticated WebSockets against one app process, then the
 * same sockets split over two (PostgreSQL only; the instances share events over LISTEN/NOTIFY):
 * how long opening them takes, the app's memory per socket, and chat delivery latency at a fixed
 * message rate with every socket open (docs/performance.md, decision 008 "10,000 sockets").
 *
 * The sockets are held by several forked load-generator processes (bench/sockets-client.ts), each
 * with whole sender/recipient pairs so that every delivery is timed within one process.
 *
 * Members and sessions are inserted in bulk into the database (as bench/seed.ts does for the other
 * benchmarks): 10,000 HTTP sign-ins would measure argon2id (slow on purpose) and the sign-in rate
 * limits, not sockets. Each socket's upgrade is still authenticated by its session cookie.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/connect';
import { createRandom } from '../src/server/db/seed/random';
import { seedScale } from '../src/server/db/seed/scale';
import { type AppProcess, processCpuSeconds, startApp } from './app-process';
import { createBenchDatabase } from './database';
import { appendResults, machineInfo, type Machine } from './report';
import { createSessions, seedConversations } from './seed';
import type { ProbeReport } from './memory-probe';
import type { FromClient, SocketPlan, ToClient } from './sockets-client';
import { percentile } from './ws';

export interface SocketsOptions {
  /** Open sockets: two per pair of members, one member per socket. */
  sockets: number;
  /** Messages a second in the timed phase. */
  rate: number;
  durationSec: number;
  /** Load-generator processes holding the sockets. */
  clients: number;
  /** Which runs: one instance, two, or both (the default). */
  instances?: 'one' | 'two' | 'both';
  databaseUrl: string | undefined;
  log: (line: string) => void;
}

/** The budgets (docs/performance.md): sockets on one instance, and delivery p99 at the rate. */
export const SOCKET_BUDGETS = { sockets: 10_000, rate: 200, p99Ms: 50 };

export interface AppMemory {
  rssBytes: number;
  heapUsedBytes: number;
}

export interface SocketsRow {
  instances: number;
  sockets: number;
  opened: number;
  failed: number;
  firstError: string | null;
  openSeconds: number;
  /** Summed over the instances; heap after a full collection. */
  before: AppMemory;
  after: AppMemory;
  rate: number;
  sent: number;
  delivered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Undelivered within 5 s, error events and sockets closed under the benchmark, summed. */
  errors: number;
  /** Messages not delivered within 5 s of the end of the phase. */
  undelivered: number;
  /** `error` events the sockets got (a failed send is also undelivered) and unexpected closes. */
  errorEvents: number;
  /**
   * CPU seconds the app processes (summed) used to open and join every socket, and during the
   * message phase (30 s of messages, then up to 5 s waiting for stragglers): independent of how
   * busy the shared machine was, unlike the latencies.
   */
  appCpuOpenSeconds: number;
  appCpuMessagesSeconds: number;
  /** The load generators' CPU seconds in the message phase. */
  clientCpuMessagesSeconds: number;
  /** Wall-clock seconds of the message phase. */
  messagesSeconds: number;
  /** The worst lateness of a load generator's send loop: its own share of the latency, at most. */
  clientLagMs: number;
  /** The load generators' event-loop delay in the message phase (worst process), ms. */
  clientLoopP99Ms: number;
  clientLoopMaxMs: number;
  /** The apps' event-loop delay in the message phase (worst instance), ms. */
  appLoopP99Ms: number;
  appLoopMaxMs: number;
  /** The apps' garbage-collection pauses in the message phase: summed, and the longest. */
  appGcTotalMs: number;
  appGcMaxMs: number;
  /** Heap after a full collection once the messages are done, summed over the instances. */
  heapAfterMessagesBytes: number;
  /** /proc/loadavg when the sockets were open, and after the message phase. */
  loadOpen: string;
  loadMessages: string;
}

export interface SocketsReport {
  startedAt: string;
  machine: Machine;
  database: string;
  openFilesLimit: string;
  settings: { sockets: number; rate: number; durationSec: number; clients: number };
  seedSeconds: number;
  rows: SocketsRow[];
  notes: string[];
}

const SEED = 20_261_124;
const OPEN_CONCURRENCY_PER_CLIENT = 25;
/** The server's limit is 10 frames a second per socket; a tiny run stays well below it. */
const MAX_SENDS_PER_SOCKET_PER_SECOND = 4;
const PROBE = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));
const CLIENT = fileURLToPath(new URL('./sockets-client.ts', import.meta.url));

export const loadavgLine = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return 'unknown';
  }
};

/** The soft and hard open-files limits this process (and so the apps and clients it starts) has. */
function openFilesLimit() {
  try {
    return execFileSync('bash', ['-c', 'echo "$(ulimit -Sn) soft, $(ulimit -Hn) hard"'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** The app's event loop since the last report, and its memory after a full collection (bench/memory-probe.ts). */
async function probe(app: AppProcess, file: string): Promise<ProbeReport> {
  rmSync(file, { force: true });
  process.kill(app.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('the app did not report its memory within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ProbeReport;
}

async function appMemory(app: AppProcess, file: string): Promise<AppMemory> {
  const { memory } = await probe(app, file);
  return { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed };
}

/**
 * One line per second of the message phase in which anything was slow: messages over 50 ms (count and
 * worst), and the longest stall of the apps' and the load generators' event loops, so that a tail can be
 * matched with a stall.
 */
function timeline(startedAt: number, ran: Array<Extract<FromClient, { type: 'ran' }>>, apps: ProbeReport[]) {
  const seconds = new Map<number, { slow: number; worst: number; app: number; client: number }>();
  const at = (epoch: number) => {
    const second = Math.floor((epoch - startedAt) / 1000);
    let entry = seconds.get(second);
    if (!entry) seconds.set(second, (entry = { slow: 0, worst: 0, app: 0, client: 0 }));
    return entry;
  };
  for (const answer of ran) {
    for (const [sentAt, latency] of answer.slow) {
      const entry = at(sentAt);
      entry.slow += 1;
      entry.worst = Math.max(entry.worst, latency);
    }
    for (const [began, length] of answer.stalls) at(began).client = Math.max(at(began).client, length);
  }
  for (const report of apps)
    for (const [began, length] of report.stalls) at(began).app = Math.max(at(began).app, length);
  return [...seconds.entries()]
    .sort(([x], [y]) => x - y)
    .map(
      ([second, entry]) =>
        `    t=${second}s: ${entry.slow} over 50 ms (worst ${entry.worst} ms); stall app ${entry.app} ms, load generator ${entry.client} ms`,
    );
}

const sum = (list: AppMemory[]): AppMemory => ({
  rssBytes: list.reduce((total, memory) => total + memory.rssBytes, 0),
  heapUsedBytes: list.reduce((total, memory) => total + memory.heapUsedBytes, 0),
});

/** A forked load generator, with a way to wait for its next answer. */
function startClient() {
  const child: ChildProcess = fork(CLIENT, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answers: FromClient[] = [];
  const waiting: Array<(answer: FromClient) => void> = [];
  child.on('message', (answer: FromClient) => {
    const next = waiting.shift();
    if (next) next(answer);
    else answers.push(answer);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    pid: child.pid as number,
    async ask<T extends FromClient['type']>(message: ToClient, type: T) {
      child.send(message);
      const answer = await new Promise<FromClient>((resolve, reject) => {
        const queued = answers.shift();
        if (queued) return resolve(queued);
        waiting.push(resolve);
        child.once('exit', (code) => reject(new Error(`a load generator exited with ${code}`)));
      });
      if (answer.type !== type) throw new Error(`expected ${type} from a load generator, got ${answer.type}`);
      return answer as Extract<FromClient, { type: T }>;
    },
    stop() {
      if (!exited) child.kill();
    },
  };
}

interface PairFixture {
  conversationId: string;
  a: { id: string; token: string };
  b: { id: string; token: string };
}

/** Members, a conversation per pair and a session per member, inserted in bulk. */
async function seed(
  database: Awaited<ReturnType<typeof createBenchDatabase>>,
  sockets: number,
  log: (line: string) => void,
) {
  const seeding = await database.open();
  try {
    await seedScale(seeding, { users: sockets, items: 0, trades: 0, seed: SEED, log });
    const ids = (await queryRows<{ id: string }>(seeding.db, sql`select id from users order by id`)).map(
      (row) => row.id,
    );
    const memberPairs: Array<[string, string]> = [];
    for (let index = 0; index + 1 < ids.length && memberPairs.length < sockets / 2; index += 2)
      memberPairs.push([ids[index] as string, ids[index + 1] as string]);
    const chat = await seedConversations(
      seeding,
      createRandom(SEED),
      ids,
      memberPairs,
      memberPairs.length,
      log,
    );
    const tokens = await createSessions(seeding, memberPairs.flat());
    await seeding.db.execute(sql`vacuum analyze`);
    return memberPairs.map(([a, b], index): PairFixture => ({
      conversationId: (chat.conversations[index] as { id: string }).id,
      a: { id: a, token: tokens.get(a) as string },
      b: { id: b, token: tokens.get(b) as string },
    }));
  } finally {
    await seeding.close();
  }
}

/** Opens every socket on `apps` (side a on the first, side b on the last), then times the messages. */
async function measure(
  apps: AppProcess[],
  memoryFiles: string[],
  pairs: PairFixture[],
  options: SocketsOptions,
): Promise<SocketsRow> {
  const { log } = options;
  const clientCount = Math.max(1, Math.min(options.clients, pairs.length));
  const shares: SocketPlan[][] = Array.from({ length: clientCount }, () => []);
  pairs.forEach((pair, index) => {
    const share = shares[index % clientCount] as SocketPlan[];
    const local = Math.floor(index / clientCount);
    const common = { conversationId: pair.conversationId, pair: local };
    share.push({
      ...common,
      url: (apps[0] as AppProcess).url,
      token: pair.a.token,
      memberId: pair.a.id,
      side: 'a',
    });
    share.push({
      ...common,
      url: (apps[apps.length - 1] as AppProcess).url,
      token: pair.b.token,
      memberId: pair.b.id,
      side: 'b',
    });
  });
  const sockets = pairs.length * 2;
  // Settle after the start (the first requests compile and cache), then the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = sum(
    await Promise.all(apps.map((app, index) => appMemory(app, memoryFiles[index] as string))),
  );
  const clients = shares.map(() => startClient());
  const appCpu = () => apps.reduce((total, app) => total + processCpuSeconds(app.pid), 0);
  const clientCpu = () => clients.reduce((total, client) => total + processCpuSeconds(client.pid), 0);
  try {
    const cpuBeforeOpen = appCpu();
    const openStarted = Date.now();
    const opened = await Promise.all(
      clients.map((client, index) =>
        client.ask(
          { type: 'open', sockets: shares[index] as SocketPlan[], concurrency: OPEN_CONCURRENCY_PER_CLIENT },
          'opened',
        ),
      ),
    );
    const openSeconds = (Date.now() - openStarted) / 1000;
    const openCount = opened.reduce((total, answer) => total + answer.opened, 0);
    const failed = opened.reduce((total, answer) => total + answer.failed, 0);
    const appCpuOpenSeconds = appCpu() - cpuBeforeOpen;
    log(
      `  ${openCount}/${sockets} sockets open and joined in ${openSeconds.toFixed(1)} s (${failed} failed${failed ? `: ${opened.find((answer) => answer.firstError)?.firstError}` : ''}), app CPU ${appCpuOpenSeconds.toFixed(1)} s`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = sum(
      await Promise.all(apps.map((app, index) => appMemory(app, memoryFiles[index] as string))),
    );
    const loadOpen = loadavgLine();

    const rate = Math.min(options.rate, sockets * MAX_SENDS_PER_SOCKET_PER_SECOND);
    log(`  ${rate} messages/s for ${options.durationSec} s (load ${loadOpen})`);
    // The probe's next window starts once the full collection it just made is behind.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpuBeforeMessages = appCpu();
    const clientCpuBefore = clientCpu();
    const messagesStarted = Date.now();
    const ran = await Promise.all(
      clients.map((client) =>
        client.ask({ type: 'run', rate: rate / clients.length, durationSec: options.durationSec }, 'ran'),
      ),
    );
    const loadMessages = loadavgLine();
    const appCpuMessagesSeconds = appCpu() - cpuBeforeMessages;
    const clientCpuMessagesSeconds = clientCpu() - clientCpuBefore;
    const messagesSeconds = (Date.now() - messagesStarted) / 1000;
    const appLoops = await Promise.all(apps.map((app, index) => probe(app, memoryFiles[index] as string)));
    const latencies = ran.flatMap((answer) => answer.latencies).sort((x, y) => x - y);
    const row: SocketsRow = {
      instances: apps.length,
      sockets,
      opened: openCount,
      failed,
      firstError: opened.find((answer) => answer.firstError)?.firstError ?? null,
      openSeconds,
      before,
      after,
      rate,
      sent: ran.reduce((total, answer) => total + answer.sent, 0),
      delivered: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? 0,
      errors: ran.reduce((total, answer) => total + answer.undelivered + answer.errors, 0) + failed,
      undelivered: ran.reduce((total, answer) => total + answer.undelivered, 0),
      errorEvents: ran.reduce((total, answer) => total + answer.errors, 0),
      appCpuOpenSeconds,
      appCpuMessagesSeconds,
      clientCpuMessagesSeconds,
      messagesSeconds,
      clientLagMs: Math.max(...ran.map((answer) => answer.lagMs)),
      clientLoopP99Ms: Math.max(...ran.map((answer) => answer.loopP99Ms)),
      clientLoopMaxMs: Math.max(...ran.map((answer) => answer.loopMaxMs)),
      appLoopP99Ms: Math.max(...appLoops.map((report) => report.loop.p99)),
      appLoopMaxMs: Math.max(...appLoops.map((report) => report.loop.max)),
      appGcTotalMs: appLoops.reduce((total, report) => total + report.gc.totalMs, 0),
      appGcMaxMs: Math.max(...appLoops.map((report) => report.gc.maxMs)),
      heapAfterMessagesBytes: appLoops.reduce((total, report) => total + report.memory.heapUsed, 0),
      loadOpen,
      loadMessages,
    };
    const errorTexts = [...new Set(ran.flatMap((answer) => answer.errorTexts))];
    if (errorTexts.length > 0) log(`  error events: ${errorTexts.join(' | ')}`);
    log(
      `  event loops in the message phase: app p99 ${row.appLoopP99Ms.toFixed(1)} ms, max ${row.appLoopMaxMs.toFixed(0)} ms, GC ${row.appGcTotalMs.toFixed(0)} ms in all (longest ${row.appGcMaxMs.toFixed(1)} ms); load generators p99 ${row.clientLoopP99Ms.toFixed(1)} ms, max ${row.clientLoopMaxMs.toFixed(0)} ms`,
    );
    for (const line of timeline(messagesStarted, ran, appLoops)) log(line);
    log(
      `  delivered ${row.delivered}/${row.sent}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.errors} errors; app CPU ${appCpuMessagesSeconds.toFixed(1)} s in ${messagesSeconds.toFixed(0)} s (load ${loadMessages})`,
    );
    await Promise.all(clients.map((client) => client.ask({ type: 'close' }, 'closed')));
    return row;
  } finally {
    for (const client of clients) client.stop();
  }
}

export async function runSocketsBench(options: SocketsOptions): Promise<SocketsReport> {
  const { log } = options;
  const startedAt = new Date().toISOString();
  const notes: string[] = [];
  const limit = openFilesLimit();
  const soft = Number(limit.split(' ')[0]);
  // The one-instance app holds every socket, plus its database connections and files.
  if (Number.isFinite(soft) && soft < options.sockets + 1000)
    throw new Error(
      `ulimit -n is ${soft}: the app needs one descriptor per socket (${options.sockets}) and some; raise it (ulimit -n ${options.sockets + 1000})`,
    );
  const database = await createBenchDatabase(options.databaseUrl);
  const apps: AppProcess[] = [];
  try {
    log(`Sockets: seeding ${options.sockets} members with sessions into ${database.label}`);
    const seedStarted = Date.now();
    const pairs = await seed(database, options.sockets, log);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const env: Record<string, string> = database.url
      ? { DATABASE_URL: database.url, DATA_DIR: database.dataDir }
      : { DATA_DIR: database.dataDir };
    const memoryFiles = [join(database.dataDir, 'memory-0.json'), join(database.dataDir, 'memory-1.json')];
    const start = async (index: number) => {
      // BENCH_APP_NODE_ARGS adds node flags to the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
      const extra = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const app = await startApp({ ...env, BENCH_MEMORY_FILE: memoryFiles[index] as string }, 0, [
        '--expose-gc',
        '--import',
        PROBE,
        ...extra,
      ]);
      apps.push(app);
      return app;
    };
    const rows: SocketsRow[] = [];
    const instances = options.instances ?? 'both';
    if (instances !== 'two') {
      log(`One instance: ${pairs.length * 2} sockets`);
      rows.push(await measure([await start(0)], memoryFiles, pairs, options));
      await Promise.all(apps.splice(0).map((app) => app.stop()));
    }
    if (instances === 'one') {
      // Asked for one instance only.
    } else if (database.kind === 'postgres') {
      log(`Two instances: ${pairs.length} sockets each, every message crossing over LISTEN/NOTIFY`);
      const first = await start(0);
      const second = await start(1);
      rows.push(await measure([first, second], memoryFiles, pairs, options));
      await Promise.all(apps.splice(0).map((app) => app.stop()));
    } else {
      notes.push('Two instances: PostgreSQL only (PGlite is one process); set BENCH_DATABASE_URL.');
    }
    return {
      startedAt,
      machine: machineInfo(),
      database: database.label,
      openFilesLimit: limit,
      settings: {
        sockets: pairs.length * 2,
        rate: options.rate,
        durationSec: options.durationSec,
        clients: options.clients,
      },
      seedSeconds,
      rows,
      notes,
    };
  } finally {
    await Promise.all(apps.splice(0).map((app) => app.stop()));
    await database.drop();
  }
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const kbPerSocket = (row: SocketsRow, key: keyof AppMemory) =>
  `${((row.after[key] - row.before[key]) / Math.max(row.opened, 1) / 1000).toFixed(1)} kB`;
const verdict = (ok: boolean) => (ok ? 'ok' : '**MISSED**');

/** The report as a markdown section: each figure next to its budget and the load when measured. */
export function renderSockets(report: SocketsReport): string {
  const { machine, settings } = report;
  const out = [
    `## ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC: ${int(settings.sockets)} sockets on ${report.database} (\`npm run bench:sockets\`)`,
    '',
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb.toFixed(1)} GB RAM; Node ${machine.node}; open files ${report.openFilesLimit}.`,
    `- ${int(settings.sockets)} members with sessions inserted in bulk in ${report.seedSeconds.toFixed(0)} s; ${settings.clients} load-generator processes, each holding whole pairs; ${settings.rate} messages/s between random pairs for ${settings.durationSec} s, sent with \`send_message\` on the sender's socket and timed to the recipient's \`new_message\`.`,
    '- Load: /proc/loadavg (1, 5, 15 min, runnable/total, last pid) with the sockets open and after the messages; the machine is shared.',
  ];
  for (const row of report.rows) {
    const where = row.instances === 1 ? 'One instance' : `${row.instances} instances, half the sockets each`;
    const socketsOk = row.opened >= Math.min(SOCKET_BUDGETS.sockets, settings.sockets) && row.failed === 0;
    const full = settings.sockets >= SOCKET_BUDGETS.sockets && row.rate >= SOCKET_BUDGETS.rate;
    out.push(
      '',
      `### ${where}`,
      '',
      '| figure | budget | measured | load (/proc/loadavg) |',
      '|---|---|--:|---|',
      `| sockets open and joined | ${int(SOCKET_BUDGETS.sockets)} | ${int(row.opened)} of ${int(row.sockets)} in ${row.openSeconds.toFixed(1)} s${row.failed ? `, ${row.failed} failed (${row.firstError})` : ''}: ${full ? verdict(socketsOk) : 'below budget scale'} | ${row.loadOpen} |`,
      `| delivery p50 / p95 | — | ${row.p50.toFixed(1)} / ${row.p95.toFixed(1)} ms | ${row.loadMessages} |`,
      `| delivery p99 at ${row.rate} messages/s | ≤ ${SOCKET_BUDGETS.p99Ms} ms at ${SOCKET_BUDGETS.rate}/s | ${row.p99.toFixed(1)} ms (max ${row.max.toFixed(0)}): ${full ? verdict(row.p99 <= SOCKET_BUDGETS.p99Ms) : 'below budget scale'} | ${row.loadMessages} |`,
      `| delivered / sent; undelivered, error events | all; 0, 0 | ${int(row.delivered)} / ${int(row.sent)}; ${int(row.undelivered)}, ${int(row.errorEvents)} | ${row.loadMessages} |`,
      `| app RSS before → after opening | reported | ${mb(row.before.rssBytes)} → ${mb(row.after.rssBytes)}: **${kbPerSocket(row, 'rssBytes')} per socket** | ${row.loadOpen} |`,
      `| app heap (after GC) before → after | reported | ${mb(row.before.heapUsedBytes)} → ${mb(row.after.heapUsedBytes)}: **${kbPerSocket(row, 'heapUsedBytes')} per socket** | ${row.loadOpen} |`,
      `| app CPU to open and join the sockets | reported | ${row.appCpuOpenSeconds.toFixed(1)} s: ${((row.appCpuOpenSeconds * 1000) / Math.max(row.opened, 1)).toFixed(2)} ms per socket | ${row.loadOpen} |`,
      `| app CPU in the message phase | reported | ${row.appCpuMessagesSeconds.toFixed(1)} s in ${row.messagesSeconds.toFixed(0)} s wall: ${((row.appCpuMessagesSeconds * 1000) / Math.max(row.sent, 1)).toFixed(2)} ms per message sent, ${((100 * row.appCpuMessagesSeconds) / Math.max(row.messagesSeconds, 1e-9)).toFixed(0)} % of one core | ${row.loadMessages} |`,
      `| load generators: CPU, worst send lag | — | ${row.clientCpuMessagesSeconds.toFixed(1)} s, ${row.clientLagMs.toFixed(1)} ms | ${row.loadMessages} |`,
      `| event-loop delay p99 / max in the message phase: app, load generators | — | ${row.appLoopP99Ms.toFixed(1)} / ${row.appLoopMaxMs.toFixed(0)} ms; ${row.clientLoopP99Ms.toFixed(1)} / ${row.clientLoopMaxMs.toFixed(0)} ms | ${row.loadMessages} |`,
      `| app GC pauses in the message phase: total, longest; heap after | reported | ${row.appGcTotalMs.toFixed(0)} ms, ${row.appGcMaxMs.toFixed(1)} ms; ${mb(row.heapAfterMessagesBytes)} | ${row.loadMessages} |`,
    );
  }
  for (const note of report.notes) out.push('', `- ${note}`);
  return `${out.join('\n')}\n`;
}

const USAGE = `Usage: npm run bench:sockets [-- options]

Seeds members with sessions into a fresh database (PostgreSQL when BENCH_DATABASE_URL is set, else
PGlite), starts the app, opens the sockets from forked load generators, sends messages between
random pairs and times their delivery; then again on two instances (PostgreSQL only). Prints each
figure next to its budget with /proc/loadavg and appends them to bench/results.md.

  --sockets N     open sockets, two per pair of members (default ${SOCKET_BUDGETS.sockets})
  --rate N        messages a second (default ${SOCKET_BUDGETS.rate})
  --duration S    seconds of messages (default 30)
  --clients N     load-generator processes (default 4)
  --instances W   one, two or both (default both)
  --no-results    print only`;

async function main() {
  const { values } = parseArgs({
    options: {
      sockets: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      clients: { type: 'string' },
      instances: { type: 'string' },
      'no-results': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  const sockets = Number(values.sockets ?? SOCKET_BUDGETS.sockets);
  const rate = Number(values.rate ?? SOCKET_BUDGETS.rate);
  const durationSec = Number(values.duration ?? 30);
  const clients = Number(values.clients ?? 4);
  const instances = values.instances ?? 'both';
  if (
    !['one', 'two', 'both'].includes(instances) ||
    !Number.isInteger(sockets) ||
    sockets < 2 ||
    !(rate > 0) ||
    !(durationSec > 0) ||
    !Number.isInteger(clients) ||
    clients < 1
  ) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const report = await runSocketsBench({
    sockets,
    rate,
    durationSec,
    clients,
    instances: instances as 'one' | 'two' | 'both',
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    log: (line) => console.log(line),
  });
  const section = renderSockets(report);
  console.log(`\n${section}`);
  if (!values['no-results']) appendResults(fileURLToPath(new URL('./results.md', import.meta.url)), section);
  if (report.rows.some((row) => row.errors > 0)) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
