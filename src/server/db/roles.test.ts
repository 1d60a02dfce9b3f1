import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/test-app';
import { createScratchPostgres, testDriver } from '../test-support/test-database';
import { type Database, openPglite, openPostgres } from './connect';
import { users } from './schema';

const t = useTestApp();
const run = promisify(execFile);

describe('roles are granted, never claimed', () => {
  it('gives nothing to whoever registers a former moderator’s address', async () => {
    const moderator = await t.member({
      email: 'mod@example.com',
      password: 'secret-password',
      role: 'moderator',
    });
    expect((await moderator.get('/api/auth/user')).json().isModerator).toBe(true);
    expect((await moderator.get('/api/moderation/reports')).statusCode).toBe(200);
    const deleted = await moderator.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'secret-password' },
    });
    expect(deleted.statusCode).toBe(200);

    const newcomer = t.visitor();
    const registered = await newcomer.post('/api/auth/register', {
      firstName: 'Mallory',
      email: 'MOD@example.com',
      password: 'takeover-attempt-77',
    });
    expect(registered.statusCode).toBe(201);
    expect((await newcomer.get('/api/auth/user')).json().isModerator).toBe(false);
    expect((await newcomer.get('/api/moderation/reports')).statusCode).toBe(403);
  });

  it('registration grants nothing, whatever the body claims', async () => {
    const client = t.visitor();
    const response = await client.post('/api/auth/register', {
      firstName: 'Eve',
      email: 'eve@example.com',
      password: 'claiming-a-role-42',
      role: 'moderator',
      isModerator: true,
    });
    expect(response.statusCode).toBeLessThan(500);
    const [row] = await t.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'eve@example.com'));
    expect(row?.role ?? 'member').toBe('member');
  });
});

describe('npm run moderator', () => {
  it('grants and revokes the role from the shell, and explains its usage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-roles-'));
    const scratch = testDriver === 'postgres' ? await createScratchPostgres() : undefined;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' };
    const open = (): Promise<Database> =>
      scratch ? openPostgres(scratch.url, 2) : openPglite(`${dataDir}/pglite`);
    const roleOf = async () => {
      const database = await open();
      try {
        const [row] = await database.db
          .select({ role: users.role })
          .from(users)
          .where(eq(users.email, 'grace@example.com'));
        return row?.role;
      } finally {
        await database.close();
      }
    };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/db/moderator-cli.ts', ...args], { env });
    try {
      const database = await open();
      await database.db.insert(users).values({ email: 'grace@example.com', firstName: 'Grace' });
      await database.close();

      expect((await cli('grant', 'Grace@Example.com')).stdout).toContain('is now a moderator');
      expect(await roleOf()).toBe('moderator');
      expect((await cli('revoke', 'grace@example.com')).stdout).toContain('is no longer a moderator');
      expect(await roleOf()).toBe('member');
      await expect(cli('promote', 'grace@example.com')).rejects.toMatchObject({
        stderr: expect.stringContaining('Usage: npm run moderator -- grant <email>'),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }, 600_000);
});
