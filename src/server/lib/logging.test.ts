import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app';
import { queryRows } from '../db/connect';
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
