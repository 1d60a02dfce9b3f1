import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './connect';
import * as schema from './schema';

/**
 * PostgreSQL streaming replicas for read-only marketplace queries (DATABASE_READ_URLS,
 * docs/decisions/025-read-replicas.md).
 *
 * Freshness is measured in the primary's WAL, not in replay timestamps: every check reads the
 * primary's `pg_current_wal_insert_lsn()` (past every record any committed transaction wrote) at a time t, and once a replica's `pg_last_wal_replay_lsn()`
 * has reached that position, everything committed on the primary before t is visible on it. Each
 * replica's `freshAsOf` is the latest such t (this process's clock, `performance.now()`). A read
 * that must see every write made before time w may use a replica only when `freshAsOf >= w`; any
 * read uses it only while `now - freshAsOf <= maxLagMs`. (`pg_last_xact_replay_timestamp()`
 * stops moving while the primary is idle, so it cannot tell a quiet primary from a stuck replica.)
 *
 * A replica whose connection fails is marked down for `retryMs`; the query that failed, and any
 * query a replica refuses (a write that slipped into a read, a recovery conflict), runs again on
 * the primary, so a failing replica costs its caller a retry, never an error.
 */

export interface ReadReplicaOptions {
  /** The primary: where every read goes when no replica qualifies. */
  primary: pg.Pool;
  urls: readonly string[];
  poolSize: number;
  /** A replica further behind the primary than this serves nothing. */
  maxLagMs: number;
  /** How often the replicas' replay position is checked (a change heard checks sooner). */
  checkIntervalMs?: number;
  /** How long a replica whose connection failed is left alone before it is tried again. */
  retryMs?: number;
  /** Where state changes of a replica are told (up, down, lagging). */
  log?: (level: 'info' | 'warn', message: string, fields: Record<string, unknown>) => void;
}

export interface ReplicaStatus {
  /** The URL without its password. */
  name: string;
  state: 'up' | 'down';
  /** How far behind the primary it was at the last check, in milliseconds; null when unknown. */
  lagMs: number | null;
  /** Reads it has been given. */
  reads: number;
}

export interface ReadReplicas {
  /**
   * A database for one read: a replica that has every write committed before `freshSince`
   * (a `performance.now()` time; 0 for none) and lags at most maxLagMs, taken in turn among those
   * that qualify; otherwise undefined (read the primary).
   */
  pick(freshSince: number): Db | undefined;
  /** Checks every replica now (coalesced with a check in flight); resolves when it is done. */
  check(): Promise<void>;
  /** Asks for a check soon, without waiting for it: a change was just committed. */
  checkSoon(): void;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}

const DEFAULT_CHECK_INTERVAL_MS = 500;
const DEFAULT_RETRY_MS = 5_000;
/** How soon after a change the replicas are checked (changes in between share the check). */
const CHANGE_CHECK_DELAY_MS = 20;
/** How long a replica's check may take before the replica counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Errors after which a query is run again on the primary: a connection that failed or was refused
 * (class 08, 57P01-57P03 shutdown, node's socket errors), a write refused by a standby (25006),
 * a query cancelled by a recovery conflict (40001) or by the replica's statement timeout (57014).
 */
function retryOnPrimary(error: unknown): { down: boolean } | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') {
    // pg's own errors ("Connection terminated", timeouts) carry no SQLSTATE.
    return { down: true };
  }
  if (code.startsWith('08') || code.startsWith('57P') || /^E[A-Z]+$/.test(code)) return { down: true };
  if (code === '25006' || code === '40001' || code === '57014') return { down: false };
  return undefined;
}

/** A WAL position ('16/B374D848') as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high ?? '0'}`) << 32n) + BigInt(`0x${low ?? '0'}`);
}

function redact(url: string) {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'replica';
  }
}

interface Replica {
  name: string;
  pool: pg.Pool;
  db: Db;
  up: boolean;
  /** When it was marked down (performance.now()); retried after retryMs. */
  downAt: number;
  freshAsOf: number;
  lagMs: number | null;
  reads: number;
}

