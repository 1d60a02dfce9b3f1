import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { seedDemo } from '../../db/seed';
import { outbox, users } from '../../db/schema';
import { createMailer } from '../../lib/mail';
import { transact } from '../../lib/unit-of-work';
import { testConfig, useTestApp } from '../../test-support/test-app';

// No SMTP_URL: mail goes to the outbox table, readable at /dev/outbox in demo mode.
const t = useTestApp();

async function outboxTo(address: string) {
  await t.app.services.mailer.idle();
  return t.db.select().from(outbox).where(eq(outbox.to, address));
}

const tokenIn = (text: string | undefined, path: string) =>
  new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '')?.[1] ?? '';

describe('the outbox (no SMTP_URL)', () => {
  it('keeps each email with its text and HTML parts, and logs one line without its content', async () => {
    const lines: unknown[] = [];
    const log = {
      info: (...args: unknown[]) => lines.push(args),
      warn: (...args: unknown[]) => lines.push(args),
      error: (...args: unknown[]) => lines.push(args),
    };
    const mailer = createMailer({ config: testConfig.mail, db: t.db, log: log as never });
    await transact({ db: t.db, events: t.app.services.events, mailer }, async (_tx, effects) => {
      effects.mail({
        kind: 'test',
        to: 'reader@example.com',
        subject: 'Private subject',
        text: 'private text',
        html: '<p>private html</p>',
        headers: { 'X-Test': 'yes' },
      });
    });
    await mailer.close();
    const [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({
      to: 'reader@example.com',
      subject: 'Private subject',
      text: 'private text',
      html: '<p>private html</p>',
      headers: { 'X-Test': 'yes' },
    });
    expect(lines).toHaveLength(1);
    const line = JSON.stringify(lines);
    expect(line).toContain('outbox');
    for (const secret of ['reader@example.com', 'Private subject', 'private text'])
      expect(line).not.toContain(secret);
  });

  it('is readable at /dev/outbox in demo mode, its links clickable and its text escaped', async () => {
    const register = await t.visitor().post('/api/auth/register', {
      firstName: '<b>Zoe</b>',
      email: 'zoe@example.com',
      password: 'a-long-enough-passphrase',
    });
    expect(register.statusCode).toBe(201);
    await t.app.services.mailer.idle();
    const page = await t.visitor().get('/dev/outbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Confirm your email for Threadswap');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:5000\/verify-email\?token=[A-Za-z0-9_-]+">/);
    expect(page.body).toContain('Hi &lt;b&gt;Zoe&lt;/b&gt;,');
    expect(page.body).not.toContain('<b>Zoe</b>');
  });

  it('does not exist when demo mode is off', async () => {
    const app = await buildApp({
      config: { ...testConfig, demo: false },
      database: t.database,
      logger: false,
      clientDir: null,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('changing the email', () => {
  it('sends a link to the new address and a notice to the old one; the link applies the change once', async () => {
    const member = await t.member({ password: 'secret-password', firstName: 'Ines' });
    const oldEmail = member.user?.email ?? '';
    const response = await member.post('/api/auth/email-change', {
      newEmail: 'Ines.New@Example.com',
      password: 'secret-password',
    });
    expect(response.statusCode).toBe(202);
    const [confirmation] = await outboxTo('ines.new@example.com');
    expect(confirmation?.subject).toBe('Confirm your new email for Threadswap');
    const [notice] = await outboxTo(oldEmail);
    expect(notice?.subject).toBe('Your Threadswap email is about to change');
    expect(notice?.text).toContain('ines.new@example.com');
    expect(notice?.text).not.toContain('token=');
    // Nothing changed yet.
    expect((await member.get('/api/auth/user')).json().email).toBe(oldEmail);

    const token = tokenIn(confirmation?.text, '/confirm-email');
    // Opened in the browser the member is signed in with: that session stays.
    expect((await member.post('/api/auth/email-change/confirm', { token })).statusCode).toBe(200);
    const me = (await member.get('/api/auth/user')).json();
    expect(me.email).toBe('ines.new@example.com');
    expect(me.emailVerified).toBe(true);
    const login = await t
      .visitor()
      .post('/api/auth/login', { email: 'ines.new@example.com', password: 'secret-password' });
    expect(login.statusCode).toBe(200);
    expect((await t.visitor().post('/api/auth/email-change/confirm', { token })).statusCode).toBe(400);
  });

  it("ends the member's other sessions and every link sent to the old address", async () => {
    const member = await t.member({ password: 'secret-password', verified: false });
    const oldEmail = member.user?.email ?? '';
    const elsewhere = t.visitor();
    const login = await elsewhere.post('/api/auth/login', { email: oldEmail, password: 'secret-password' });
    expect(login.statusCode).toBe(200);
    expect((await member.post('/api/auth/verify-email/resend')).statusCode).toBe(202);
    expect((await t.visitor().post('/api/auth/password-reset', { email: oldEmail })).statusCode).toBe(202);
    const oldMail = await outboxTo(oldEmail);
    const verifyToken = tokenIn(
      oldMail.find((mail) => mail.text.includes('/verify-email'))?.text,
      '/verify-email',
    );
    const resetToken = tokenIn(
      oldMail.find((mail) => mail.text.includes('/reset-password'))?.text,
      '/reset-password',
    );
    expect(verifyToken && resetToken).toBeTruthy();

    await member.post('/api/auth/email-change', {
      newEmail: 'moved@example.com',
      password: 'secret-password',
    });
    const [confirmation] = await outboxTo('moved@example.com');
    const token = tokenIn(confirmation?.text, '/confirm-email');
    expect((await member.post('/api/auth/email-change/confirm', { token })).statusCode).toBe(200);

    expect((await member.get('/api/auth/user')).json().email).toBe('moved@example.com');
    expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
    const reset = await t
      .visitor()
      .post('/api/auth/password-reset/confirm', { token: resetToken, password: 'a-brand-new-passphrase' });
    expect(reset.statusCode).toBe(400);
    expect((await t.visitor().post('/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(400);
  });

  it('ends every session of the member when the link is opened where they are not signed in', async () => {
    const member = await t.member({ password: 'secret-password' });
    await member.post('/api/auth/email-change', {
      newEmail: 'moved@example.com',
      password: 'secret-password',
    });
    const [confirmation] = await outboxTo('moved@example.com');
    const token = tokenIn(confirmation?.text, '/confirm-email');
    expect((await t.visitor().post('/api/auth/email-change/confirm', { token })).statusCode).toBe(200);
    expect((await member.get('/api/auth/user')).statusCode).toBe(401);
    const login = await t
      .visitor()
      .post('/api/auth/login', { email: 'moved@example.com', password: 'secret-password' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong password, the same address, and an address another account has', async () => {
    const member = await t.member({ password: 'secret-password' });
    const other = await t.member();
    const wrong = await member.post('/api/auth/email-change', {
      newEmail: 'fresh@example.com',
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your password is incorrect');
    const same = await member.post('/api/auth/email-change', {
      newEmail: member.user?.email,
      password: 'secret-password',
    });
    expect(same.statusCode).toBe(400);
    const taken = await member.post('/api/auth/email-change', {
      newEmail: other.user?.email,
      password: 'secret-password',
    });
    expect(taken.statusCode).toBe(409);
    const bad = await member.post('/api/auth/email-change', {
      newEmail: 'nope',
      password: 'secret-password',
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(outbox)).toHaveLength(0);
  });

  it('refuses the link when another account took the address in the meantime', async () => {
    const member = await t.member({ password: 'secret-password' });
    await member.post('/api/auth/email-change', {
      newEmail: 'wanted@example.com',
      password: 'secret-password',
    });
    const [confirmation] = await outboxTo('wanted@example.com');
    await t.member({ email: 'wanted@example.com' });
    const response = await t
      .visitor()
      .post('/api/auth/email-change/confirm', { token: tokenIn(confirmation?.text, '/confirm-email') });
    expect(response.statusCode).toBe(409);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, member.user?.id ?? ''));
    expect(row?.email).toBe(member.user?.email);
  });

  it('is refused for the shared demo account', async () => {
    await seedDemo(t.db, () => undefined);
    const demo = t.visitor();
    expect((await demo.post('/api/demo-login-user', {})).statusCode).toBe(200);
    const response = await demo.post('/api/auth/email-change', {
      newEmail: 'thief@example.com',
      password: 'threadswap',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/^The demo account is shared/);
  });
});
