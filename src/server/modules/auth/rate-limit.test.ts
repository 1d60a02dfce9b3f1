import { describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../../app';
import type { AuthRateLimits } from '../../lib/rate-limit';
import { testConfig, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const limits: AuthRateLimits = {
  perIp: 8,
  freeFailuresPerPair: 3,
  perAccount: 6,
  demoPerIp: 2,
  windowSeconds: 60,
};
const t = useTestApp({ authRateLimits: limits });

function login(
  app: AppInstance,
  ip: string,
  email: string,
  password = 'guess-1234',
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers,
  });
}

function expectRetryAfter(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((response.json() as { code: string }).code).toMatch(/^auth\.too_many_attempts_(seconds|minutes)$/);
  expect((response.json() as { message: string }).message).toMatch(
    /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
  );
}

describe('the per-IP budget', () => {
  it('limits attempts per IP across accounts, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await login(t.app, '10.1.1.1', `someone-${i}@example.com`)).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expectRetryAfter(await login(t.app, '10.1.1.1', 'someone-else@example.com'));
  });

  it('is not reset by a forged X-Forwarded-For without TRUST_PROXY', async () => {
    for (let i = 0; i < 8; i++) await login(t.app, '10.1.1.2', `forger-${i}@example.com`);
    const forged = await login(t.app, '10.1.1.2', 'forger@example.com', 'guess-1234', {
      'x-forwarded-for': '203.0.113.99',
    });
    expectRetryAfter(forged);
  });

  it('follows X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    const behindProxy = await buildApp({
      config: { ...testConfig, trustProxy: ['10.9.9.9'] },
      database: t.database,
      logger: false,
      clientDir: null,
      authRateLimits: limits,
    });
    try {
      for (let i = 0; i < 8; i++) {
        await login(behindProxy, '10.9.9.9', `proxied-${i}@example.com`, 'guess-1234', {
          'x-forwarded-for': '198.51.100.1',
        });
      }
      const another = await login(behindProxy, '10.9.9.9', 'proxied@example.com', 'guess-1234', {
        'x-forwarded-for': '198.51.100.2',
      });
      expect(another.statusCode).toBe(401);
      // An address that is not the named proxy cannot claim to forward for anyone.
      for (let i = 0; i < 8; i++) {
        await login(behindProxy, '10.9.9.8', `direct-${i}@example.com`, 'guess-1234', {
          'x-forwarded-for': `198.51.100.${10 + i}`,
        });
      }
      expectRetryAfter(
        await login(behindProxy, '10.9.9.8', 'direct@example.com', 'guess-1234', {
          'x-forwarded-for': '198.51.100.99',
        }),
      );
    } finally {
      await behindProxy.close();
    }
  });
});

describe('failed passwords per account and IP', () => {
  it('never locks the owner out: a stranger’s ten wrong passwords stop only the stranger', async () => {
    const owner = await t.member({ password: 'secret-password' });
    const email = owner.user?.email ?? '';
    const strangerStatuses: number[] = [];
    for (let i = 0; i < 10; i++) strangerStatuses.push((await login(t.app, '10.3.0.66', email)).statusCode);
    expect(strangerStatuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(strangerStatuses.at(-1)).toBe(429);
    expectRetryAfter(await login(t.app, '10.3.0.66', email));

    const ownerIp = '10.3.0.1';
    expect((await login(t.app, ownerIp, email, 'secret-password')).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: 'secret-password', newPassword: 'another-secret-password' },
      remoteAddress: ownerIp,
      cookies: { ts_session: owner.cookie ?? '' },
    });
    expect(change.statusCode).toBe(200);
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'another-secret-password' },
      remoteAddress: ownerIp,
      cookies: { ts_session: owner.cookie ?? '' },
    });
    expect(deletion.statusCode).toBe(200);
  });

  it('makes each failure past the free ones wait longer than the one before', async () => {
    const email = 'growing@example.com';
    for (let i = 0; i < 4; i++) expect((await login(t.app, '10.4.0.1', email)).statusCode).toBe(401);
    const first = await login(t.app, '10.4.0.1', email);
    expectRetryAfter(first);
    expect(first.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(t.app, '10.4.0.1', email)).statusCode).toBe(401);
    const second = await login(t.app, '10.4.0.1', email);
    expectRetryAfter(second);
    expect(second.headers['retry-after']).toBe('2');
  });

  it('caps failures per account from many IPs, with Retry-After', async () => {
    const email = 'distributed@example.com';
    for (let i = 0; i < 6; i++) expect((await login(t.app, `10.5.0.${i}`, email)).statusCode).toBe(401);
    expectRetryAfter(await login(t.app, '10.5.1.1', email));
  });

  it('counts a wrong current password on password change and account deletion', async () => {
    const member = await t.member({ password: 'secret-password' });
    const cookies = { ts_session: member.cookie ?? '' };
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: `wrong-${i}`, newPassword: 'another-secret-password' },
        remoteAddress: '10.6.0.1',
        cookies,
      });
      expect(response.statusCode).toBe(400);
    }
    expectRetryAfter(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/account',
        payload: { password: 'wrong' },
        remoteAddress: '10.6.0.1',
        cookies,
      }),
    );
  });
});

describe('Dev Login', () => {
  it('is rate limited per IP, with Retry-After', async () => {
    const demo = () =>
      t.app.inject({ method: 'POST', url: '/api/demo-login-user', payload: {}, remoteAddress: '10.7.0.1' });
    expect((await demo()).statusCode).not.toBe(429);
    expect((await demo()).statusCode).not.toBe(429);
    expectRetryAfter(await demo());
  });
});

describe.skipIf(testDriver !== 'postgres')('on PostgreSQL', () => {
  it('shares the budgets between instances', async () => {
    const second = await buildApp({
      config: testConfig,
      database: t.database,
      logger: false,
      clientDir: null,
      authRateLimits: limits,
    });
    try {
      const email = 'shared@example.com';
      expect((await login(t.app, '10.2.0.1', email)).statusCode).toBe(401);
      expect((await login(second, '10.2.0.1', email)).statusCode).toBe(401);
      expect((await login(t.app, '10.2.0.1', email)).statusCode).toBe(401);
      expect((await login(second, '10.2.0.1', email)).statusCode).toBe(401);
      expectRetryAfter(await login(t.app, '10.2.0.1', email));
      expectRetryAfter(await login(second, '10.2.0.1', email));
    } finally {
      await second.close();
    }
  });
});
