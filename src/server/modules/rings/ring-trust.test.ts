import { markRingSent } from '../../test-support/builders';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../common/api/rings';
import { DAY_MS } from '../../../common/domain/trade-state';
import { items, ringLegs, rings, tradeDisputes, users } from '../../db/schema';
import { multipart, pngImage } from '../../test-support/fixtures';
import { acceptedRing, answerRing } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const ringOf = async (client: TestClient, id: string): Promise<Ring> =>
  (await client.get(`/api/rings/${id}`)).json();
const availability = async (id: string) =>
  (await t.db.select({ a: items.availability }).from(items).where(eq(items.id, id)))[0]?.a;
const reliabilityOf = async (client: TestClient) =>
  (await t.visitor().get(`/api/users/${client.user?.id}/reliability`)).json();
const titles = async (client: TestClient) =>
  ((await client.get('/api/notifications')).json() as Array<{ title: string }>).map((n) => n.title);
const later = (days: number) => new Date(Date.now() + days * DAY_MS);
const dispute = (client: TestClient, ringId: string, body: object) =>
  client.post(`/api/rings/${ringId}/dispute`, body);
async function uploadId(client: TestClient) {
  const { payload, headers } = multipart(await pngImage());
  return (await client.post('/api/images', payload, headers)).json().id as string;
}
const moderator = () => t.member({ firstName: 'Mo', email: 'moderator@example.com', role: 'moderator' });
const review = { rating: 5, communicationRating: 4, itemConditionAccurate: true, comment: 'Lovely.' };

