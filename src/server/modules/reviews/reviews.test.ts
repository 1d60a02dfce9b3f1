import { markTradeSent } from '../../test-support/builders';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, tradeRequests } from '../../db/schema';
import { buildTrade } from '../../test-support/builders';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

/** An accepted trade; the tests complete it through the API. */
const acceptedTrade = () =>
  buildTrade(t, { status: 'accepted', owner: { firstName: 'Olga' }, requester: { firstName: 'Rami' } });

const review = (client: TestClient, tradeRequestId: string, rating = 5, extra = {}) =>
  client.post('/api/reviews', {
    tradeRequestId,
    rating,
    communicationRating: 4,
    itemConditionAccurate: true,
    comment: 'Smooth swap!',
    ...extra,
  });

async function complete(owner: TestClient, requester: TestClient, id: string) {
  await markTradeSent(t, id);
  await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
  await markTradeSent(t, id);
  await requester.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
}

describe('reviews', () => {
  it('only parties of a completed trade may review, once each', async () => {
    const { owner, requester, trade } = await acceptedTrade();
    const outsider = await t.member();
    expect((await review(owner, trade.id)).statusCode).toBe(409);
    await complete(owner, requester, trade.id);
    expect((await review(t.visitor(), trade.id)).statusCode).toBe(401);
    expect((await review(outsider, trade.id)).statusCode).toBe(404);
    expect((await review(owner, trade.id)).statusCode).toBe(201);
    const twice = await review(owner, trade.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already reviewed this trade');
    const listed = (await owner.get('/api/trade-requests')).json();
    expect(listed[0].myReview).toEqual({ rating: 5 });
  });

  it('validates ratings and comments', async () => {
    const { owner, requester, trade } = await acceptedTrade();
    await complete(owner, requester, trade.id);
    expect((await review(owner, trade.id, 0)).json().message).toBe('rating must be a number from 1 to 5');
    expect((await review(owner, trade.id, 6)).statusCode).toBe(400);
    expect((await review(owner, trade.id, 4.5)).statusCode).toBe(400);
    expect((await review(owner, trade.id, 5, { communicationRating: 9 })).statusCode).toBe(400);
    expect((await review(owner, trade.id, 5, { itemConditionAccurate: 'yes' })).statusCode).toBe(400);
    expect((await review(owner, trade.id, 5, { comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await review(owner, trade.id, 5, { tradeRequestId: 'abc' })).statusCode).toBe(400);
  });

  it('keeps a review hidden until both parties have reviewed', async () => {
    const { owner, requester, trade } = await acceptedTrade();
    await complete(owner, requester, trade.id);
    await review(owner, trade.id, 4);
    const requesterId = requester.user?.id;
    expect((await t.visitor().get(`/api/reviews/user/${requesterId}`)).json()).toEqual([]);
    expect((await t.visitor().get(`/api/ratings/${requesterId}`)).json()).toMatchObject({
      averageRating: '0.0',
      totalReviews: 0,
    });
    await review(requester, trade.id, 5);
    const shown = (await t.visitor().get(`/api/reviews/user/${requesterId}`)).json();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      rating: 4,
      communicationRating: 4,
      itemConditionAccurate: true,
      tradeCompleted: true,
      comment: 'Smooth swap!',
      reviewer: { firstName: 'Olga' },
    });
    expect((await t.visitor().get(`/api/ratings/${requesterId}`)).json()).toEqual({
      averageRating: '4.0',
      totalReviews: 1,
      fiveStarCount: 0,
      fourStarCount: 1,
      threeStarCount: 0,
      twoStarCount: 0,
      oneStarCount: 0,
      partnerCount: 1,
    });
    expect((await t.visitor().get(`/api/items?rating=4`)).json()).toEqual([]);
  });

  it('tells the reviewed member whether their own review was already written', async () => {
    const { owner, requester, trade } = await acceptedTrade();
    await complete(owner, requester, trade.id);
    const reviewNotes = async (client: TestClient) =>
      ((await client.get('/api/notifications')).json() as Array<{ title: string; message: string }>)
        .filter((note) => note.title === 'New review')
        .map((note) => note.message);
    await review(owner, trade.id, 4);
    expect(await reviewNotes(requester)).toEqual([
      'Olga reviewed your trade. It becomes visible once you have reviewed them too, or after 7 days.',
    ]);
    await review(requester, trade.id, 5);
    expect(await reviewNotes(owner)).toEqual([
      'Rami reviewed your trade. You had reviewed them already, so both reviews are visible now.',
    ]);
  });

  it('publishes a lone review 7 days after completion and updates the rating', async () => {
    const { owner, requester, trade } = await acceptedTrade();
    await complete(owner, requester, trade.id);
    await review(requester, trade.id, 5);
    const ownerId = owner.user?.id;
    expect((await t.visitor().get(`/api/reviews/user/${ownerId}`)).json()).toEqual([]);
    await t.db
      .update(tradeRequests)
      .set({ completedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(tradeRequests.id, trade.id));
    expect((await t.visitor().get(`/api/reviews/user/${ownerId}`)).json()).toHaveLength(1);
    expect((await t.visitor().get(`/api/ratings/${ownerId}`)).json().averageRating).toBe('5.0');
    expect((await t.visitor().get(`/api/users/${ownerId}/items`)).json()).toEqual([]);
  });

  it('counts one partner’s reviews once per 90 days, and says how many partners rated', async () => {
    const trades = await Promise.all([1, 2, 3, 4].map(() => buildTrade(t, { status: 'completed' })));
    const reviewee = await t.member();
    const [partner, other] = [await t.member(), await t.member()];
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const entries: Array<[TestClient, number, number]> = [
      [partner, 200, 5],
      [partner, 150, 1], // 50 days after the partner's last one: does not count
      [partner, 10, 3], // 140 days after it: counts
      [other, 5, 4],
    ];
    await t.db.insert(reviews).values(
      entries.map(([reviewer, days, rating], index) => ({
        tradeRequestId: trades[index]?.trade.id ?? '',
        reviewerId: reviewer.user?.id ?? '',
        revieweeId: reviewee.user?.id ?? '',
        rating,
        communicationRating: rating,
        itemConditionAccurate: true,
        createdAt: daysAgo(days),
        publishedAt: daysAgo(days),
      })),
    );
    expect((await t.visitor().get(`/api/ratings/${reviewee.user?.id}`)).json()).toMatchObject({
      averageRating: '4.0',
      totalReviews: 3,
      oneStarCount: 0,
      partnerCount: 2,
    });
  });

  it('answers unknown and malformed members', async () => {
    expect((await t.visitor().get('/api/ratings/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.visitor().get('/api/ratings/abc')).statusCode).toBe(400);
    expect((await t.visitor().get('/api/reviews/user/abc')).statusCode).toBe(400);
    const member = await t.member();
    expect((await t.visitor().get(`/api/reviews/user/${member.user?.id}?limit=500`)).statusCode).toBe(400);
  });
});
