import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres, queryRows } from '../db/connect';

/** Which database the API tests run on: set by scripts/test.ts, one full run per driver. */
export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

function adminUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * A fresh PostgreSQL database with a random name, dropped again by `drop()`. Copied from the run's
 * migrated template (postgres-template.ts, the global setup) when there is one, so that opening it
 * finds every migration applied; otherwise empty, and opening it migrates it.
 */
export async function createScratchPostgres() {
  const name = `threadswap_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One migrated database per test file (PGlite and PostgreSQL both copy a migrated template). */
export async function openTestDatabase(): Promise<Database & { truncate(): Promise<void> }> {
  let database: Database;
  let drop = async () => undefined as void;
  if (testDriver === 'postgres') {
    const scratch = await createScratchPostgres();
    database = await openPostgres(scratch.url, 20);
    drop = scratch.drop;
  } else {
    database = await openPglite();
  }
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
    async truncate() {
      const tables = await queryRows<{ tablename: string }>(
        database.db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      const names = tables.map((row) => `"${row.tablename}"`).join(', ');
      if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
    },
  };
}
