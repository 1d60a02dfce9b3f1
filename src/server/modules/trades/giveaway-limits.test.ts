import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giveawayRequests } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

const limited = useTestApp({ memberRateLimits: { giveawayAsk: { points: 2, windowSeconds: 3600 } } });

describe('the per-member giveaway budget', () => {
  it('answers 429 with Retry-After past it, and the refused ask is not stored', async () => {
    const owner = await limited.member();
    const asker = await limited.member();
    const [a, b, c] = [
      await buildItem(limited, owner, { isGiveaway: true }),
      await buildItem(limited, owner, { isGiveaway: true }),
      await buildItem(limited, owner, { isGiveaway: true }),
    ];
    expect((await asker.post(`/api/items/${a.id}/giveaway-requests`, {})).statusCode).toBe(201);
    expect((await asker.post(`/api/items/${b.id}/giveaway-requests`, {})).statusCode).toBe(201);
    const third = await asker.post(`/api/items/${c.id}/giveaway-requests`, {});
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await limited.db.select().from(giveawayRequests).where(eq(giveawayRequests.itemId, c.id))).toEqual(
      [],
    );
    // Another member's budget is their own.
    const other = await limited.member();
    expect((await other.post(`/api/items/${c.id}/giveaway-requests`, {})).statusCode).toBe(201);
  });
});
