import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp({
  memberRateLimits: {
    swapRuleWrite: { points: 3, windowSeconds: 3600 },
    swapRuleCount: { points: 2, windowSeconds: 3600 },
  },
});

describe('swap rule budgets', () => {
  it('answers 429 with Retry-After past a member’s budget of writes, and others keep theirs', async () => {
    const member = await t.member();
    const rule = (await member.post('/api/swap-rules', {})).json();
    expect((await member.patch(`/api/swap-rules/${rule.id}`, { category: 'shoes' })).statusCode).toBe(200);
    expect((await member.delete(`/api/swap-rules/${rule.id}`)).statusCode).toBe(204);
    const over = await member.post('/api/swap-rules', {});
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await member.get('/api/swap-rules')).json().rules).toEqual([]);
    expect((await (await t.member()).post('/api/swap-rules', {})).statusCode).toBe(201);
  });

  it('limits live match counts apart from writes', async () => {
    const member = await t.member();
    expect((await member.post('/api/swap-rules/match-count', {})).statusCode).toBe(200);
    expect((await member.post('/api/swap-rules/match-count', {})).statusCode).toBe(200);
    expect((await member.post('/api/swap-rules/match-count', {})).statusCode).toBe(429);
    expect((await member.post('/api/swap-rules', {})).statusCode).toBe(201);
  });
});
