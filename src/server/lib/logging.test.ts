import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app';
import { queryRows } from '../db/connect';
import { outbox } from '../db/schema';
import { redactUrl } from './logging';
import { SESSION_COOKIE } from './session';
import { testConfig } from '../test-support/test-app';
import { openTestDatabase } from '../test-support/test-database';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let app: AppInstance;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const SECRET_PARAM = 'query-parameter-secret-4711';

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig,
    database,
    logger: { level: 'debug', stream },
    clientDir: null,
  });
  // A query that fails with a member's value among its parameters, as a bug in any route would.
  app.get('/api/test/failing-query', { config: { auth: 'public' } }, async () => {
    await app.db.execute(sql`select ${SECRET_PARAM}::uuid`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function cookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
}

describe('the logs', () => {
  it('hold no password, hash, token, cookie, email, chat text or query parameter', async () => {
    const email = 'log-secret-member@example.com';
    const password = 'Log-secret-password-8812';
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Lia', email, password },
    });
    expect(register.statusCode).toBe(201);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const token = cookieOf(login);
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, authorization: `Bearer ${token}` };
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Ola', email: 'log-secret-other@example.com', password },
    });
    const conversation = await app.inject({
      method: 'POST',
      url: '/api/conversations/find-or-create',
      payload: { otherUserId: other.json().id },
      headers,
    });
    const chatText = 'chat-text-secret-meet-at-the-station';
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { conversationId: conversation.json().id, content: chatText },
      headers,
    });
    expect(sent.statusCode).toBe(201);
    const failed = await app.inject({ method: 'GET', url: '/api/test/failing-query', headers });
    expect(failed.statusCode).toBe(500);

    const [row] = await queryRows<{ password_hash: string }>(
      database.db,
      sql`select password_hash from users where email = ${email}`,
    );
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('Failed query');
    for (const secret of [password, email, token, chatText, SECRET_PARAM, row?.password_hash ?? 'hash']) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('request addresses in the logs', () => {
  it('keep no token, code or search words of a link: only the values of harmless keys', async () => {
    lines.length = 0;
    // A real reset link, as the email carries it: its token must not reach any log line.
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Rio', email: 'log-reset@example.com', password: 'Log-secret-password-8812' },
    });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'log-reset@example.com' },
    });
    expect(reset.statusCode).toBe(202);
    await app.services.mailer.idle();
    const mails = await app.db.select().from(outbox);
    const resetLink = /reset-password\?token=([A-Za-z0-9_-]+)/;
    const resetToken = mails.map((mail) => resetLink.exec(mail.text)?.[1]).find(Boolean) ?? '';
    expect(resetToken).not.toBe('');
    const secrets = [
      resetToken,
      'verify-token-secret-5521',
      'email-change-secret-9932',
      'unsubscribe-secret-1184',
      'oidc-code-secret-4410',
      'oidc-state-secret-7265',
      'search-words-secret',
      'unknown-value-secret',
      'bare-key-secret-0042',
    ];
    for (const url of [
      `/reset-password?token=${resetToken}`,
      '/verify-email?token=verify-token-secret-5521',
      '/confirm-email?token=email-change-secret-9932',
      '/api/notifications/unsubscribe?token=unsubscribe-secret-1184',
      '/api/auth/oidc/callback?code=oidc-code-secret-4410&state=oidc-state-secret-7265',
      '/api/items?search=search-words-secret&category=shoes&limit=10',
      '/browse?whatever=unknown-value-secret&bare-key-secret-0042',
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/reset-password?token=[redacted]"');
    expect(log).toContain('"url":"/api/notifications/unsubscribe?token=[redacted]"');
    expect(log).toContain('"url":"/api/auth/oidc/callback?code=[redacted]&state=[redacted]"');
    expect(log).toContain('"url":"/api/items?search=[redacted]&category=shoes&limit=10"');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });

  it('redacts a key that could be a secret itself, and keeps an address without a query as it is', () => {
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/x?abc%20def%3D=1&limit=5&sortBy=newest')).toBe('/x?[redacted]&limit=5&sortBy=newest');
    expect(redactUrl('/x?token=a=b&token=c')).toBe('/x?token=[redacted]&token=[redacted]');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?[redacted]');
  });
});
