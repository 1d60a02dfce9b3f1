import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from './connect';
import { createPglite, readTemplate } from './pglite-template';

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
