import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle } from '../scripts/server-bundle';
import { withServerFlags } from '../src/server/lib/node-flags';
import { freePort } from '../src/server/test-support/server-process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface AppProcess {
  url: string;
  port: number;
  pid: number;
  /** Resident memory of the process and its children (the cluster's workers), in bytes. */
  rssBytes(): number;
  stop(): Promise<void>;
}

/** VmRSS of one process, from /proc (0 when it is gone or /proc is missing). */
function processRss(pid: number) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc/PID/stat (0 when unreadable).
 * On a shared machine this is the figure that does not depend on the load: wall-clock latency does.
 */
export function processCpuSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start with the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

export function treeRss(pid: number): number {
  return processRss(pid) + childrenOf(pid).reduce((sum, child) => sum + treeRss(child), 0);
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not become ready within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the app as one Node process, with the server's Node flags (the server bundle `npm start` runs, dist/server/main.mjs,
 * built first when stale, so that its pid is the server's own), or with `workers` the node:cluster
 * entry (`node --import tsx src/server/cluster.ts`), on 127.0.0.1 and a free port, with
 * LOG_LEVEL=warn, DEMO=off and TRUST_PROXY=1 unless `env` says otherwise; resolves once /readyz
 * answers. `nodeArgs` go to node before the entry (the sockets benchmark preloads
 * bench/memory-probe.ts, through tsx). With BENCH_APP_ROOT (another checkout) the app runs from
 * that checkout's sources through tsx, whose bundle may be stale.
 */
export async function startApp(
  env: Record<string, string>,
  workers = 0,
  nodeArgs: readonly string[] = [],
): Promise<AppProcess> {
  const port = await freePort();
  // The bundle starts on about half the CPU of tsx, which transpiles or reloads every server module.
  const entry =
    workers > 0
      ? 'src/server/cluster.ts'
      : process.env.BENCH_APP_ROOT
        ? 'src/server/main.ts'
        : await ensureServerBundle();
  // BENCH_APP_NODE_ARGS: extra Node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (which NODE_OPTIONS refuses) to profile it under the benchmark's load; bench:sockets passes
  // them as `nodeArgs` itself.
  const envArgs = (process.env.BENCH_APP_NODE_ARGS ?? '')
    .split(' ')
    .filter((arg) => arg && !nodeArgs.includes(arg));
  // tsx's loader for a TypeScript entry, and for the TypeScript preloads nodeArgs may name.
  const loader = entry.endsWith('.ts') || nodeArgs.length > 0 ? ['--import', 'tsx'] : [];
  // The server's own Node flags (as `npm start` passes them), unless BENCH_APP_NODE_ARGS sets them.
  const child = spawn(process.execPath, [...withServerFlags(envArgs), ...loader, ...nodeArgs, entry], {
    // BENCH_APP_ROOT: another checkout's app (e.g. main's worktree), to compare two in one run.
    cwd: process.env.BENCH_APP_ROOT ?? ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DEMO: 'off',
      // The load generator stands for many clients behind one proxy: the login case gives each request
      // its own X-Forwarded-For address, which the app believes only when TRUST_PROXY says so.
      TRUST_PROXY: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(workers > 0 ? { WORKERS: String(workers) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid as number,
    rssBytes: () => treeRss(child.pid as number),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