describe('ring disputes', () => {
  it('the member waiting for an item reports it against its giver, with photos; the ring freezes', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    const photo = await uploadId(ana);
    const opened = await dispute(ana, ring.id, {
      reason: 'not_as_described',
      text: 'The boots have a torn sole.',
      photoIds: [photo],
    });
    expect(opened.statusCode).toBe(201);
    const seen = opened.json() as Ring;
    expect(seen.status).toBe('disputed');
    expect(seen.legs[seen.myGetLeg]).toMatchObject({ disputed: true, received: false });
    expect(seen.disputes).toEqual([
      expect.objectContaining({
        reason: 'not_as_described',
        photos: [`/images/${photo}`],
        openedById: ana.user?.id,
        outcome: null,
      }),
    ]);
    // The giver sees it; the third member sees the ring on hold but not the claim.
    expect((await ringOf(ben, ring.id)).disputes).toHaveLength(1);
    expect((await ringOf(cleo, ring.id)).disputes).toEqual([]);
    expect(await titles(ben)).toContain('Swap ring disputed');
    expect(await titles(cleo)).toContain('Swap ring on hold');
    const [row] = await t.db.select().from(tradeDisputes);
    expect(row).toMatchObject({ tradeRequestId: null, ringId: ring.id, againstId: ben.user?.id });

    // Frozen: no receipt, no backing out, one dispute at a time, and the sweep leaves it alone.
    await markRingSent(t, ring.id);
    expect((await cleo.post(`/api/rings/${ring.id}/received`, { asDescribed: true })).statusCode).toBe(409);
    expect((await answerRing(cleo, ring, 'cancelled')).statusCode).toBe(409);
    expect((await dispute(cleo, ring.id, { reason: 'other', text: 'Me too' })).statusCode).toBe(409);
    await t.app.sweep.run(later(30));
    expect((await ringOf(ana, ring.id)).status).toBe('disputed');
  });

  it('answers 401 to visitors, 404 to non-members, 400 to bad input without changing anything', async () => {
    const { ana, ring } = await acceptedRing(t);
    const body = { reason: 'damaged', text: 'Broken zip.' };
    expect((await dispute(t.visitor(), ring.id, body)).statusCode).toBe(401);
    expect((await dispute(await t.member(), ring.id, body)).statusCode).toBe(404);
    const someoneElses = await uploadId(await t.member());
    const bad = [
      { reason: 'damaged', text: 'a\u0000b' },
      { reason: 'damaged', text: 'x'.repeat(100_000) },
      { reason: 'damaged', text: 'lone \ud800 surrogate' },
      { reason: 'lost', text: 'x' },
      { reason: 'damaged', text: 'x', photoIds: Array.from({ length: 5 }, () => someoneElses) },
      { reason: 'damaged', text: 'x', photoIds: [someoneElses] },
      { reason: 'damaged', text: 'x', extra: true },
    ];
    for (const input of bad) expect((await dispute(ana, ring.id, input)).statusCode).toBe(400);
    expect(await t.db.select().from(tradeDisputes)).toEqual([]);
    expect((await ringOf(ana, ring.id)).status).toBe('accepted');
  });

  it('is closed to a member who confirmed receipt, and once the claim window closed', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    await markRingSent(t, ring.id);
    await ana.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    const body = { reason: 'other', text: 'x' };
    expect((await dispute(ana, ring.id, body)).statusCode).toBe(409);
    await t.db
      .update(ringLegs)
      .set({ receivedAt: new Date(Date.now() - 4 * DAY_MS) })
      .where(and(eq(ringLegs.ringId, ring.id), eq(ringLegs.receiverId, ana.user?.id ?? '')));
    expect((await dispute(ben, ring.id, body)).statusCode).toBe(409);
    expect((await dispute(cleo, ring.id, body)).statusCode).toBe(409);
  });

  it('a moderator upholding it cancels the ring, frees the items and the giver lost it', async () => {
    const { ana, ben, cleo, coat, boots, bag, ring } = await acceptedRing(t);
    await markRingSent(t, ring.id);
    await cleo.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    await dispute(ana, ring.id, { reason: 'not_received', text: 'Nothing arrived.' });
    const mo = await moderator();
    const [open] = (await mo.get('/api/moderation/disputes')).json();
    expect(open).toMatchObject({
      tradeId: null,
      ringId: ring.id,
      tradeStatus: 'disputed',
      requester: { id: ana.user?.id },
      owner: { id: ben.user?.id },
      requestedItem: { id: boots.id },
      offeredItem: { id: coat.id },
    });
    const resolved = await mo.post(`/api/moderation/disputes/${open.id}/resolve`, {
      outcome: 'cancelled',
      note: 'No tracking number was given.',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ outcome: 'cancelled' });
    const after = await ringOf(ana, ring.id);
    expect(after).toMatchObject({ status: 'cancelled' });
    expect(after.disputes[0]).toMatchObject({ resolutionNote: 'No tracking number was given.' });
    for (const id of [coat.id, boots.id, bag.id]) expect(await availability(id)).toBe('available');
    expect(await t.db.select().from(ringLegs).where(eq(ringLegs.open, true))).toEqual([]);
    expect(await reliabilityOf(ben)).toMatchObject({ disputesLost: 1, cancelledShare: 0, acceptedTrades: 1 });
    expect(await reliabilityOf(ana)).toMatchObject({ disputesLost: 0, cancelledShare: 0 });
    expect(
      (await mo.post(`/api/moderation/disputes/${open.id}/resolve`, { outcome: 'completed', note: 'x' }))
        .statusCode,
    ).toBe(409);
    expect((await mo.get('/api/moderation/disputes?status=resolved')).json()).toHaveLength(1);
  });

  it('a moderator finding the item delivered records its receipt and the ring carries on', async () => {
    const { ana, ben, cleo, coat, ring } = await acceptedRing(t);
    await dispute(ana, ring.id, { reason: 'other', text: 'Unsure it is the same pair.' });
    const [row] = await t.db.select().from(tradeDisputes);
    const done = await (
      await moderator()
    ).post(`/api/moderation/disputes/${row?.id}/resolve`, {
      outcome: 'completed',
      note: 'The photos match the listing.',
    });
    expect(done.statusCode).toBe(200);
    const resumed = await ringOf(ana, ring.id);
    expect(resumed.status).toBe('accepted');
    expect(resumed.legs[resumed.myGetLeg]).toMatchObject({ received: true, disputed: false });
    await markRingSent(t, ring.id);
    await ben.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    await markRingSent(t, ring.id);
    const completed = await cleo.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    expect(completed.json()).toMatchObject({ status: 'completed' });
    expect(await availability(coat.id)).toBe('traded');
    expect(await reliabilityOf(ben)).toMatchObject({ disputesLost: 0, completedTrades: 1 });
  });

  it('a moderator who is a member of the ring cannot resolve it', async () => {
    const world = await acceptedRing(t);
    await dispute(world.ana, world.ring.id, { reason: 'other', text: 'x' });
    const [row] = await t.db.select().from(tradeDisputes);
    await t.db
      .update(users)
      .set({ role: 'moderator' })
      .where(eq(users.id, world.cleo.user?.id ?? ''));
    const response = await world.cleo.post(`/api/moderation/disputes/${row?.id}/resolve`, {
      outcome: 'cancelled',
      note: 'x',
    });
    expect(response.statusCode).toBe(403);
    expect((await ringOf(world.ana, world.ring.id)).status).toBe('disputed');
  });
});

