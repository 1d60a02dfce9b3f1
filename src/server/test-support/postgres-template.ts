/**
 * Vitest global setup: on the PostgreSQL run (TEST_DB_DRIVER=postgres), one database migrated once
 * per run, that every test's scratch database is created from (`create database … template`, a file
 * copy of under a second) instead of running every migration again in each test file. It has a random
 * name, and is dropped when the run ends. Nothing on the PGlite run: new PGlite databases already
 * start from a migrated template (src/server/db/pglite-template.ts).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadTowns } from '../db/towns';

// db/connect.ts's folder; connect.ts itself cannot load here (a global setup runs in Vite's module
// runner, which has no import.meta.resolve), so the migrations run through drizzle's migrator directly.
const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database that scratch PostgreSQL databases are copied from; '' on PGlite. */
    postgresTemplate: string;
  }
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl) {
    project.provide('postgresTemplate', '');
    return undefined;
  }
  const name = `threadswap_template_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const drop = () =>
    withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Migrated, then disconnected: a database can be copied only while nobody is connected to it.
    // With the towns (db/towns.ts), loaded once here rather than in every test's database.
    await withClient(url.toString(), async (client) => {
      await migrate(drizzle({ client }), { migrationsFolder });
      await loadTowns((text, params) => client.query(text, params));
    });
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
