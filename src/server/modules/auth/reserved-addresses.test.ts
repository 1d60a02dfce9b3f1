import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, outbox, users } from '../../db/schema';
import { hashToken } from '../../lib/session';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const deleteAccount = (client: Awaited<ReturnType<typeof t.member>>, password: string) =>
  client.request({ method: 'DELETE', url: '/api/auth/account', payload: { password } });

describe('deleting an account', () => {
  it('does not depend on an address anyone could register', async () => {
    const victim = await t.member({ password: 'victims-passphrase' });
    const victimId = victim.user?.id ?? '';
    // What a stranger could register before reserved addresses were refused: the address the
    // deletion used to give this account.
    await t.db.insert(users).values({
      firstName: 'Squatter',
      email: `deleted-${victimId}@deleted.invalid`,
      passwordHash: null,
    });
    const deleted = await deleteAccount(victim, 'victims-passphrase');
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, victimId));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.email).toMatch(/@deleted\.invalid$/);
    expect(row?.email).not.toContain(victimId);
  });

  it('gives every deleted account an address of its own', async () => {
    const first = await t.member({ password: 'first-passphrase' });
    const second = await t.member({ password: 'second-passphrase' });
    expect((await deleteAccount(first, 'first-passphrase')).statusCode).toBe(200);
    expect((await deleteAccount(second, 'second-passphrase')).statusCode).toBe(200);
    const rows = await t.db.select({ email: users.email }).from(users);
    expect(new Set(rows.map((row) => row.email)).size).toBe(2);
  });
});

const reserved = ['deleted-0d9c7c2e-8f0a-4c55-9d43-1f0c2b9d7e11@deleted.invalid', 'Someone@Example.INVALID'];

describe('reserved addresses (the .invalid top-level domain)', () => {
  it.each(reserved)('cannot be registered: %s', async (email) => {
    const response = await t
      .visitor()
      .post('/api/auth/register', { firstName: 'Squatter', email, password: 'a-long-enough-passphrase' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toEqual(['email']);
    expect(response.json().message).toMatch(/cannot be used/);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it.each(reserved)('cannot be moved to by an email change: %s', async (newEmail) => {
    const member = await t.member({ password: 'secret-password' });
    const response = await member.post('/api/auth/email-change', { newEmail, password: 'secret-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/cannot be used/);
    await t.app.services.mailer.idle();
    expect(await t.db.select().from(outbox)).toHaveLength(0);
    expect(await t.db.select().from(emailTokens)).toHaveLength(0);
  });

  it('are refused by a change link asked for before they were reserved', async () => {
    const member = await t.member();
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(emailTokens).values({
      tokenHash: hashToken(token),
      userId: member.user?.id ?? '',
      purpose: 'email-change',
      newEmail: 'someone@deleted.invalid',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const response = await t.visitor().post('/api/auth/email-change/confirm', { token });
    expect(response.statusCode).toBe(400);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, member.user?.id ?? ''));
    expect(row?.email).toBe(member.user?.email);
  });
});
