/**
 * Committed writes survive a crash: the server is killed with SIGKILL while writes are in flight,
 * restarted on the same data, and every write it acknowledged must be there (PostgreSQL's promise,
 * and PGlite's with its default synchronous flushing).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../test-support/server-process';
import { createScratchPostgres, testDriver } from '../test-support/test-database';

async function crashWhileWriting(env: Record<string, string>) {
  const first = await startServer(env);
  const jar = { cookie: '' };
  const register = await fetch(`${first.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Dora', email: 'dora@example.com', password: 'secret-password' }),
  });
  expect(register.status).toBe(201);
  jar.cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const acknowledged: string[] = [];
  let stop = false;
  const writer = async (lane: number) => {
    for (let i = 0; !stop; i++) {
      try {
        const response = await fetch(`${first.url}/api/wishlist`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: jar.cookie },
          body: JSON.stringify({ title: `entry ${lane}-${i}`, category: 'clothing' }),
        });
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      } catch {
        return; // the server died mid-request: that write was never acknowledged
      }
    }
  };
  const lanes = [0, 1, 2, 3].map(writer);
  while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 20));
  first.process.kill('SIGKILL');
  stop = true;
  await Promise.all(lanes);
  if (first.process.exitCode === null && first.process.signalCode === null) await once(first.process, 'exit');

  const second = await startServer(env);
  try {
    const login = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dora@example.com', password: 'secret-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const stored = (await (
      await fetch(`${second.url}/api/wishlist`, { headers: { cookie } })
    ).json()) as Array<{ id: string }>;
    const ids = new Set(stored.map((entry) => entry.id));
    const lost = acknowledged.filter((id) => !ids.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);
    expect(lost).toEqual([]);
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  } finally {
    await second.stop();
  }
}

describe('durability after SIGKILL', () => {
  it('PGlite keeps every acknowledged write', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-crash-'));
    try {
      await crashWhileWriting({ DATA_DIR: dataDir, DEMO: 'off' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it.skipIf(testDriver !== 'postgres')(
    'PostgreSQL keeps every acknowledged write',
    async () => {
      const scratch = await createScratchPostgres();
      try {
        await crashWhileWriting({ DATABASE_URL: scratch.url, DEMO: 'off' });
      } finally {
        await scratch.drop();
      }
    },
    240_000,
  );
});