describe('ring reviews', () => {
  async function completedRing() {
    const world = await acceptedRing(t);
    for (const member of [world.ana, world.ben, world.cleo]) {
      await markRingSent(t, world.ring.id);
      await member.post(`/api/rings/${world.ring.id}/received`, { asDescribed: true });
    }
    expect((await ringOf(world.ana, world.ring.id)).status).toBe('completed');
    return world;
  }
  const rate = (client: TestClient, ringId: string, body: object = review) =>
    client.post('/api/reviews', { ringId, ...body });
  const ratingOf = async (client: TestClient) =>
    (await t.visitor().get(`/api/ratings/${client.user?.id}`)).json();

  it('each member reviews the one they received from once; all publish when everyone has', async () => {
    const { ana, ben, cleo, ring } = await completedRing();
    expect((await rate(ana, ring.id)).statusCode).toBe(201);
    expect((await rate(ana, ring.id)).statusCode).toBe(409);
    expect((await ringOf(ana, ring.id)).myReview).toEqual({ rating: 5 });
    // Ana received from Ben: the review is of Ben, blind until every member has written theirs.
    expect(await titles(ben)).toContain('New review');
    expect((await ratingOf(ben)).totalReviews).toBe(0);
    expect((await rate(ben, ring.id, { ...review, rating: 3 })).statusCode).toBe(201);
    expect((await ratingOf(cleo)).totalReviews).toBe(0);
    expect((await rate(cleo, ring.id, { ...review, rating: 4 })).statusCode).toBe(201);
    expect(await ratingOf(ben)).toMatchObject({ totalReviews: 1, averageRating: '5.0' });
    expect(await ratingOf(cleo)).toMatchObject({ totalReviews: 1, averageRating: '3.0' });
    expect(await ratingOf(ana)).toMatchObject({ totalReviews: 1, averageRating: '4.0' });
    const [shown] = (await t.visitor().get(`/api/reviews/user/${ben.user?.id}`)).json();
    expect(shown).toMatchObject({ rating: 5, comment: 'Lovely.', reviewer: { id: ana.user?.id } });
    const legs = (await ringOf(ana, ring.id)).legs;
    expect(legs.every((leg) => leg.reviewed)).toBe(true);
  });

  it('publishes after the blind period without every review', async () => {
    const { ana, ben, ring } = await completedRing();
    await rate(ana, ring.id);
    await t.db
      .update(rings)
      .set({ completedAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(rings.id, ring.id));
    expect((await ratingOf(ben)).totalReviews).toBe(1);
  });

  it('refuses a ring not yet completed (409), non-members (404), visitors (401) and bad input (400)', async () => {
    const { ana, ring } = await acceptedRing(t);
    expect((await rate(ana, ring.id)).statusCode).toBe(409);
    expect((await rate(await t.member(), ring.id)).statusCode).toBe(404);
    expect((await rate(t.visitor(), ring.id)).statusCode).toBe(401);
    const bad = [
      { ...review, ringId: ring.id, tradeRequestId: ring.id },
      review,
      { ...review, ringId: 'nope' },
      { ...review, ringId: ring.id, comment: 'a\u0000b' },
      { ...review, ringId: ring.id, comment: 'x'.repeat(100_000) },
    ];
    for (const body of bad) expect((await ana.post('/api/reviews', body)).statusCode).toBe(400);
  });
});

describe('ring reliability', () => {
  it('a member backing out of an accepted ring raises their cancelled share only', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    expect((await answerRing(ben, ring, 'cancelled')).statusCode).toBe(200);
    expect(await reliabilityOf(ben)).toMatchObject({ acceptedTrades: 1, cancelledShare: 1, isNew: false });
    for (const member of [ana, cleo]) {
      expect(await reliabilityOf(member)).toMatchObject({ acceptedTrades: 1, cancelledShare: 0 });
    }
  });

  it('an accepted ring that expires blames nobody; a declined proposal is not an accepted swap', async () => {
    const { ana, ring } = await acceptedRing(t);
    await t.app.sweep.run(later(22));
    expect((await ringOf(ana, ring.id)).status).toBe('cancelled');
    expect(await reliabilityOf(ana)).toMatchObject({ acceptedTrades: 1, cancelledShare: 0 });
  });

  it('a completed ring counts as a completed swap with the member’s receipt time', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    await markRingSent(t, ring.id);
    for (const member of [ana, ben, cleo])
      await member.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    await t.db
      .update(rings)
      .set({ acceptedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(rings.id, ring.id));
    expect(await reliabilityOf(ana)).toMatchObject({ completedTrades: 1, medianReceiptDays: 2 });
  });
});
