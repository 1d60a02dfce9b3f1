import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, users } from '../../db/schema';
import { buildTrade } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';

const PRIVATE_KEYS = ['email', 'lastName', 'preferredCategories', 'preferredSizes', 'passwordHash', 'role'];

describe('GET /api/users/:userId/profile', () => {
  it('shows a member with a trading record to a visitor, another member and the member', async () => {
    const { owner, requester, trade } = await buildTrade(t, {
      status: 'completed',
      owner: { firstName: 'Nina' },
      requester: { firstName: 'Omar' },
    });
    const ownerId = owner.user?.id ?? '';
    await t.db
      .update(users)
      .set({ lastName: 'Kowalski', bio: 'Knitwear fan', location: 'Leeds' })
      .where(eq(users.id, ownerId));
    await t.db.insert(reviews).values({
      tradeRequestId: trade.id,
      reviewerId: requester.user?.id ?? '',
      revieweeId: ownerId,
      rating: 4,
      communicationRating: 4,
      itemConditionAccurate: true,
      publishedAt: new Date(),
    });

    for (const client of [t.visitor(), requester, owner]) {
      const response = await client.get(`/api/users/${ownerId}/profile`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: ownerId,
        displayName: 'Nina K.',
        firstName: 'Nina',
        bio: 'Knitwear fan',
        location: 'Leeds',
        completedSwaps: 1,
        averageRating: 4,
        reviewCount: 1,
        isNew: false,
        awayUntil: null,
      });
      expect(Date.parse(body.memberSince)).not.toBeNaN();
      for (const key of PRIVATE_KEYS) expect(body).not.toHaveProperty(key);
      expect(JSON.stringify(body)).not.toContain('Kowalski');
      expect(JSON.stringify(body)).not.toContain('@');
    }
  });

  it('calls a member without trades or reviews new', async () => {
    const member = await t.member({ firstName: 'Lena' });
    const body = (await t.visitor().get(`/api/users/${member.user?.id}/profile`)).json();
    expect(body).toMatchObject({
      displayName: 'Lena M.',
      completedSwaps: 0,
      averageRating: null,
      reviewCount: 0,
      isNew: true,
    });
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    const visitor = t.visitor();
    const missing = await visitor.get(`/api/users/${unknown}/profile`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Member not found');
    const malformed = await visitor.get(`/api/users/not-a-uuid/profile`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Invalid member id');
  });
});
