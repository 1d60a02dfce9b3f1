import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { createPglite } from './pglite-template';
import * as schema from './schema';
import { loadTowns } from './towns';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The `tx` handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw access for LISTEN/NOTIFY and the pool; present for PostgreSQL only. */
  pool?: pg.Pool;
  pglite?: PGlite;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * Typo tolerance of search (`query <% search_text`): 0.4 accepts 'jaket' for 'jacket' and
 * 'overcaot' for 'overcoat', which pg_trgm's default of 0.6 does not.
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;
/** Any fixed number: it names the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 727_001;

/** The handles openPglite made: what `isEmbedded` recognises. */
const embeddedHandles = new WeakSet<object>();

/**
 * Whether `db` is the embedded database (PGlite), for the few reads that differ between the two
 * (items/search-correction.ts: PGlite keeps the trigram typo path, decision 028).
 */
export function isEmbedded(db: Queryable): boolean {
  return embeddedHandles.has(db);
}

/** Embedded PostgreSQL (PGlite). `dataDir` undefined means in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The towns load with the migrations, so that the migrated template holds them (towns.ts).
  const migrate = async (client: PGlite) => {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    await loadTowns((text, params) => client.query(text, params));
  };
  const client = await createPglite(dataDir, { migrations: migrationsFolder, migrate });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  embeddedHandles.add(db);
  await migrate(client);
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // No JIT: compiling a statement's expressions takes about 230 ms on this machine, paid on every
    // run of any statement the planner costs above jit_above_cost (100,000); at scale a search's
    // statement passes it, and no read of this app runs long enough to gain it back (decision 016, fourth pass).
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c jit=off`,
  });
  // An idle client that loses its server must not crash the process; the next query reports the fault.
  pool.on('error', () => undefined);
  // The same for a client that is checked out but between statements (a transaction waiting on the
  // app, a held advisory lock): the pool listens only to idle ones, and an unheard 'error' would end
  // the process. Its statement in flight, if any, still fails; a broken client is not queried again.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    await loadTowns((text, params) => client.query(text, params));
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  } finally {
    client.release();
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

/** Where the embedded database of DATA_DIR lives. */
export const pgliteDataDir = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}/pglite`;

/**
 * The app's database: PostgreSQL with `databaseUrl`, otherwise the embedded one in DATA_DIR, which
 * this process claims while it has it open (data-dir-lock.ts): a second process is refused.
 */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.poolSize);
  const dataDir = pgliteDataDir(config.dataDir);
  const release = lockDataDir(dataDir);
  try {
    const database = await openPglite(dataDir);
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Runs raw SQL and answers its rows; both drivers return `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Like queryRows, as a prepared statement named after its text: on PostgreSQL each connection plans
 * it once and, after a few runs, reuses one plan, so a large query run often with new values (its
 * parameters) stops paying for its planning on every run. PGlite runs it as an ordinary query.
 */
export async function queryPreparedRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `q${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
  const prepared = db._.session.prepareQuery(compiled, undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
