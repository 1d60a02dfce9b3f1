import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { hashToken } from '../../lib/session';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'analytical-engine-1843',
};

describe('POST /api/auth/register', () => {
  it('creates the member, signs them in and never returns the password hash', async () => {
    const client = t.visitor();
    const response = await client.post('/api/auth/register', registration);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      bio: null,
      // A new member gets the welcome flow once (docs/product.md, Onboarding).
      onboardingPending: true,
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        'bio',
        'createdAt',
        'email',
        'firstName',
        'holidayUntil',
        'id',
        'lastName',
        'locale',
        'location',
        'onboardingPending',
        'preferredCategories',
        'preferredSizes',
        'profileImageUrl',
        'townId',
      ].sort(),
    );
    expect(response.body).not.toMatch(/argon2|password/i);
    const status = await client.get('/api/auth/status');
    expect(status.json()).toMatchObject({ authenticated: true, user: { id: user.id } });
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await t.visitor().post('/api/auth/register', registration);
    const cookie = response.cookies.find((c) => c.name === 'ts_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const header = String(response.headers['set-cookie']);
    expect(header).toContain('HttpOnly');
    expect(header).not.toContain('Secure');
  });

  it('stores only a hash of the session token', async () => {
    const client = t.visitor();
    await client.post('/api/auth/register', registration);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(client.cookie ?? ''));
    expect(rows[0]?.tokenHash).not.toBe(client.cookie);
  });

  it('makes lastName optional', async () => {
    const response = await t.visitor().post('/api/auth/register', { ...registration, lastName: undefined });
    expect(response.statusCode).toBe(201);
    expect(response.json().lastName).toBeNull();
  });

  it.each([
    [{ ...registration, firstName: '' }, 'First name is required'],
    [{ ...registration, firstName: '   ' }, 'First name is required'],
    [{ ...registration, firstName: undefined }, 'First name is required'],
    [{ ...registration, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...registration, email: '' }, 'Email is required'],
    [{ ...registration, password: '1234567' }, 'Password must be at least 8 characters long'],
    [{ ...registration, password: undefined }, 'Password is required'],
    [{ ...registration, firstName: 42 }, 'First name is required'],
    [{ ...registration, password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('refuses %j with 400 and a clear message', async (body, message) => {
    const response = await t.visitor().post('/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('refuses a duplicate email, ignoring case, with 409', async () => {
    await t.visitor().post('/api/auth/register', registration);
    const response = await t
      .visitor()
      .post('/api/auth/register', { ...registration, email: 'ADA@example.COM' });
    expect(response.statusCode).toBe(409);
    // Named by its field, so that the form shows it under the email.
    expect(response.json()).toEqual({
      code: 'auth.email_taken',
      message: 'An account with this email already exists',
      issues: [
        { path: ['email'], code: 'auth.email_taken', message: 'An account with this email already exists' },
      ],
    });
  });

  it.each([
    [{ ...registration, firstName: '' }, 'firstName'],
    [{ ...registration, email: 'not-an-email' }, 'email'],
    [{ ...registration, password: '1234567' }, 'password'],
    // A common password passes the contract's length check and is refused by the password rule.
    [{ ...registration, password: 'password123' }, 'password'],
  ])('names the field of each refusal of %j', async (body, field) => {
    const response = await t.visitor().post('/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues?.[0]?.path).toEqual([field]);
  });

  it.each([
    ['malformed JSON', '{"firstName": ', 'Request body is not valid JSON'],
    ['an empty JSON body', '', 'Request body must not be empty when the content type is JSON'],
    ['a JSON array', '[]', 'Request body must be a JSON object'],
    ['JSON null', 'null', 'Request body must be a JSON object'],
  ])('answers %s with 400', async (_label, payload, message) => {
    const response = await t.visitor().request({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers a missing body with 400', async () => {
    const response = await t.visitor().post('/api/auth/register');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Request body must be a JSON object');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.visitor().request({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'firstName=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Unsupported content type');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, ignoring the email case', async () => {
    await t.visitor().post('/api/auth/register', registration);
    const client = t.visitor();
    const response = await client.post('/api/auth/login', {
      email: 'ADA@EXAMPLE.COM',
      password: 'analytical-engine-1843',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('ada@example.com');
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await t.visitor().post('/api/auth/register', registration);
    const wrong = await t
      .visitor()
      .post('/api/auth/login', { email: registration.email, password: 'wrong-one' });
    const unknown = await t
      .visitor()
      .post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-one' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe('{"code":"auth.invalid_credentials","message":"Invalid email or password"}');
      expect(response.cookies).toHaveLength(0);
    }
  });

  it.each([
    [{ email: '', password: 'x' }, 400],
    [{ email: 'ada@example.com', password: '' }, 400],
    [{ email: 'ada@example.com' }, 400],
    [{}, 400],
  ])('refuses %j with a 4xx', async (body, status) => {
    const response = await t.visitor().post('/api/auth/login', body);
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
  });

  it('rotates the session token on login and ends the previous one', async () => {
    const client = t.visitor();
    await client.post('/api/auth/register', registration);
    const before = client.cookie;
    await client.post('/api/auth/login', { email: registration.email, password: registration.password });
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(before);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { ts_session: before ?? '' },
    });
    expect(stale.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('ends the session on logout: the old token is dead', async () => {
    const client = await t.member();
    const token = client.cookie ?? '';
    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'ts_session');
    expect(cleared?.value).toBe('');
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { ts_session: token },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'auth.session_required', message: 'Unauthorized' });
  });

  it('ends a session past its absolute expiry', async () => {
    const client = await t.member();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('ends a session left idle too long', async () => {
    const client = await t.member();
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) });
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, client.user?.id ?? '')),
    ).toHaveLength(0);
  });

  it('reports a visitor as signed out', async () => {
    const status = await t.visitor().get('/api/auth/status');
    expect(status.json()).toEqual({
      authenticated: false,
      user: null,
      externalSignIn: null,
      demo: true,
    });
    const user = await t.visitor().get('/api/auth/user');
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ code: 'auth.session_required', message: 'Unauthorized' });
  });

  it('treats a forged cookie as signed out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { ts_session: 'forged' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('Dev Login', () => {
  it('signs in the seeded demo member', async () => {
    await seedDemo(t.db);
    const client = t.visitor();
    const response = await client.post('/api/demo-login-user', { userId: 'ignored' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Demo', lastName: 'Trader' });
    expect((await client.get('/api/auth/status')).json().authenticated).toBe(true);
  });

  it('works with an empty body too', async () => {
    await seedDemo(t.db);
    const response = await t.visitor().request({ method: 'POST', url: '/api/demo-login-user' });
    expect(response.statusCode).toBe(200);
  });
});

describe('full-page sign-in entry points', () => {
  it.each([
    ['/api/login', '/?auth=login'],
    ['/api/auth/external', '/?auth=register'],
    ['/api/auth/email', '/?auth=register'],
  ])('%s redirects to %s', async (url, location) => {
    const response = await t.visitor().get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });
});

describe('security baseline', () => {
  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const response = await t
      .visitor()
      .post('/api/auth/register', registration, { origin: 'https://evil.example', host: 'localhost:5000' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'request.cross_origin',
      message: 'Cross-origin request refused',
    });
    const attempt = await t
      .visitor()
      .post('/api/auth/login', { email: registration.email, password: 'analytical-engine-1843' });
    expect(attempt.statusCode).toBe(401);
  });

  it('accepts the same Origin', async () => {
    const response = await t
      .visitor()
      .post('/api/auth/register', registration, { origin: 'http://localhost:5000', host: 'localhost:5000' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses an unparsable Origin', async () => {
    const response = await t.visitor().post('/api/auth/logout', undefined, { origin: 'null' });
    expect(response.statusCode).toBe(403);
  });

  it('sets a Content-Security-Policy and the other helmet headers', async () => {
    const response = await t.visitor().get('/api/auth/status');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.visitor().get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'http.not_found', message: 'Not found' });
  });
});

describe('operations', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.visitor().get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.visitor().get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});
