import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/server/db/connect';

/** A database that exists for one benchmark run only. */
export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** DATABASE_URL of the scratch database (PostgreSQL only). */
  url: string | undefined;
  /** DATA_DIR for the app: PGlite lives under it; on PostgreSQL it holds nothing of note. */
  dataDir: string;
  /** "PostgreSQL 15.20" or "PGlite 0.5.16 (embedded)". */
  label: string;
  /** Opens it from this process; close it before an app process opens PGlite. */
  open(poolSize?: number): Promise<Database>;
  drop(): Promise<void>;
  /** A market kept by an earlier run (BENCH_MARKET_URL): not to be seeded, nor dropped. */
  reused: boolean;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function pgliteVersion() {
  // The package does not export its package.json; it sits at a known place.
  const manifest = fileURLToPath(
    new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url),
  );
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return '';
  }
}

/**
 * A fresh database with a random name on the PostgreSQL server at `adminUrl`, dropped by `drop()`;
 * or, without a URL, a PGlite database in a temporary directory.
 */
export async function createBenchDatabase(adminUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-bench-'));
  if (!adminUrl) {
    return {
      kind: 'pglite',
      url: undefined,
      dataDir,
      label: `PGlite ${pgliteVersion()} (embedded)`.replace('  ', ' '),
      reused: false,
      open: () => openPglite(join(dataDir, 'pglite')),
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `threadswap_bench_${randomBytes(6).toString('hex')}`;
  const version = await withClient(adminUrl, async (client) => {
    await client.query(`create database ${name}`);
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? '?';
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    dataDir,
    label: `PostgreSQL ${version.split(' ')[0]} (${url.hostname})`,
    reused: false,
    open: (poolSize = 8) => openPostgres(url.toString(), poolSize),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      // BENCH_KEEP=1 keeps the seeded market for EXPLAIN or for `psql` (drop it by hand afterwards).
      if (process.env.BENCH_KEEP) {
        console.log(`BENCH_KEEP: kept ${url.toString()} (drop database ${name} when done)`);
        return;
      }
      await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * The market that an earlier run kept with BENCH_KEEP, at `url` (BENCH_MARKET_URL): the run
 * measures it as it is, adding only sessions and the chat phase's messages, and leaves it in place.
 */
export async function existingBenchDatabase(url: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-bench-'));
  const version = await withClient(url, async (client) => {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? '?';
  });
  return {
    kind: 'postgres',
    url,
    dataDir,
    label: `PostgreSQL ${version.split(' ')[0]} (${new URL(url).hostname}, kept market)`,
    reused: true,
    open: (poolSize = 8) => openPostgres(url, poolSize),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
