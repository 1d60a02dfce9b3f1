import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { emailTokens, mailQueue, outbox, users } from '../../db/schema';
import { hashToken } from '../../lib/session';
import { transact } from '../../lib/unit-of-work';
import { startSmtpServer } from '../../test-support/smtp';
import { testConfig, useTestApp } from '../../test-support/test-app';
import { DEMO_MEMBER_EMAIL } from './auth.service';

const smtp = await startSmtpServer();
const t = useTestApp({ config: { mail: { ...testConfig.mail, smtpUrl: smtp.url } } });
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.clear();
});

/** Asks for a reset link and returns the token from the email that arrived. */
async function resetTokenFor(email: string) {
  const before = smtp.to(email).length;
  const response = await t.visitor().post('/api/auth/password-reset', { email });
  expect(response.statusCode).toBe(202);
  await t.app.services.mailer.idle();
  const mails = smtp.to(email);
  expect(mails.length).toBe(before + 1);
  const mail = mails.at(-1);
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return { token: token ?? '', mail };
}

describe('asking for a password reset', () => {
  it('sends a link with a text and an HTML part through SMTP, and stores only its hash', async () => {
    const member = await t.member({ firstName: 'Rosa' });
    const email = member.user?.email ?? '';
    const { token, mail } = await resetTokenFor(email);
    expect(mail?.subject).toBe('Reset your Threadswap password');
    expect(mail?.headers.get('from')).toContain('no-reply@threadswap.example');
    expect(mail?.text).toContain('Hi Rosa,');
    expect(mail?.text).toContain(`http://localhost:5000/reset-password?token=${token}`);
    expect(mail?.html).toContain(`href="http://localhost:5000/reset-password?token=${token}"`);
    const rows = await t.db.select().from(emailTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60 * 1000);
  });

  it('answers 202 the same way for an unknown email, and sends nothing', async () => {
    await t.member();
    const response = await t.visitor().post('/api/auth/password-reset', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ok: true });
    await t.app.services.mailer.idle();
    expect(smtp.received).toHaveLength(0);
    expect(await t.db.select().from(emailTokens)).toHaveLength(0);
  });

  it('refuses a malformed email with a clear 400', async () => {
    const response = await t.visitor().post('/api/auth/password-reset', { email: 'not an email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/valid email/);
  });

  it('sends at most five links an hour to one address, still answering 202', async () => {
    const member = await t.member();
    const email = member.user?.email ?? '';
    for (let i = 0; i < 7; i++) {
      expect((await t.visitor().post('/api/auth/password-reset', { email })).statusCode).toBe(202);
    }
    await t.app.services.mailer.idle();
    expect(smtp.to(email)).toHaveLength(5);
  });

  it('sends nothing for the shared demo account', async () => {
    await seedDemo(t.db, () => undefined);
    const response = await t.visitor().post('/api/auth/password-reset', { email: DEMO_MEMBER_EMAIL });
    expect(response.statusCode).toBe(202);
    await t.app.services.mailer.idle();
    expect(smtp.to(DEMO_MEMBER_EMAIL)).toHaveLength(0);
  });
});

describe('choosing a new password with the link', () => {
  it('sets the password, ends every session, and works only once', async () => {
    const member = await t.member({ password: 'secret-password' });
    const email = member.user?.email ?? '';
    const other = t.visitor();
    expect((await other.post('/api/auth/login', { email, password: 'secret-password' })).statusCode).toBe(
      200,
    );
    const { token } = await resetTokenFor(email);

    const confirm = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token, password: 'a-brand-new-passphrase' });
    expect(confirm.statusCode).toBe(200);
    expect((await member.get('/api/auth/user')).statusCode).toBe(401);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    const login = await t.visitor().post('/api/auth/login', { email, password: 'a-brand-new-passphrase' });
    expect(login.statusCode).toBe(200);
    expect(
      (await t.visitor().post('/api/auth/login', { email, password: 'secret-password' })).statusCode,
    ).toBe(401);

    const again = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token, password: 'yet-another-passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('applies the password policy and keeps the link usable after a refused password', async () => {
    const member = await t.member();
    const { token } = await resetTokenFor(member.user?.email ?? '');
    const weak = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token, password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/too common/);
    const good = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token, password: 'a-brand-new-passphrase' });
    expect(good.statusCode).toBe(200);
  });

  it('refuses an expired link, an unknown one and an earlier one replaced by a newer link', async () => {
    const member = await t.member();
    const email = member.user?.email ?? '';
    const { token: first } = await resetTokenFor(email);
    const { token: second } = await resetTokenFor(email);
    const replaced = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token: first, password: 'a-brand-new-passphrase' });
    expect(replaced.statusCode).toBe(400);

    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(second)));
    const expired = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token: second, password: 'a-brand-new-passphrase' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/invalid or has expired/);

    const unknown = await t.visitor().post('/api/auth/password-reset/confirm', {
      token: 'A'.repeat(43),
      password: 'a-brand-new-passphrase',
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token: 'x\u0000y', password: 'a-brand-new-passphrase' });
    expect(malformed.statusCode).toBe(400);
  });

  it('of two uses at once, exactly one succeeds', async () => {
    const member = await t.member();
    const { token } = await resetTokenFor(member.user?.email ?? '');
    const answers = await Promise.all(
      ['first-new-passphrase', 'second-new-passphrase'].map((password) =>
        t.visitor().post('/api/auth/password-reset/confirm', { token, password }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('marks the email verified', async () => {
    const member = await t.member({ verified: false });
    const { token } = await resetTokenFor(member.user?.email ?? '');
    await t.visitor().post('/api/auth/password-reset/confirm', { token, password: 'a-brand-new-passphrase' });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, member.user?.id ?? ''));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });
});

describe('links pending when the password changes', () => {
  it('a password change ends a pending reset link', async () => {
    const member = await t.member({ password: 'secret-password' });
    const email = member.user?.email ?? '';
    const { token } = await resetTokenFor(email);
    const change = await member.post('/api/auth/password', {
      currentPassword: 'secret-password',
      newPassword: 'a-brand-new-passphrase',
    });
    expect(change.statusCode).toBe(200);
    const confirm = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token, password: 'someone-elses-passphrase' });
    expect(confirm.statusCode).toBe(400);
    const login = await t.visitor().post('/api/auth/login', { email, password: 'a-brand-new-passphrase' });
    expect(login.statusCode).toBe(200);
  });

  /** Whoever knew the old password asks to move the account to their address; answers the link. */
  async function pendingMove(member: Awaited<ReturnType<typeof t.member>>) {
    const asked = await member.post('/api/auth/email-change', {
      newEmail: 'thief@example.net',
      password: 'secret-password',
    });
    expect(asked.statusCode).toBe(202);
    await t.app.services.mailer.idle();
    const token = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(
      smtp.to('thief@example.net')[0]?.text ?? '',
    )?.[1];
    expect(token).toBeTruthy();
    return token ?? '';
  }

  it('a password change ends a pending email change', async () => {
    const member = await t.member({ password: 'secret-password' });
    const token = await pendingMove(member);
    const change = await member.post('/api/auth/password', {
      currentPassword: 'secret-password',
      newPassword: 'a-brand-new-passphrase',
    });
    expect(change.statusCode).toBe(200);
    expect((await t.visitor().post('/api/auth/email-change/confirm', { token })).statusCode).toBe(400);
    expect((await member.get('/api/auth/user')).json().email).toBe(member.user?.email);
  });

  it('a password reset ends a pending email change', async () => {
    const member = await t.member({ password: 'secret-password' });
    const email = member.user?.email ?? '';
    const token = await pendingMove(member);
    const { token: resetToken } = await resetTokenFor(email);
    const reset = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token: resetToken, password: 'a-brand-new-passphrase' });
    expect(reset.statusCode).toBe(200);
    expect((await t.visitor().post('/api/auth/email-change/confirm', { token })).statusCode).toBe(400);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, member.user?.id ?? ''));
    expect(row?.email).toBe(email);
  });
});

