import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

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
});
