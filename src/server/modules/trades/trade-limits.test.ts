import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

const limited = useTestApp({
  memberRateLimits: {
    tradeCancel: { points: 1, windowSeconds: 3600 },
    dispute: { points: 1, windowSeconds: 3600 },
  },
});

describe('per-member limits on cancels and disputes', () => {
  it('answers 429 with Retry-After past the cancel budget', async () => {
    const member = await limited.member();
    const first = await member.patch('/api/trade-requests/00000000-0000-4000-8000-000000000000', {
      status: 'cancelled',
    });
    expect(first.statusCode).toBe(404);
    const second = await member.patch('/api/trade-requests/00000000-0000-4000-8000-000000000000', {
      status: 'cancelled',
    });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 with Retry-After past the dispute budget', async () => {
    const member = await limited.member();
    const url = '/api/trade-requests/00000000-0000-4000-8000-000000000000/dispute';
    expect((await member.post(url, { reason: 'other', text: 'x' })).statusCode).toBe(404);
    const second = await member.post(url, { reason: 'other', text: 'x' });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});
