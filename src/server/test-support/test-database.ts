import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type Db, openPglite, openPostgres, queryRows } from '../db/connect';

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
  let tables: string[] | null | undefined;
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
    async truncate() {
      if (tables === undefined) tables = await deletionOrder(database.db);
      await emptyTables(database.db, tables);
    },
  };
}

/**
 * The public tables, each after every table that references it (a foreign key), so that deleting
 * them in this order never deletes a row that another row still points to. Null when the foreign
 * keys form a cycle (there is no such order).
 */
async function deletionOrder(db: Db): Promise<string[] | null> {
  const tables = (
    await queryRows<{ tablename: string }>(
      db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )
  )
    .map((row) => row.tablename)
    .filter((table) => !KEPT.has(table));
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
  );
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const free = [...left].filter(
      (table) => !references.some((edge) => edge.parent === table && left.has(edge.child)),
    );
    if (free.length === 0) return null;
    for (const table of free) {
      order.push(table);
      left.delete(table);
    }
  }
  return order;
}

/** Reference data loaded with the migrations (the gazetteer, db/towns.ts) and the towns the distance sort walks (only pruned by its sweep, migration 0056): tests keep it. */
const KEPT = new Set(['towns', 'listed_towns']);

/** Tables whose trigger refuses DELETE (the audit log): only a truncate empties them. */
const APPEND_ONLY = new Set(['moderation_actions']);

/**
 * Empties every public table. `truncate … cascade` of all tables costs 0.1–0.8 s on PostgreSQL (a
 * new file for every table and index) before each of a thousand tests; deleting the rows of the
 * few tables a test filled costs milliseconds. The delete triggers run as they do in the app (they
 * may write to another table, such as the facet deltas an item's deletion leaves, hence the next
 * pass), so the tables end empty as after a truncate, whose own triggers only empty tables and
 * notify the app. No public table owns a sequence, so nothing is left to restart.
 */
async function emptyTables(db: Db, order: string[] | null) {
  for (let pass = 0; order && pass < 5; pass += 1) {
    const filled = new Set(
      (
        await queryRows<{ name: string }>(
          db,
          sql.raw(
            order
              .map((table) => `select '${table}' as name where exists (select 1 from "${table}")`)
              .join(' union all '),
          ),
        )
      ).map((row) => row.name),
    );
    if (filled.size === 0) return;
    await db.transaction(async (tx) => {
      for (const table of order)
        if (filled.has(table))
          await tx.execute(sql.raw(`${APPEND_ONLY.has(table) ? 'truncate' : 'delete from'} "${table}"`));
    });
  }
  // Foreign keys in a cycle, or triggers that keep refilling a table: truncate them all.
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = tables
    .filter((row) => !KEPT.has(row.tablename))
    .map((row) => `"${row.tablename}"`)
    .join(', ');
  if (names) await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}
