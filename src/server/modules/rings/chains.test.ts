import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../common/api/rings';
import { items } from '../../db/schema';
import { buildItem, markRingSent } from '../../test-support/builders';
import { listItem } from '../../test-support/fixtures';
import { answerRing, ringsOf } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { leedsAddress } from '../exchange/address-fixtures';
import { repackRings } from './rings.proposer';

const t = useTestApp();
const timers = { proposalHours: 48, repackMinutes: 5, maxLength: 5 };

const availability = async (id: string) =>
  (await t.db.select({ a: items.availability }).from(items).where(eq(items.id, id)))[0]?.a;
const ringNotes = async (client: TestClient) =>
  (await client.get('/api/notifications'))
    .json()
    .filter((n: { type: string }) => n.type === 'swap_ring') as Array<{ title: string; message: string }>;

/**
 * Gia gives a scarf away; Ana would give her coat for accessories, Ben his boots for clothing. No
 * ring closes, but the gift starts a chain: the scarf goes to Ana, Ana's coat to Ben, and Ben
 * receives without giving (his boots stay his).
 */
async function giveawayChain() {
  const gia = await t.member({ firstName: 'Gia' });
  const ana = await t.member({ firstName: 'Ana' });
  const ben = await t.member({ firstName: 'Ben' });
  const scarf = await buildItem(t, gia, { title: 'Scarf', category: 'accessories', isGiveaway: true });
  const coat = await buildItem(t, ana, { title: 'Coat', category: 'clothing' });
  const boots = await buildItem(t, ben, { title: 'Boots', category: 'shoes' });
  expect((await ana.post('/api/swap-rules', { category: 'accessories' })).statusCode).toBe(201);
  expect((await ben.post('/api/swap-rules', { category: 'clothing' })).statusCode).toBe(201);
  // The incremental pass finds no ring (a giveaway is in none); the re-pack finds the chain.
  expect(await ringsOf(ana)).toEqual([]);
  const created = await repackRings(t.app.services, timers, new Date(), 10);
  expect(created).toHaveLength(1);
  const [ring] = (await ringsOf(ana)) as [Ring];
  return { gia, ana, ben, scarf, coat, boots, ring };
}

