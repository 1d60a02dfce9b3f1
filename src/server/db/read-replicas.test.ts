import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app';
import { parseEnv } from '../env';
import { type Database, openPostgres } from './connect';
import { createReadReplicas, lsnValue, type ReadReplicas } from './read-replicas';
import { RECENT_WRITE_COOKIE } from '../lib/read-routing';
import { listItem } from '../test-support/fixtures';
import { freePort } from '../test-support/server-process';
import {
  createStreamingReplica,
  replicaToolsMissing,
  replicationProblems,
  type StreamingReplica,
} from '../test-support/streaming-replica';
import { TestClient, testConfig } from '../test-support/test-app';
import { createScratchPostgres, testDriver } from '../test-support/test-database';

describe('DATABASE_READ_URLS', () => {
  const base = { DATABASE_URL: 'postgres://app@db/threadswap' };

  it('takes PostgreSQL URLs separated by commas, and a lag bound', () => {
    const config = parseEnv({
      ...base,
      DATABASE_READ_URLS: 'postgres://app@replica1/threadswap, postgresql://app@replica2:5433/threadswap',
      DATABASE_READ_MAX_LAG_SECONDS: '0.5',
    });
    expect(config.databaseReadUrls).toEqual([
      'postgres://app@replica1/threadswap',
      'postgresql://app@replica2:5433/threadswap',
    ]);
    expect(config.databaseReadMaxLagMs).toBe(500);
    expect(parseEnv(base).databaseReadUrls).toEqual([]);
    expect(parseEnv(base).databaseReadMaxLagMs).toBe(2000);
  });

  it('refuses anything else, and replicas without PostgreSQL (the embedded database has none)', () => {
    expect(() => parseEnv({ ...base, DATABASE_READ_URLS: 'mysql://replica/db' })).toThrow(
      /DATABASE_READ_URLS: must be postgres/,
    );
    expect(() => parseEnv({ ...base, DATABASE_READ_URLS: 'postgres://a/db,,postgres://b/db' })).toThrow(
      /DATABASE_READ_URLS/,
    );
    expect(() => parseEnv({ DATABASE_READ_URLS: 'postgres://replica/db' })).toThrow(
      /DATABASE_READ_URLS: needs DATABASE_URL/,
    );
    expect(() => parseEnv({ ...base, DATABASE_READ_MAX_LAG_SECONDS: '0' })).toThrow(
      /DATABASE_READ_MAX_LAG_SECONDS/,
    );
  });

  it('orders WAL positions like PostgreSQL', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3750')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });
});

const until = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not in time: ${what}`);
};

/** The lag bound of these tests: long enough for a few requests, short enough to wait out. */
const MAX_LAG_MS = 2_500;

/**
 * A real streaming replica of the test server, made by pg_basebackup on another port. Needs the
 * primary to accept replication from 127.0.0.1 (.ci/run prepares it). Under CI=true it never skips.
 */
describe.skipIf(testDriver !== 'postgres' || (!process.env.CI && replicaToolsMissing() !== undefined))(
  'reads from a streaming replica (PostgreSQL)',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
    let database: Database;
    let replica: StreamingReplica | undefined;
    let replicas: ReadReplicas;
    let replicaClient: pg.Client;
    let app: AppInstance;
    let replicaDir = '';
    let replicaUrl = '';
    /** The test's own session on the replica (to pause replay); it dies with a stopped replica. */
    const connectReplica = async () => {
      const client = new pg.Client({ connectionString: replicaUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };

    beforeAll(async () => {
      const missing = replicaToolsMissing();
      if (missing) throw new Error(`cannot make a streaming replica: ${missing}`);
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const problems = await replicationProblems(adminUrl);
      if (problems.length) throw new Error(`the primary cannot stream: ${problems.join('; ')}`);
      scratch = await createScratchPostgres();
      database = await openPostgres(scratch.url, 6);
      const name = new URL(scratch.url).pathname.slice(1);
      // The copy holds the whole cluster as it is now, this test's migrated database included.
      replica = createStreamingReplica(adminUrl, await freePort());
      replicaDir = replica.dir;
      replica.start();
      replicaUrl = replica.url(name);
      replicaClient = await connectReplica();
      replicas = createReadReplicas({
        primary: database.pool as pg.Pool,
        urls: [replica.url(name)],
        poolSize: 4,
        maxLagMs: MAX_LAG_MS,
        checkIntervalMs: 100,
        retryMs: 300,
        log: process.env.TEST_LOG
          ? (level, message, fields) => console.log(level, message, fields)
          : undefined,
      });
      await until(() => replicas.status()[0]?.state === 'up', 'the replica is up');
      app = await buildApp({
        config: { ...testConfig, marketplaceCacheSeconds: 0, databaseReadMaxLagMs: MAX_LAG_MS },
        database,
        logger: false,
        clientDir: null,
        readReplicas: replicas,
      });
      await app.ready();
    }, 180_000);

    afterAll(async () => {
      await replicaClient?.end().catch(() => undefined);
      await app?.close(); // closes the replicas' pools too
      await database?.close();
      await scratch?.drop();
      await replica?.destroy();
      if (replicaDir) expect(existsSync(replicaDir)).toBe(false);
      if (replica) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const slots = await admin.query('select 1 from pg_replication_slots where slot_name = $1', [
          replica.slot,
        ]);
        await admin.end();
        expect(slots.rowCount).toBe(0);
      }
    }, 60_000);

    const replayed = async (sql: string, params: unknown[]) =>
      (await replicaClient.query(sql, params)).rowCount === 1;
    const pauseReplay = () => replicaClient.query('select pg_wal_replay_pause()');
    const resumeReplay = () => replicaClient.query('select pg_wal_replay_resume()');
    const readsOnReplica = () => replicas.status()[0]?.reads ?? 0;

    async function member(name: string) {
      const client = new TestClient(() => app);
      const response = await client.post('/api/auth/register', {
        firstName: name,
        email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'secret-password',
      });
      expect(response.statusCode).toBe(201);
      return client;
    }

    async function listedAndReplayed(owner: TestClient) {
      const listed = await listItem(owner, { title: 'Wool coat' });
      await until(
        () => replayed('select 1 from items where id = $1', [listed.id]),
        'the replica has the listing',
      );
      await until(() => replicas.status()[0]?.lagMs !== null, 'the replica was checked');
      await replicas.check();
      return listed;
    }

    const titleSeenBy = async (client: TestClient, id: string, headers?: Record<string, string>) => {
      const response = await client.get(`/api/items/${id}`, headers);
      expect(response.statusCode).toBe(200);
      return (response.json() as { title: string }).title;
    };

    it('serves reads from the replica, and each member their own writes at once', async () => {
      const owner = await member('Olive');
      const visitor = new TestClient(() => app);
      const listed = await listedAndReplayed(owner);
      const session = await replicaClient.query<{ recovery: boolean }>(
        'select pg_is_in_recovery() as recovery',
      );
      expect(session.rows[0]?.recovery).toBe(true);

      await pauseReplay();
      try {
        const renamed = await owner.patch(`/api/items/${listed.id}`, { title: 'Wool coat, relined' });
        expect(renamed.statusCode).toBe(200);
        // The write went out with the cookie that sends this browser's reads to the primary.
        expect(renamed.cookies.find((cookie) => cookie.name === RECENT_WRITE_COOKIE)?.maxAge).toBe(
          Math.ceil((MAX_LAG_MS + 1000) / 1000),
        );
        const before = readsOnReplica();
        // A stranger reads the replica, which has not replayed the rename: the old title proves it.
        expect(await titleSeenBy(visitor, listed.id)).toBe('Wool coat');
        expect(readsOnReplica()).toBe(before + 1);
        // The owner, known to this instance as having just written, is read from the primary...
        expect(await titleSeenBy(owner, listed.id)).toBe('Wool coat, relined');
        const ownList = await owner.get(`/api/users/${listed.userId}/items`);
        expect((ownList.json() as Array<{ title: string }>).map((item) => item.title)).toEqual([
          'Wool coat, relined',
        ]);
        // ...and so is a browser carrying the cookie, whichever instance it reaches.
        expect(await titleSeenBy(visitor, listed.id, { cookie: `${RECENT_WRITE_COOKIE}=1` })).toBe(
          'Wool coat, relined',
        );
        // A change heard on the change feed: no replica that has not replayed it serves anyone,
        // since whatever a read loads the marketplace cache may keep.
        await app.bus.publish({ kind: 'marketplace' });
        expect(await titleSeenBy(visitor, listed.id)).toBe('Wool coat, relined');
      } finally {
        await resumeReplay();
      }
      await until(async () => (await titleSeenBy(visitor, listed.id)) === 'Wool coat, relined', 'replayed');
    });

    it('falls back to the primary while the replica lags beyond the bound, and returns to it', async () => {
      const owner = await member('Lena');
      const visitor = new TestClient(() => app);
      const listed = await listedAndReplayed(owner);
      await pauseReplay();
      try {
        expect((await owner.patch(`/api/items/${listed.id}`, { title: 'Lagging coat' })).statusCode).toBe(
          200,
        );
        await until(
          async () => {
            await replicas.check();
            return (replicas.status()[0]?.lagMs ?? 0) > MAX_LAG_MS;
          },
          'the replica lags',
          20_000,
        );
        expect(replicas.status()[0]?.state).toBe('up');
        const before = readsOnReplica();
        expect(await titleSeenBy(visitor, listed.id)).toBe('Lagging coat');
        const list = await visitor.get('/api/items?search=lagging');
        expect((list.json() as Array<{ title: string }>).map((item) => item.title)).toEqual(['Lagging coat']);
        expect(readsOnReplica()).toBe(before);
      } finally {
        await resumeReplay();
      }
      await until(async () => {
        await replicas.check();
        return (replicas.status()[0]?.lagMs ?? Infinity) <= MAX_LAG_MS;
      }, 'the replica caught up');
      const before = readsOnReplica();
      expect(await titleSeenBy(visitor, listed.id)).toBe('Lagging coat');
      expect(readsOnReplica()).toBe(before + 1);
    }, 60_000);

    it('falls back to the primary when the replica is down, and uses it again once it is back', async () => {
      const owner = await member('Dora');
      const visitor = new TestClient(() => app);
      const listed = await listedAndReplayed(owner);
      replica?.stop();
      // Reads keep answering: a query that meets the dead connection runs again on the primary.
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await titleSeenBy(visitor, listed.id)).toBe('Wool coat');
        const list = await visitor.get('/api/items');
        expect(list.statusCode).toBe(200);
      }
      await until(async () => {
        await replicas.check();
        return replicas.status()[0]?.state === 'down';
      }, 'the replica is marked down');
      const before = readsOnReplica();
      expect(await titleSeenBy(visitor, listed.id)).toBe('Wool coat');
      expect(readsOnReplica()).toBe(before);

      replica?.start();
      replicaClient = await connectReplica();
      await until(async () => {
        await replicas.check();
        if (process.env.TEST_LOG) console.log(replicas.status());
        return (
          replicas.status()[0]?.state === 'up' && (replicas.status()[0]?.lagMs ?? Infinity) <= MAX_LAG_MS
        );
      }, 'the replica is back');
      expect(await titleSeenBy(visitor, listed.id)).toBe('Wool coat');
      expect(readsOnReplica()).toBe(before + 1);
    }, 90_000);
  },
);
