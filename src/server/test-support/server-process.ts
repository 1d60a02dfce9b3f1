import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServerBundle } from '../../../scripts/server-bundle';
import { listenOnFreePort } from './listen';

/** A port free at the time of asking, for a child process to listen on. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listenOnFreePort(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real app as a child process and waits until it is ready: the bundle `npm start` runs
 * (dist/server/main.mjs, built first when stale; it starts on about half the CPU of tsx, which
 * transpiles or reloads each of the server's modules), or with `entry` another file run by plain Node.
 * Used by the browser journeys and by the crash, shutdown and durability tests.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { stdio?: 'inherit' | 'pipe'; entry?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'threadswap-e2e-'));
  // One process (plain node), so that a signal, SIGKILL included, reaches the server itself.
  const args = [options.entry ?? (await ensureServerBundle())];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave a half-started server behind: it would hold its port and CPU for the rest of the run.
      child.kill('SIGKILL');
      throw new Error('server did not become ready in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