describe('a send failure', () => {
  it('never fails the request: nothing goes to the outbox, and the email stays queued for a retry', async () => {
    const failing = await startSmtpServer({ reject: true });
    try {
      const { createMailer } = await import('../../lib/mail');
      const lines: unknown[] = [];
      const mailer = createMailer({
        config: { ...testConfig.mail, smtpUrl: failing.url },
        db: t.db,
        log: {
          info: (...args: unknown[]) => lines.push(args),
          warn: (...args: unknown[]) => lines.push(args),
          error: (...args: unknown[]) => lines.push(args),
        } as never,
      });
      await transact({ db: t.db, events: t.app.services.events, mailer }, async (_tx, effects) => {
        effects.mail({
          kind: 'test',
          to: 'someone@example.com',
          subject: 'Hi',
          text: 'secret text',
          html: '<p>x</p>',
        });
      });
      await mailer.idle();
      await mailer.close();
      expect(lines).toHaveLength(1);
      expect(JSON.stringify(lines)).toContain('mail could not be sent');
      expect(JSON.stringify(lines)).not.toContain('someone@example.com');
      expect(JSON.stringify(lines)).not.toContain('secret text');
      expect(await t.db.select().from(outbox)).toHaveLength(0);
      expect(await t.db.select().from(mailQueue)).toMatchObject([
        { to: 'someone@example.com', attempts: 1, lastError: '550', claimedUntil: null },
      ]);
    } finally {
      await failing.close();
    }
  });
});
