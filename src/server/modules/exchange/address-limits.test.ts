import { describe, expect, it } from 'vitest';
import { buildTrade } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { parisAddress } from './address-fixtures';

const t = useTestApp({
  memberRateLimits: {
    profileChange: { points: 2, windowSeconds: 3600 },
    packingSlip: { points: 2, windowSeconds: 3600 },
  },
});

describe('address and packing slip rate limits', () => {
  it('refuses a third address write within the hour with 429', async () => {
    const member = await t.member();
    expect((await member.put('/api/users/address', parisAddress)).statusCode).toBe(200);
    expect((await member.delete('/api/users/address')).statusCode).toBe(200);
    const refused = await member.put('/api/users/address', parisAddress);
    expect(refused.statusCode).toBe(429);
    expect((await member.get('/api/users/address')).json()).toEqual({ address: null });
  });

  it('refuses a third packing slip within the hour with 429', async () => {
    const { owner, requester, trade } = await buildTrade(t, { status: 'accepted' });
    await requester.put('/api/users/address', parisAddress);
    for (let i = 0; i < 2; i += 1) {
      expect((await owner.get(`/api/trade-requests/${trade.id}/packing-slip`)).statusCode).toBe(200);
    }
    expect((await owner.get(`/api/trade-requests/${trade.id}/packing-slip`)).statusCode).toBe(429);
  });
});
