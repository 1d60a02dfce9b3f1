/**
 * Shutdown always ends: a signalled server is gone within SHUTDOWN_TIMEOUT_SECONDS, even when its
 * stdout and stderr pipes close under it (the parent died, `npm start | viewer` and Ctrl-C), its
 * database connections are gone, and sockets are still open; a second signal ends it at once.
 */
import { once } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../test-support/server-process';
import { TestSocket } from '../test-support/sockets';
import { createScratchPostgres, testDriver } from '../test-support/test-database';

const TIMEOUT_SECONDS = 3;

/** Milliseconds until the process has exited, or Infinity when it outlives `limitMs`. */
async function exitWithin(server: RunningServer, limitMs: number): Promise<number> {
  const started = Date.now();
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  const exited = once(child, 'exit').then(() => Date.now() - started);
  const timer = new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), limitMs));
  const elapsed = await Promise.race([exited, timer]);
  if (elapsed === Infinity) child.kill('SIGKILL');
  return elapsed;
}

/**
 * A member with a session, a few hundred requests and an open WebSocket. Every step may fail: a
 * server stuck on its own output answers nothing, and the test is about its exit, not its answers.
 */
async function load(server: RunningServer): Promise<TestSocket | undefined> {
  const signal = () => AbortSignal.timeout(5000);
  const register = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Sam', email: 'sam@example.com', password: 'Shutdown-passphrase-93' }),
    signal: signal(),
  }).catch(() => undefined);
  const cookie = (register?.headers.get('set-cookie') ?? '').split(';')[0]?.split('=')[1] ?? '';
  const urls = ['/api/items', '/api/items/facets', '/api/auth/status', '/api/stats', '/healthz'];
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fetch(`${server.url}${urls[index % urls.length]}?round=${round}`, {
          headers: { cookie: `ts_session=${cookie}` },
          signal: signal(),
        })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined),
      ),
    );
  }
  try {
    const socket = await TestSocket.open(server.url, cookie);
    await socket.next('unread', () => true, 2000);
    return socket;
  } catch {
    return undefined;
  }
}

async function withServer(
  env: Record<string, string>,
  run: (server: RunningServer, databaseUrl: string | undefined) => Promise<void>,
) {
  const scratch = testDriver === 'postgres' ? await createScratchPostgres() : undefined;
  const server = await startServer(
    {
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      DEMO: 'off',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      ...env,
    },
    { stdio: 'pipe' },
  );
  try {
    await run(server, scratch?.url);
  } finally {
    if (server.process.exitCode === null && server.process.signalCode === null)
      server.process.kill('SIGKILL');
    await server.stop();
    if (scratch) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await scratch.drop();
    }
  }
}

/** Ends every connection the server holds to its PostgreSQL database. */
async function cutDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  await admin.end();
}

const DEADLINE_MS = (TIMEOUT_SECONDS + 2) * 1000;

describe('shutdown', () => {
  it('ends within the deadline after load, with an open WebSocket, while nobody reads its output', async () => {
    // stdout and stderr are piped and never read: once the pipes are full, a blocking log write
    // would freeze the process, deaf to signals.
    await withServer({}, async (server) => {
      const socket = await load(server);
      server.process.kill('SIGTERM');
      expect(await exitWithin(server, DEADLINE_MS)).toBeLessThan(DEADLINE_MS);
      socket?.close();
    });
  }, 120_000);

  it('ends within the deadline when its output pipes close as the signal arrives', async () => {
    await withServer({}, async (server) => {
      const socket = await load(server);
      void fetch(`${server.url}/api/items?search=denim`).catch(() => undefined);
      server.process.kill('SIGTERM');
      server.process.stdout?.destroy();
      server.process.stderr?.destroy();
      expect(await exitWithin(server, DEADLINE_MS)).toBeLessThan(DEADLINE_MS);
      socket?.close();
    });
  }, 120_000);

  it.skipIf(testDriver !== 'postgres')(
    'ends within the deadline when its database connections are lost',
    async () => {
      await withServer({}, async (server, databaseUrl) => {
        const socket = await load(server);
        await cutDatabase(databaseUrl ?? '');
        server.process.stdout?.destroy();
        server.process.stderr?.destroy();
        server.process.kill('SIGINT');
        expect(await exitWithin(server, DEADLINE_MS)).toBeLessThan(DEADLINE_MS);
        socket?.close();
      });
    },
    120_000,
  );

  it('ends at once on a second signal', async () => {
    // A long deadline, so that only the second signal can explain a quick exit.
    await withServer({ SHUTDOWN_TIMEOUT_SECONDS: '60' }, async (server) => {
      const socket = await load(server);
      server.process.kill('SIGTERM');
      server.process.kill('SIGTERM');
      // Well under the 60 s deadline, with room for a busy machine.
      expect(await exitWithin(server, 15_000)).toBeLessThan(15_000);
      socket?.close();
    });
  }, 120_000);
});