describe('giveaways', () => {
  it('a listing can be offered free to a good home, and shows so to everyone', async () => {
    const owner = await t.member();
    const created = await listItem(owner, { isGiveaway: true });
    expect((await owner.get(`/api/items/${created.id}`)).json().isGiveaway).toBe(true);
    const seen = await t.visitor().get(`/api/items/${created.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().isGiveaway).toBe(true);
    const plain = await listItem(owner);
    expect((await owner.get(`/api/items/${plain.id}`)).json().isGiveaway).toBe(false);
    // The owner may take it back; nobody else may change it.
    expect((await owner.patch(`/api/items/${created.id}`, { isGiveaway: false })).json().isGiveaway).toBe(
      false,
    );
    const other = await t.member();
    expect(
      (await other.patch(`/api/items/${plain.id}`, { isGiveaway: true })).statusCode,
    ).toBeGreaterThanOrEqual(403);
    expect((await t.visitor().patch(`/api/items/${plain.id}`, { isGiveaway: true })).statusCode).toBe(401);
  }, 60_000);

  it('refuses a flag that is not true or false', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    for (const isGiveaway of ['yes', 1, null, { $ne: false }]) {
      const response = await owner.patch(`/api/items/${item.id}`, { isGiveaway });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('chains started by a giveaway', () => {
  it('proposes the chain to its three members only: the giver, the middle, the member who gives nothing', async () => {
    const { gia, ana, ben, scarf, coat, ring } = await giveawayChain();
    expect(ring.kind).toBe('chain');
    expect(ring.legs.map((leg) => [leg.giver.firstName, leg.item.id, leg.receiver.firstName])).toEqual([
      ['Gia', scarf.id, 'Ana'],
      ['Ana', coat.id, 'Ben'],
    ]);
    for (const member of [gia, ana, ben]) {
      expect((await ringsOf(member)).map((r) => r.id)).toEqual([ring.id]);
      expect(await ringNotes(member)).toHaveLength(1);
    }
    const [giaView] = await ringsOf(gia);
    expect(giaView?.myGetLeg).toBe(-1);
    const [benView] = await ringsOf(ben);
    expect(benView?.myGiveLeg).toBe(-1);
    expect((await ringNotes(ben))[0]?.message).toContain('without giving anything');
    const stranger = await t.member();
    expect((await stranger.get(`/api/rings/${ring.id}`)).statusCode).toBe(404);
    expect((await answerRing(stranger, ring, 'accepted')).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/rings/${ring.id}`)).statusCode).toBe(401);
    expect((await t.visitor().patch(`/api/rings/${ring.id}`, { status: 'accepted' })).statusCode).toBe(401);
  }, 60_000);

  it('is accepted by all three (the last member too), held, sent and completed like a ring', async () => {
    const { gia, ana, ben, scarf, coat, boots, ring } = await giveawayChain();
    for (const member of [gia, ana]) {
      const answer = await answerRing(member, ring, 'accepted');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'proposed', iAccepted: true });
    }
    const last = await answerRing(ben, ring, 'accepted');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ status: 'accepted', iAccepted: true, endAccepted: true });
    expect(await availability(scarf.id)).toBe('reserved');
    expect(await availability(coat.id)).toBe('reserved');
    expect(await availability(boots.id)).toBe('available');
    await markRingSent(t, ring.id);
    // The giver receives nothing: a clear 409, not a crash.
    const giver = await gia.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    expect(giver.statusCode).toBe(409);
    expect(giver.json().code).toBe('rings.nothing_to_receive');
    for (const member of [ana, ben])
      expect((await member.post(`/api/rings/${ring.id}/received`, { asDescribed: true })).statusCode).toBe(
        200,
      );
    const [done] = await ringsOf(gia);
    expect(done?.status).toBe('completed');
    expect(await availability(scarf.id)).toBe('traded');
    expect(await availability(coat.id)).toBe('traded');
    expect(await availability(boots.id)).toBe('available');
  }, 60_000);

  it('ends for everyone when its last member declines; hostile answers are 4xx', async () => {
    const { gia, ana, ben, ring } = await giveawayChain();
    for (const body of [
      { status: 'bogus' },
      { status: ['accepted'] },
      { status: 'accepted', extra: 1 },
      {},
    ]) {
      const response = await ben.patch(`/api/rings/${ring.id}`, body);
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await ben.patch('/api/rings/not-a-uuid', { status: 'accepted' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await answerRing(ben, ring, 'declined')).statusCode).toBe(200);
    for (const member of [gia, ana]) {
      const [mine] = await ringsOf(member);
      expect(mine?.status).toBe('declined');
      expect(await ringNotes(member)).toHaveLength(2);
    }
  }, 60_000);

  it('asks its last member, who only receives, for their address, and answers them in terms of receiving', async () => {
    const { gia, ana, ben, ring } = await giveawayChain();
    for (const member of [gia, ana, ben]) await answerRing(member, ring, 'accepted');
    // Before acceptance nobody is asked; once accepted, the member who only receives is.
    const [benView] = await ringsOf(ben);
    expect(benView).toMatchObject({ status: 'accepted', myGiveLeg: -1, needsAddress: true });
    // The giver who receives nothing is never asked for an address.
    expect((await ringsOf(gia))[0]?.needsAddress).toBe(false);
    // Ana gives to Ben: she waits for his address, then sees it.
    expect(
      (await ringsOf(ana))[0]?.legs.find((leg) => leg.giver.firstName === 'Ana')?.recipientAddress,
    ).toBeNull();
    expect((await ben.put('/api/users/address', leedsAddress)).statusCode).toBeLessThan(300);
    expect((await ringsOf(ben))[0]?.needsAddress).toBe(false);
    expect(
      (await ringsOf(ana))[0]?.legs.find((leg) => leg.giver.firstName === 'Ana')?.recipientAddress,
    ).toMatchObject({ postcode: leedsAddress.postcode });
    // Ben has nothing to send: tracking and "sent" say so, and change nothing.
    const tracking = await ben.post(`/api/rings/${ring.id}/shipment`, {
      carrier: 'other',
      trackingNumber: 'ABC123',
    });
    expect(tracking.statusCode).toBe(409);
    expect(tracking.json().code).toBe('rings.nothing_to_send');
    const sent = await ben.post(`/api/rings/${ring.id}/sent`, {});
    expect(sent.statusCode).toBe(409);
    expect(sent.json().code).toBe('rings.nothing_to_send');
    const slip = await ben.get(`/api/rings/${ring.id}/packing-slip`);
    expect(slip.statusCode).toBe(409);
    expect(slip.json().code).toBe('rings.nothing_to_send');
    const [after] = await ringsOf(ana);
    expect(after?.legs.every((leg) => leg.sentAt === null && leg.shipment === null)).toBe(true);
  }, 60_000);
});
