import { markRingSent } from '../../test-support/builders';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, ringLegs } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { answerRing, ringsOf, threeMemberRing as threeMemberRingOf } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ringNotes = async (client: TestClient) =>
  (await client.get('/api/notifications')).json().filter((n: { type: string }) => n.type === 'swap_ring');
const availability = async (id: string) =>
  (await t.db.select({ a: items.availability }).from(items).where(eq(items.id, id)))[0]?.a;

const threeMemberRing = () => threeMemberRingOf(t);
const answer = answerRing;

describe('swap rings', () => {
  it('proposes a ring to three members whose rules close a cycle, explained, to them only', async () => {
    const { ana, ben, cleo, coat, boots, bag, ring } = await threeMemberRing();
    expect(ring.status).toBe('proposed');
    expect(ring.legs).toHaveLength(3);
    const gives = Object.fromEntries(ring.legs.map((leg) => [leg.giver.firstName, leg]));
    expect(gives.Ana).toMatchObject({
      item: { id: coat.id, estimatedValue: 5000 },
      receiver: { firstName: 'Cleo' },
    });
    expect(gives.Ben).toMatchObject({ item: { id: boots.id }, receiver: { firstName: 'Ana' } });
    expect(gives.Cleo).toMatchObject({ item: { id: bag.id }, receiver: { firstName: 'Ben' } });
    expect(ring.legs[ring.myGiveLeg]?.giver.firstName).toBe('Ana');
    expect(ring.legs[ring.myGetLeg]?.item.id).toBe(boots.id);
    expect(ring.explanation).toContainEqual({
      giver: 'Ben',
      receiver: 'Ana',
      title: 'Boots',
      value: 5500,
      reason: { code: 'swapRule', params: { category: 'shoes', band: 'between', min: 67, max: 150 } },
    });
    expect(new Date(ring.expiresAt).getTime() - new Date(ring.createdAt).getTime()).toBe(48 * HOUR);
    for (const member of [ana, ben, cleo]) {
      expect((await ringsOf(member)).map((r) => r.id)).toEqual([ring.id]);
      expect(await ringNotes(member)).toHaveLength(1);
    }
    const stranger = await t.member();
    expect(await ringsOf(stranger)).toEqual([]);
    expect((await stranger.get(`/api/rings/${ring.id}`)).statusCode).toBe(404);
    expect((await answer(stranger, ring, 'accepted')).statusCode).toBe(404);
    await markRingSent(t, ring.id);
    expect((await stranger.post(`/api/rings/${ring.id}/received`, { asDescribed: true })).statusCode).toBe(
      404,
    );
    expect((await ana.get(`/api/rings/${unknown}`)).statusCode).toBe(404);
    expect((await t.visitor().get('/api/rings')).statusCode).toBe(401);
  });

  it('holds a proposed ring’s items: no second ring takes them', async () => {
    const { boots } = await threeMemberRing();
    // Dan would give a scarf for the boots, and Ben would take the scarf: a swap, but the boots are held.
    const dan = await t.member({ firstName: 'Dan' });
    await buildItem(t, dan, { title: 'Scarf', category: 'accessories', estimatedValue: 5000 });
    await dan.post('/api/swap-rules', { category: 'shoes' });
    expect(await ringsOf(dan)).toEqual([]);
    const open = await t.db.select().from(ringLegs).where(eq(ringLegs.itemId, boots.id));
    expect(open).toHaveLength(1);
  });

  it('reserves every item when all accept, then completes when all receive', async () => {
    const { ana, ben, cleo, coat, boots, bag, ring } = await threeMemberRing();
    // A pending pairwise request on the coat ends when the ring is accepted.
    const dan = await t.member({ firstName: 'Dan' });
    const hat = await buildItem(t, dan, { title: 'Hat', category: 'accessories' });
    const request = await dan.post('/api/trade-requests', {
      requestedItemId: coat.id,
      offeredItemId: hat.id,
    });
    expect(request.statusCode).toBe(201);

    const first = await answer(ana, ring, 'accepted');
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('proposed');
    expect(first.json().legs.filter((leg: { accepted: boolean }) => leg.accepted)).toHaveLength(1);
    expect((await answer(ana, ring, 'accepted')).statusCode).toBe(200);
    await answer(ben, ring, 'accepted');
    const last = await answer(cleo, ring, 'accepted');
    expect(last.json()).toMatchObject({ status: 'accepted' });
    for (const id of [coat.id, boots.id, bag.id]) expect(await availability(id)).toBe('reserved');
    const [trade] = (await dan.get('/api/trade-requests')).json();
    expect(trade.status).toBe('declined');
    // A reserved item cannot be unlisted, and the ring can no longer be declined.
    expect((await ana.patch(`/api/items/${coat.id}`, { isActive: false })).statusCode).toBe(409);
    expect((await answer(ben, ring, 'declined')).statusCode).toBe(409);

    await markRingSent(t, ring.id);
    const received = await ana.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    expect(received.json().claimDeadline).not.toBeNull();
    // Once something arrived, nobody can back out.
    expect((await answer(ben, ring, 'cancelled')).statusCode).toBe(409);
    await markRingSent(t, ring.id);
    await ben.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    await markRingSent(t, ring.id);
    const done = await cleo.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    expect(done.json()).toMatchObject({ status: 'completed' });
    for (const id of [coat.id, boots.id, bag.id]) expect(await availability(id)).toBe('traded');
    expect((await ringNotes(ana)).map((n: { title: string }) => n.title)).toContain('Swap ring completed');
    await markRingSent(t, ring.id);
    expect((await ana.post(`/api/rings/${ring.id}/received`, { asDescribed: true })).statusCode).toBe(409);
  });

  it('dissolves on a decline, tells the others, releases the items and does not propose it again', async () => {
    const { ana, ben, cleo, ring } = await threeMemberRing();
    await answer(ana, ring, 'accepted');
    const declined = await answer(ben, ring, 'declined');
    expect(declined.json().status).toBe('declined');
    expect(await t.db.select().from(ringLegs).where(eq(ringLegs.open, true))).toEqual([]);
    expect((await ringNotes(cleo)).map((n: { title: string }) => n.title)).toContain('Swap ring declined');
    expect((await ringNotes(ben)).map((n: { title: string }) => n.title)).not.toContain('Swap ring declined');
    expect((await answer(cleo, ring, 'accepted')).statusCode).toBe(409);
    await t.app.ringRepack.run(new Date());
    expect(await ringsOf(ana)).toHaveLength(1);
  });

  it('lets a member back out of an accepted ring before any receipt, with a reason', async () => {
    const { ana, ben, cleo, coat, ring } = await threeMemberRing();
    expect((await answer(ana, ring, 'cancelled')).statusCode).toBe(409);
    expect((await answer(ana, ring, 'accepted', { reason: 'x' })).statusCode).toBe(400);
    for (const member of [ana, ben, cleo]) await answer(member, ring, 'accepted');
    const cancelled = await answer(ben, ring, 'cancelled', { reason: 'Moving abroad' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Moving abroad' });
    expect(await availability(coat.id)).toBe('available');
  });

  it('refuses bad answers with 400 and changes nothing', async () => {
    const { ana, ring } = await threeMemberRing();
    for (const body of [
      { status: 'completed' },
      { status: 'accepted', extra: 1 },
      {},
      { status: 'cancelled', reason: 'x'.repeat(501) },
    ]) {
      expect((await ana.patch(`/api/rings/${ring.id}`, body)).statusCode).toBe(400);
    }
    expect(
      (await ana.patch(`/api/rings/${ring.id}`, { status: 'cancelled', reason: 'a\u0000b' })).statusCode,
    ).toBe(400);
    expect((await ana.patch('/api/rings/not-an-id', { status: 'accepted' })).statusCode).toBe(400);
    expect((await ringsOf(ana))[0]?.legs.every((leg) => !leg.accepted)).toBe(true);
  });

  it('dissolves a proposal when an item goes to another trade, and the last accept answers 409', async () => {
    const { ana, ben, cleo, bag, ring } = await threeMemberRing();
    const dan = await t.member({ firstName: 'Dan' });
    const hat = await buildItem(t, dan, { title: 'Hat' });
    const request = (
      await dan.post('/api/trade-requests', { requestedItemId: bag.id, offeredItemId: hat.id })
    ).json();
    await answer(ana, ring, 'accepted');
    await answer(ben, ring, 'accepted');
    expect((await cleo.patch(`/api/trade-requests/${request.id}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    const late = await answer(cleo, ring, 'accepted');
    expect(late.statusCode).toBe(409);
    expect((await ringsOf(ana))[0]?.status).toBe('cancelled');
    expect(await availability(bag.id)).toBe('reserved');
  });

  it('dissolves a proposal whose item is unlisted', async () => {
    const { ana, coat } = await threeMemberRing();
    await ana.patch(`/api/items/${coat.id}`, { isActive: false });
    expect((await ringsOf(ana))[0]?.status).toBe('cancelled');
  });

  it('proposes a 4-member ring when no shorter one exists', async () => {
    const members = await Promise.all(
      ['Ana', 'Ben', 'Cleo', 'Dan'].map((firstName) => t.member({ firstName })),
    );
    const kinds = ['clothing', 'shoes', 'accessories', 'clothing'] as const;
    const genders = ['women', 'men', 'unisex', 'kids'] as const;
    for (const [k, member] of members.entries()) {
      await buildItem(t, member, {
        title: `Item ${k}`,
        category: kinds[k],
        gender: genders[k],
        estimatedValue: 5000,
      });
    }
    // Each wants exactly the next member's item.
    for (const [k, member] of members.entries()) {
      const next = (k + 1) % 4;
      await member.post('/api/swap-rules', { category: kinds[next], gender: genders[next] });
    }
    // The incremental pass looks for rings of 4–5 only within its time box, which a loaded test
    // machine may use up; what it leaves, the re-pack proposes (it never proposes a ring twice).
    await t.app.ringRepack.run(new Date());
    const rings = await ringsOf(members[0] as TestClient);
    expect(rings).toHaveLength(1);
    expect(rings[0]?.legs).toHaveLength(4);
  });

  it('expires an unanswered proposal after RING_PROPOSAL_HOURS through the sweep', async () => {
    const { cleo, ring, coat } = await threeMemberRing();
    await t.app.sweep.run(new Date(Date.now() + 47 * HOUR));
    expect((await ringsOf(cleo))[0]?.status).toBe('proposed');
    await t.app.sweep.run(new Date(Date.now() + 49 * HOUR));
    expect((await ringsOf(cleo))[0]?.status).toBe('expired');
    expect((await ringNotes(cleo)).map((n: { title: string }) => n.title)).toContain('Swap ring expired');
    expect(await t.db.select().from(ringLegs).where(eq(ringLegs.itemId, coat.id))).toHaveLength(1);
    expect((await answer(cleo, ring, 'accepted')).statusCode).toBe(409);
  });

  it('cancels an accepted ring nobody received within the expiry, and completes after the claim window', async () => {
    const first = await threeMemberRing();
    for (const member of [first.ana, first.ben, first.cleo]) await answer(member, first.ring, 'accepted');
    await t.app.sweep.run(new Date(Date.now() + 22 * DAY));
    expect((await ringsOf(first.ana))[0]?.status).toBe('cancelled');
    expect(await availability(first.coat.id)).toBe('available');

    await t.reset();
    const second = await threeMemberRing();
    for (const member of [second.ana, second.ben, second.cleo]) await answer(member, second.ring, 'accepted');
    await markRingSent(t, second.ring.id);
    await second.ana.post(`/api/rings/${second.ring.id}/received`, { asDescribed: true });
    await t.app.sweep.run(new Date(Date.now() + 2 * DAY));
    expect((await ringsOf(second.ana))[0]?.status).toBe('accepted');
    await t.app.sweep.run(new Date(Date.now() + 4 * DAY));
    expect((await ringsOf(second.ana))[0]?.status).toBe('completed');
    expect(await availability(second.bag.id)).toBe('traded');
  });

  it('counts a favourite as a want that closes a ring', async () => {
    const ana = await t.member({ firstName: 'Ana' });
    const ben = await t.member({ firstName: 'Ben' });
    const coat = await buildItem(t, ana, { title: 'Coat', estimatedValue: 5000 });
    const boots = await buildItem(t, ben, { title: 'Boots', category: 'shoes', estimatedValue: 5000 });
    await ana.post('/api/favorites', { itemId: boots.id });
    expect(await ringsOf(ana)).toEqual([]);
    await ben.post('/api/favorites', { itemId: coat.id });
    const [ring] = await ringsOf(ana);
    expect(ring?.legs.map((leg) => leg.reason)).toEqual([{ code: 'favourite' }, { code: 'favourite' }]);
  });

  it('proposes a ring for each listing when one rule change covers a member’s several listings', async () => {
    const ana = await t.member({ firstName: 'Ana' });
    const listings = [];
    for (const title of ['Coat', 'Jacket', 'Shirt']) {
      listings.push(await buildItem(t, ana, { title, category: 'clothing', estimatedValue: 5000 }));
    }
    // Three pairs: each Ben would give boots for a bag, each Cleo a bag for clothing.
    const others = [];
    for (const k of [1, 2, 3]) {
      const ben = await t.member({ firstName: `Ben${k}` });
      const cleo = await t.member({ firstName: `Cleo${k}` });
      await buildItem(t, ben, { title: `Boots ${k}`, category: 'shoes', estimatedValue: 5000 });
      await buildItem(t, cleo, { title: `Bag ${k}`, category: 'accessories', estimatedValue: 5000 });
      expect((await ben.post('/api/swap-rules', { category: 'accessories' })).statusCode).toBe(201);
      expect((await cleo.post('/api/swap-rules', { category: 'clothing' })).statusCode).toBe(201);
      others.push(ben, cleo);
    }
    expect(await ringsOf(ana)).toEqual([]);
    // One rule for all of Ana's listings: each of them closes rings, and each gets one.
    expect((await ana.post('/api/swap-rules', { category: 'shoes' })).statusCode).toBe(201);
    const proposed = await ringsOf(ana);
    expect(proposed).toHaveLength(3);
    const given = proposed.map((ring) => ring.legs[ring.myGiveLeg]?.item.id).sort();
    expect(given).toEqual(listings.map((item) => item.id).sort());
    for (const member of others) expect(await ringsOf(member)).toHaveLength(1);
    expect(await ringNotes(ana)).toHaveLength(3);
  });

  it('never puts a "direct swaps only" listing in a ring', async () => {
    const ana = await t.member({ firstName: 'Ana' });
    const ben = await t.member({ firstName: 'Ben' });
    const coat = await buildItem(t, ana, { title: 'Coat', estimatedValue: 5000, directSwapsOnly: true });
    const boots = await buildItem(t, ben, { title: 'Boots', category: 'shoes', estimatedValue: 5000 });
    await ana.post('/api/favorites', { itemId: boots.id });
    await ben.post('/api/favorites', { itemId: coat.id });
    await t.app.ringRepack.run(new Date());
    expect(await ringsOf(ana)).toEqual([]);
  });
});
