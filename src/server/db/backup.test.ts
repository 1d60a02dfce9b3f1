/**
 * `npm run backup` and `npm run restore` (backup-cli.ts), run as the operator runs them, in a child
 * process: a member who signed up (with a photo) before the backup signs in on the restored copy.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig, TestClient } from '../test-support/test-app';
import { uploadImage } from '../test-support/fixtures';
import { createScratchPostgres, testDriver } from '../test-support/test-database';
import { type Database, openDatabase, openPostgres } from './connect';

const scratch = mkdtempSync(join(tmpdir(), 'threadswap-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MEMBER = { firstName: 'Bea', email: 'bea@example.com', password: 'a-long-enough-passphrase' };

/** Runs the CLI as `npm run backup|restore -- …` does (tsx), with this environment; never throws. */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/db/backup-cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function withApp<T>(database: Database, work: (visitor: TestClient) => Promise<T>) {
  const app = await buildApp({ config: testConfig, database, logger: false, clientDir: null });
  try {
    return await work(new TestClient(() => app));
  } finally {
    await app.close();
    await database.close();
  }
}

/** Registers the member and gives them a photo; answers the photo's URL. */
function signUp(database: Database) {
  return withApp(database, async (visitor) => {
    expect((await visitor.post('/api/auth/register', MEMBER)).statusCode).toBe(201);
    return uploadImage(visitor);
  });
}

/** The member signs in on the restored database, and their photo is there. */
function expectRestored(database: Database, photo: string) {
  return withApp(database, async (visitor) => {
    const login = await visitor.post('/api/auth/login', { email: MEMBER.email, password: MEMBER.password });
    expect(login.statusCode).toBe(200);
    expect((await visitor.get(`${photo}?w=400`)).statusCode).toBe(200);
  });
}

describe('backup and restore', () => {
  it('of the embedded database: into a fresh data directory, and over a used one only with --force', async () => {
    const original = { DATA_DIR: join(scratch, 'original') };
    const photo = await signUp(await openDatabase({ dataDir: original.DATA_DIR }));
    const file = join(scratch, 'embedded.tar.gz');

    // Not while a server has it open.
    const running = await openDatabase({ dataDir: original.DATA_DIR });
    try {
      const refused = await cli(['backup', file], original);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`in use by process ${process.pid}`);
    } finally {
      await running.close();
    }

    const backup = await cli(['backup', file], original);
    expect(backup.output).toContain(`to ${file}`);
    expect(backup.code).toBe(0);
    expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const fresh = { DATA_DIR: join(scratch, 'fresh') };
    const restored = await cli(['restore', file], fresh);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    await expectRestored(await openDatabase({ dataDir: fresh.DATA_DIR }), photo);

    // The fresh directory holds a database now: replaced only when asked to.
    const again = await cli(['restore', file], fresh);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds a database');
    expect(again.output).toContain('--force');
    const forced = await cli(['restore', file, '--force'], fresh);
    expect(forced.code).toBe(0);
    await expectRestored(await openDatabase({ dataDir: fresh.DATA_DIR }), photo);
  }, 180_000);

  it('refuses a file that is not a backup, and a backup of the other kind of database', async () => {
    const junk = join(scratch, 'junk.bin');
    writeFileSync(junk, 'not a backup');
    const result = await cli(['restore', junk], { DATA_DIR: join(scratch, 'junk-target') });
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not a Threadswap backup');
    const dump = join(scratch, 'looks-like-pg-dump');
    writeFileSync(dump, 'PGDMP and more');
    const mismatch = await cli(['restore', dump], { DATA_DIR: join(scratch, 'junk-target') });
    expect(mismatch.output).toContain('is a PostgreSQL backup');
  }, 60_000);

  it('says what is missing when pg_dump is not on PATH', async () => {
    const result = await cli(['backup', join(scratch, 'never.dump')], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PATH: join(scratch, 'no-programs-here'),
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('pg_dump was not found on PATH');
    expect(result.output).toContain('postgresql-client');
  }, 60_000);

  it.skipIf(testDriver !== 'postgres')(
    'of PostgreSQL: into a new database, and over one with tables only with --force',
    async () => {
      const source = await createScratchPostgres();
      const used = await createScratchPostgres();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const emptyName = `threadswap_restore_${Date.now()}`;
      await admin.query(`create database ${emptyName}`);
      const emptyUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
      emptyUrl.pathname = `/${emptyName}`;
      try {
        const photo = await signUp(await openPostgres(source.url, 2));
        const file = join(scratch, 'postgres.dump');
        const backup = await cli(['backup', file], { DATABASE_URL: source.url });
        expect(backup.output).toContain(`to ${file}`);
        expect(backup.code).toBe(0);
        expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');

        const restored = await cli(['restore', file], { DATABASE_URL: emptyUrl.toString() });
        expect(restored.output).toContain('Restored');
        expect(restored.code).toBe(0);
        await expectRestored(await openPostgres(emptyUrl.toString(), 2), photo);

        // A database with the app's tables (migrated, empty of members) is replaced only when asked to.
        const refused = await cli(['restore', file], { DATABASE_URL: used.url });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('already holds tables');
        const forced = await cli(['restore', file, '--force'], { DATABASE_URL: used.url });
        expect(forced.output).toContain('Restored');
        expect(forced.code).toBe(0);
        await expectRestored(await openPostgres(used.url, 2), photo);
      } finally {
        await admin.query(`drop database if exists ${emptyName} with (force)`);
        await admin.end();
        await source.drop();
        await used.drop();
      }
    },
    180_000,
  );
});
