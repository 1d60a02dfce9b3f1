import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  closeSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { pgliteDataDir } from './connect';
import { pgliteExtensions } from './pglite-template';

/**
 * Backups (README § Operating): of the embedded database, its data directory as a gzip tarball
 * (PGlite's `dumpDataDir`); of PostgreSQL, a `pg_dump` archive in its custom format. Either holds
 * everything the app keeps, photos included (they are stored in the database).
 */

/** A failure with a message for the operator (no stack trace needed). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export type BackupKind = 'pglite' | 'postgres';

/** What a backup file holds, from its first bytes: gzip (an embedded data directory) or a pg_dump archive. */
export function backupKindOf(file: string): BackupKind | undefined {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const head = Buffer.alloc(5);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, head, 0, 5, 0);
  } finally {
    closeSync(descriptor);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}

/** Writes through a temporary file and a rename: a backup cut short never looks like a whole one. */
function writeWhole(file: string, write: (temporary: string) => Promise<void>) {
  const temporary = `${file}.${process.pid}.tmp`;
  return write(temporary).then(
    () => renameSync(temporary, file),
    (error: unknown) => {
      rmSync(temporary, { force: true });
      throw error;
    },
  );
}

const isEmptyDirectory = (path: string) => !existsSync(path) || readdirSync(path).length === 0;

/** Backs up the embedded database of DATA_DIR, which no other process may have open meanwhile. */
export async function backupPglite(dataDir: string, file: string) {
  const directory = pgliteDataDir(dataDir);
  if (!existsSync(join(directory, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${directory} to back up (check DATA_DIR).`);
  const release = lockDataDir(directory);
  try {
    const client = await PGlite.create({ dataDir: directory, extensions: pgliteExtensions });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeWhole(file, async (temporary) =>
        writeFileSync(temporary, Buffer.from(await dump.arrayBuffer())),
      );
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return { from: directory, bytes: statSync(file).size };
}

/**
 * Restores a backup of the embedded database into DATA_DIR. A directory that already holds a
 * database is replaced only with `force`. The backup is unpacked beside it and opened first, so
 * that a damaged file leaves the current database as it was.
 */
export async function restorePglite(dataDir: string, file: string, force: boolean) {
  const kind = backupKindOf(file);
  if (kind === 'postgres')
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set.`);
  if (kind !== 'pglite') throw new BackupError(`${file} is not a Threadswap backup.`);
  const directory = pgliteDataDir(dataDir);
  const release = lockDataDir(directory);
  try {
    if (!isEmptyDirectory(directory) && !force)
      throw new BackupError(
        `${directory} already holds a database, which the restore would replace. Pass --force to replace it, or set DATA_DIR to a new directory.`,
      );
    const staging = `${directory}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    try {
      const client = await PGlite.create({
        dataDir: staging,
        extensions: pgliteExtensions,
        loadDataDir: new Blob([readFileSync(file)]),
      });
      await client.query('select 1');
      await client.close();
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
    }
    rmSync(directory, { recursive: true, force: true });
    renameSync(staging, directory);
  } finally {
    release();
  }
  return { to: directory };
}

/** The path of a program on PATH, if there is one. */
function onPath(program: string) {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function requireProgram(program: 'pg_dump' | 'pg_restore') {
  const path = onPath(program);
  if (!path)
    throw new BackupError(
      `${program} was not found on PATH. Backing up and restoring PostgreSQL uses its client programs ` +
        '(pg_dump and pg_restore, of the server’s major version or newer): install them ' +
        '(Debian and Ubuntu: apt-get install postgresql-client) and run this again.',
    );
  return path;
}

/**
 * The connection for pg_dump and pg_restore: the URL without its password, which goes in PGPASSWORD
 * (a command line is visible to every user of the machine).
 */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env, shown: `${url.host}${url.pathname}` };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => reject(new BackupError(`${program} could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit code ${code}):\n${errors.trim()}`));
    });
  });
}

/** Backs up a PostgreSQL database with pg_dump (its custom format); the app may keep running. */
export async function backupPostgres(databaseUrl: string, file: string) {
  const pgDump = requireProgram('pg_dump');
  const { dbname, env, shown } = connection(databaseUrl);
  await writeWhole(file, (temporary) =>
    run(pgDump, ['--format=custom', `--file=${temporary}`, `--dbname=${dbname}`], env),
  );
  return { from: shown, bytes: statSync(file).size };
}

/** Tables in the database outside PostgreSQL's own schemas. */
async function tableCount(client: pg.Client) {
  const { rows } = await client.query<{ count: string }>(
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%'`,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Restores a pg_dump backup into a PostgreSQL database, in one transaction. A database that holds
 * tables already is replaced only with `force`, which drops the app's schemas (public, and drizzle's
 * record of migrations) first. Stop the app while this runs.
 */
export async function restorePostgres(databaseUrl: string, file: string, force: boolean) {
  const kind = backupKindOf(file);
  if (kind === 'pglite')
    throw new BackupError(
      `${file} is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR).`,
    );
  if (kind !== 'postgres') throw new BackupError(`${file} is not a Threadswap backup.`);
  const pgRestore = requireProgram('pg_restore');
  const { dbname, env, shown } = connection(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if ((await tableCount(client)) > 0) {
      if (!force)
        throw new BackupError(
          `The database ${shown} already holds tables, which the restore would replace. Pass --force to replace them, or restore into a new database.`,
        );
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    }
  } finally {
    await client.end();
  }
  await run(
    pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  return { to: shown };
}
