/**
 * `npm run bench:first-start`: how long a newcomer's first `npm start` takes to serve its first page.
 *
 * Each run starts `npm start` (or `--command`) in a checkout (`--root`, this one by default) with a
 * fresh DATA_DIR and a fresh TMPDIR, so there is no database, no photo cache and no tsx cache; what
 * `npm install` leaves in node_modules/.cache (the PGlite template, the server bundle) and dist/client
 * stay, as they would after `npm install`. It polls `/` and `/api/items` until both answer 200, then
 * reports the wall time, the CPU time of the whole process tree (npm, the shell, tsx or node, and any
 * process that already exited, through its parent's children times) and the 1-minute load average.
 *
 *   npx tsx bench/first-start.ts [--runs N] [--root DIR] [--command "npm start"] [--label TEXT]
 *
 * Runs alternate between the checkouts when several `--root` are given, so that a comparison sees
 * the same load. Nothing is written to bench/results.md: copy the table printed at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test-support/server-process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function argument(name: string): string[] {
  const values: string[] = [];
  const args = process.argv.slice(2);
  for (let index = 0; index < args.length; index++) {
    if (args[index] === `--${name}`) values.push(args[index + 1] ?? '');
  }
  return values;
}

const runs = Number(argument('runs')[0] ?? 1);
const roots = argument('root').map((root) => resolve(root));
if (roots.length === 0) roots.push(ROOT);
const command = argument('command')[0] ?? 'npm start';
const timeoutSeconds = Number(argument('timeout')[0] ?? 300);

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** utime + stime + cutime + cstime of a process (fields 14–17 of /proc/PID/stat), in seconds. */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field N is fields[N - 3].
    const ticks = [14, 15, 16, 17].reduce((sum, field) => sum + Number(fields[field - 3]), 0);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process, its live descendants, and (through children times) those that exited. */
function treeCpu(pid: number): number {
  return processCpu(pid) + children(pid).reduce((sum, child) => sum + treeCpu(child), 0);
}

async function answers200(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

interface Result {
  root: string;
  wallSeconds: number;
  cpuSeconds: number;
  loadBefore: number;
  loadAfter: number;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // The whole group: npm, its shell and the server.
  process.kill(-(child.pid as number), 'SIGTERM');
  const killer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

async function firstStart(root: string): Promise<Result> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-first-start-data-'));
  const temporary = mkdtempSync(join(tmpdir(), 'threadswap-first-start-tmp-'));
  const loadBefore = loadAverage();
  const started = performance.now();
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: temporary,
      LOG_LEVEL: 'warn',
      DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const pending = new Set([`${url}/`, `${url}/api/items`]);
    let cpuSeconds = 0;
    while (pending.size > 0) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      if (performance.now() - started > timeoutSeconds * 1000)
        throw new Error(`no answer in ${timeoutSeconds} s`);
      for (const target of [...pending]) if (await answers200(target)) pending.delete(target);
      // Read before sleeping: the server keeps working (background photos) once it answers.
      cpuSeconds = treeCpu(child.pid as number);
      if (pending.size > 0) await new Promise((done) => setTimeout(done, 100));
    }
    return {
      root,
      wallSeconds: (performance.now() - started) / 1000,
      cpuSeconds,
      loadBefore,
      loadAfter: loadAverage(),
    };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(temporary, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (let run = 0; run < runs; run++) {
  for (const root of roots) {
    const result = await firstStart(root);
    results.push(result);
    console.log(
      `${root}: first 200 on / and /api/items after ${result.wallSeconds.toFixed(1)} s wall, ` +
        `${result.cpuSeconds.toFixed(1)} s CPU, load ${result.loadBefore} → ${result.loadAfter}`,
    );
  }
}
console.log(`\n| checkout | wall (s) | CPU (s) | load average |\n|---|--:|--:|--:|`);
for (const result of results) {
  console.log(
    `| ${result.root} | ${result.wallSeconds.toFixed(1)} | ${result.cpuSeconds.toFixed(1)} | ` +
      `${result.loadBefore} → ${result.loadAfter} |`,
  );
}
