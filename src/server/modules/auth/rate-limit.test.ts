import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const t = useTestApp({ authRateLimits: { perIp: 8, perEmail: 3, windowSeconds: 60 } });

describe('login and register rate limits', () => {
  it('limits attempts per email with 429 and a clear message', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'victim@example.com', password: 'guess-1234' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt('10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it('limits attempts per IP across emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone-${i}@example.com`, password: 'guess-1234' },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it.skipIf(testDriver !== 'postgres')(
    'counts across instances on PostgreSQL: a second app draws on the same budget',
    async () => {
      const second = await buildApp({
        config: testConfig,
        database: t.database,
        logger: false,
        clientDir: null,
        authRateLimits: { perIp: 8, perEmail: 3, windowSeconds: 60 },
      });
      try {
        const attempt = (app: typeof second, ip: string) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'shared@example.com', password: 'guess-1234' },
            remoteAddress: ip,
          });
        expect((await attempt(t.app, '10.2.0.1')).statusCode).toBe(401);
        expect((await attempt(second, '10.2.0.2')).statusCode).toBe(401);
        expect((await attempt(t.app, '10.2.0.3')).statusCode).toBe(401);
        expect((await attempt(second, '10.2.0.4')).statusCode).toBe(429);
      } finally {
        await second.close();
      }
    },
  );
});
