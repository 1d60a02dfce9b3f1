import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from './connect';
import {
  createPglite,
  prepareTemplateDirectory,
  readTemplate,
  templateDirectory,
  templatePath,
} from './pglite-template';

const dir = mkdtempSync(join(tmpdir(), 'threadswap-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the pristine PGlite template', () => {
  it('is saved by the first new database, and later new databases start from it', async () => {
    const first = await createPglite(undefined);
    await first.close();
    expect(readTemplate()).toBeInstanceOf(Blob);

    // A new data directory starts from the template, migrates, keeps what is written, and reopens.
    const database = await openPglite(join(dir, 'pglite'));
    const [tables] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from information_schema.tables where table_name in ('users', 'items')`,
    );
    expect(tables?.n).toBe(2);
    await database.db.execute(sql`create table template_probe (id int)`);
    await database.db.execute(sql`insert into template_probe values (7)`);
    await database.close();

    const reopened = await openPglite(join(dir, 'pglite'));
    const rows = await queryRows<{ id: number }>(reopened.db, sql`select id from template_probe`);
    expect(rows).toEqual([{ id: 7 }]);
    await reopened.close();
  }, 120_000);
});

describe('the migrated templates', () => {
  // A migrations folder of its own names templates of its own, so the shared ones are left alone.
  const migrations = join(dir, 'migrations');
  mkdirSync(migrations);
  writeFileSync(join(migrations, '0000_probe.sql'), 'create table migrated_probe (id int);');
  const migrate = async (client: PGlite) => {
    await client.exec('create table if not exists migrated_probe (id int)');
    calls += 1;
  };
  let calls = 0;
  afterAll(() => {
    rmSync(templatePath(migrations), { force: true });
    rmSync(templateDirectory(migrations), { recursive: true, force: true });
  });

  it('are saved by the first new database, and a new data directory copies the directory one', async () => {
    const first = await createPglite(undefined, { migrations, migrate });
    expect(calls).toBe(1);
    await first.close();
    expect(readTemplate(templatePath(migrations))).toBeInstanceOf(Blob);

    // The next in-memory database starts migrated, without migrating.
    const second = await createPglite(undefined, { migrations, migrate });
    expect(calls).toBe(1);
    await second.query('insert into migrated_probe values (1)');
    await second.close();

    await prepareTemplateDirectory(migrations, async (dataDir) => {
      const client = await createPglite(dataDir, { migrations, migrate });
      await client.exec('insert into migrated_probe values (2)');
      await client.close();
    });
    const copied = await createPglite(join(dir, 'copied'), { migrations, migrate });
    const rows = await copied.query<{ id: number }>('select id from migrated_probe');
    expect(rows.rows).toEqual([{ id: 2 }]);
    await copied.close();
    expect(calls).toBe(1);

    // A changed migrations folder names other templates.
    const before = templatePath(migrations);
    writeFileSync(join(migrations, '0001_more.sql'), 'select 1;');
    expect(templatePath(migrations)).not.toBe(before);
    rmSync(join(migrations, '0001_more.sql'));
  }, 120_000);
});
