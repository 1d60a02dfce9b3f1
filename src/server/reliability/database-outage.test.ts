import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app';
import { type Database, openPostgres } from '../db/connect';
import { createPostgresBus } from '../modules/realtime/postgres-bus';
import type { EventBus } from '../modules/realtime/event-bus';
import { TestClient, testConfig } from '../test-support/test-app';
import { createPrivateCluster } from '../test-support/private-cluster';
import { testDriver } from '../test-support/test-database';
import { freePort } from '../test-support/server-process';

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met in time');
};

/** PostgreSQL goes away and comes back; the app answers 503 meanwhile and recovers without a restart. */
describe.skipIf(testDriver !== 'postgres')('a database outage', () => {
  let cluster: ReturnType<typeof createPrivateCluster>;
  let database: Database;
  let events: EventBus;
  let app: AppInstance;

  beforeAll(async () => {
    cluster = createPrivateCluster(await freePort());
    cluster.start();
    database = await openPostgres(cluster.url, 4);
    events = await createPostgresBus(
      database.pool as NonNullable<Database['pool']>,
      cluster.url,
      pino({ level: 'silent' }),
    );
    app = await buildApp({ config: testConfig, database, bus: events, logger: false, clientDir: null });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await events?.close();
    await database?.close().catch(() => undefined);
    cluster?.destroy();
  });

  it('answers 503 while PostgreSQL is down, fails readiness, and recovers when it returns', async () => {
    const client = new TestClient(() => app);
    const registered = await client.post('/api/auth/register', {
      firstName: 'Olly',
      email: 'olly@example.com',
      password: 'secret-password',
    });
    expect(registered.statusCode).toBe(201);
    expect((await client.get('/readyz')).statusCode).toBe(200);

    cluster.stop();
    const items = await client.get('/api/items');
    expect(items.statusCode).toBe(503);
    expect(items.json()).toEqual({
      code: 'http.unavailable',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
    const ready = await client.get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toBe('unavailable');
    expect((await client.get('/healthz')).statusCode).toBe(200);
    expect((await client.post('/api/wishlist', { title: 'coat', category: 'clothing' })).statusCode).toBe(
      503,
    );

    cluster.start();
    await until(async () => (await client.get('/readyz')).statusCode === 200);
    expect((await client.get('/api/items')).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).json().firstName).toBe('Olly');
    expect((await client.post('/api/wishlist', { title: 'coat', category: 'clothing' })).statusCode).toBe(
      201,
    );

    // The event bus reconnected too: a notification published now reaches listeners again.
    const received: string[] = [];
    const unsubscribe = events.subscribe((event) => received.push(event.kind));
    await until(async () => {
      await events.publish({ kind: 'unread', userId: 'probe' }).catch(() => undefined);
      return received.includes('unread');
    });
    unsubscribe();
  }, 120_000);
});