export function createReadReplicas(options: ReadReplicaOptions): ReadReplicas {
  const checkIntervalMs = options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const log = options.log ?? (() => undefined);
  const primary = options.primary;
  let turn = 0;
  let closed = false;

  function markDown(replica: Replica, error: unknown) {
    if (replica.up)
      log('warn', 'read replica down: its reads go to the primary', {
        replica: replica.name,
        reason: error instanceof Error ? error.message : String(error),
      });
    replica.up = false;
    replica.downAt = performance.now();
    replica.lagMs = null;
  }

  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: 2_000,
      // The primary's settings (connect.ts), and a name that shows in pg_stat_activity.
      options: '-c pg_trgm.word_similarity_threshold=0.4 -c jit=off',
      application_name: 'threadswap-read',
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const replica: Replica = {
      name: redact(url),
      pool,
      db: undefined as unknown as Db,
      up: false,
      downAt: -Infinity,
      freshAsOf: -Infinity,
      lagMs: null,
      reads: 0,
    };
    // drizzle asks its client for `query` only (transactions need a pool: reads open none). A
    // query the replica cannot answer runs on the primary instead.
    const client = {
      async query(...args: unknown[]) {
        const run = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
        try {
          return await run(...args);
        } catch (error) {
          const retry = retryOnPrimary(error);
          if (!retry) throw error;
          if (retry.down) markDown(replica, error);
          return (primary.query.bind(primary) as (...a: unknown[]) => Promise<unknown>)(...args);
        }
      },
    };
    replica.db = drizzleNodePg({ client: client as unknown as pg.Pool, schema }) as unknown as Db;
    return replica;
  });

  /** Primary WAL positions sampled by the checks: [time, lsn], oldest first. */
  let samples: Array<[number, bigint]> = [];

  async function withTimeout<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        promise,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('replica check timed out')), CHECK_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function checkReplica(replica: Replica, now: number) {
    if (!replica.up && now - replica.downAt < retryMs) return;
    try {
      const { rows } = await withTimeout(
        replica.pool.query<{ lsn: string | null; recovery: boolean }>(
          'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery',
        ),
      );
      const row = rows[0];
      if (!row?.recovery || !row.lsn)
        throw new Error('not a streaming replica (pg_is_in_recovery() is false)');
      const replayed = lsnValue(row.lsn);
      let fresh = replica.freshAsOf;
      for (const [at, lsn] of samples) if (lsn <= replayed && at > fresh) fresh = at;
      replica.freshAsOf = fresh;
      const lagMs = Math.max(0, performance.now() - fresh);
      const wasServing = replica.up && replica.lagMs !== null && replica.lagMs <= options.maxLagMs;
      const serving = lagMs <= options.maxLagMs;
      if (!replica.up) log('info', 'read replica up', { replica: replica.name });
      else if (wasServing && !serving)
        log('warn', 'read replica lagging: its reads go to the primary', { replica: replica.name, lagMs });
      replica.up = true;
      replica.lagMs = Number.isFinite(lagMs) ? lagMs : null;
    } catch (error) {
      markDown(replica, error);
    }
  }

  let inFlight: Promise<void> | undefined;
  let again = false;

  async function runCheck() {
    const at = performance.now();
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    samples.push([at, lsnValue(rows[0]?.lsn ?? '0/0')]);
    // A replica fresher than the lag bound needs no older sample; keep a few for the slowest.
    const horizon = Math.min(...replicas.map((replica) => replica.freshAsOf));
    samples = samples.filter(([time], index) => time >= horizon || index === samples.length - 1);
    if (samples.length > 1000) samples = samples.slice(-1000);
    await Promise.all(replicas.map((replica) => checkReplica(replica, performance.now())));
  }

  function check(): Promise<void> {
    if (closed) return Promise.resolve();
    if (inFlight) {
      // A check asked for while one runs must sample the primary after the ask: run once more.
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      try {
        do {
          again = false;
          await runCheck().catch(() => undefined);
        } while (again && !closed);
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  let soon: NodeJS.Timeout | undefined;
  const timer = setInterval(() => void check(), checkIntervalMs);
  timer.unref();
  void check();

  return {
    pick(freshSince) {
      const now = performance.now();
      for (let tried = 0; tried < replicas.length; tried++) {
        turn = (turn + 1) % replicas.length;
        const replica = replicas[turn] as Replica;
        if (!replica.up || replica.freshAsOf < freshSince || now - replica.freshAsOf > options.maxLagMs)
          continue;
        replica.reads += 1;
        return replica.db;
      }
      return undefined;
    },
    check,
    checkSoon() {
      if (soon || closed) return;
      soon = setTimeout(() => {
        soon = undefined;
        void check();
      }, CHANGE_CHECK_DELAY_MS);
      soon.unref();
    },
    status: () =>
      replicas.map((replica) => ({
        name: replica.name,
        state: replica.up ? 'up' : 'down',
        lagMs: replica.lagMs,
        reads: replica.reads,
      })),
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(soon);
      await inFlight?.catch(() => undefined);
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)));
    },
  };
}
