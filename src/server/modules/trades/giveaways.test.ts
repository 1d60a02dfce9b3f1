import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../common/api/rings';
import { giveawayRequests, items, tradeRequests } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { listItem } from '../../test-support/fixtures';
import { answerRing, ringsOf } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { repackRings } from '../rings/rings.proposer';

const t = useTestApp();
const ringTimers = { proposalHours: 48, repackMinutes: 5, maxLength: 5 };
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

const asks = (itemId: string) => `/api/items/${itemId}/giveaway-requests`;
const pick = (askId: string) => `/api/giveaway-requests/${askId}/pick`;

const availability = async (id: string) =>
  (await t.db.select({ a: items.availability }).from(items).where(eq(items.id, id)))[0]?.a;
const askRows = (itemId: string) =>
  t.db.select().from(giveawayRequests).where(eq(giveawayRequests.itemId, itemId));
const notes = async (client: TestClient) =>
  (await client.get('/api/notifications')).json() as Array<{
    type: string;
    title: string;
    message: string;
    link: string | null;
  }>;

/** Gia gives a scarf away; two members ask for it. */
async function giveawayWithAskers() {
  const gia = await t.member({ firstName: 'Gia' });
  const ana = await t.member({ firstName: 'Ana' });
  const ben = await t.member({ firstName: 'Ben' });
  const scarf = await buildItem(t, gia, { title: 'Silk Scarf', category: 'accessories', isGiveaway: true });
  const first = await ana.post(asks(scarf.id), { message: 'I would wear it every day' });
  expect(first.statusCode).toBe(201);
  const second = await ben.post(asks(scarf.id), {});
  expect(second.statusCode).toBe(201);
  return { gia, ana, ben, scarf, anaAsk: first.json().id as string, benAsk: second.json().id as string };
}

describe(`giveaway asks (${testDriver})`, () => {
  it('answers 401 to a visitor on every route, and changes nothing', async () => {
    const gia = await t.member();
    const scarf = await buildItem(t, gia, { isGiveaway: true });
    const visitor = t.visitor();
    expect((await visitor.post(asks(scarf.id), {})).statusCode).toBe(401);
    expect((await visitor.delete(asks(scarf.id))).statusCode).toBe(401);
    expect((await visitor.get(asks(scarf.id))).statusCode).toBe(401);
    expect((await visitor.get(`${asks(scarf.id)}/mine`)).statusCode).toBe(401);
    expect((await visitor.post(pick(NO_SUCH))).statusCode).toBe(401);
    expect(await askRows(scarf.id)).toEqual([]);
  });

  it('lets a member ask once, tells the owner in one notification per item, and shows the owner who asked', async () => {
    const { gia, ana, ben, scarf } = await giveawayWithAskers();
    expect((await ana.get(`${asks(scarf.id)}/mine`)).json().ask).toMatchObject({
      status: 'open',
      message: 'I would wear it every day',
    });
    const again = await ana.post(asks(scarf.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('giveaway.already_asked');

    const asked = (await notes(gia)).filter((n) => n.link === `/browse?highlight=${scarf.id}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain('Ben');
    expect(asked[0]?.message).toContain('2');

    const list = await gia.get(asks(scarf.id));
    expect(list.statusCode).toBe(200);
    expect(list.json().asks.map((a: { asker: { firstName: string } }) => a.asker.firstName)).toEqual([
      'Ana',
      'Ben',
    ]);
    expect(list.json().asks[0]).toMatchObject({
      message: 'I would wear it every day',
      asker: { reviewCount: 0, averageRating: null, reliability: { isNew: true } },
    });
    // Askers and strangers do not see the list.
    for (const other of [ana, ben, await t.member()]) {
      const answer = await other.get(asks(scarf.id));
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('giveaway.owner_only');
    }
  }, 60_000);

  it('refuses the owner, a listing that is not a giveaway, a missing item, and a block either way', async () => {
    const gia = await t.member();
    const ana = await t.member();
    const scarf = await buildItem(t, gia, { isGiveaway: true });
    const coat = await buildItem(t, gia);
    const own = await gia.post(asks(scarf.id), {});
    expect([own.statusCode, own.json().code]).toEqual([403, 'giveaway.own_item']);
    const plain = await ana.post(asks(coat.id), {});
    expect([plain.statusCode, plain.json().code]).toEqual([409, 'giveaway.not_a_giveaway']);
    const missing = await ana.post(asks(NO_SUCH), {});
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'giveaway.item_not_found']);

    expect((await gia.post('/api/blocks', { userId: ana.user?.id })).statusCode).toBe(201);
    const blocked = await ana.post(asks(scarf.id), {});
    expect([blocked.statusCode, blocked.json().code]).toEqual([403, 'safety.blocked']);
    const cleo = await t.member();
    expect((await cleo.post('/api/blocks', { userId: gia.user?.id })).statusCode).toBe(201);
    expect((await cleo.post(asks(scarf.id), {})).statusCode).toBe(403);
    expect(await askRows(scarf.id)).toEqual([]);
  });

  it('gives 4xx to hostile input and changes nothing', async () => {
    const gia = await t.member();
    const ana = await t.member();
    const scarf = await buildItem(t, gia, { isGiveaway: true });
    for (const body of [
      { message: 'x'.repeat(5001) },
      { message: 42 },
      { message: ['a'] },
      { message: 'hi', extra: true },
      { status: 'picked' },
      'not json',
    ]) {
      const answer = await ana.post(asks(scarf.id), body);
      expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    for (const id of ['not-a-uuid', "1' or '1'='1", '../../admin']) {
      expect((await ana.post(asks(encodeURIComponent(id)), {})).statusCode).toBe(400);
      expect((await gia.post(pick(encodeURIComponent(id)))).statusCode).toBe(400);
    }
    expect((await gia.post(pick(NO_SUCH))).statusCode).toBe(404);
    expect(await askRows(scarf.id)).toEqual([]);
    expect(await availability(scarf.id)).toBe('available');
  });

  it('withdraws an open ask, and lets the member ask again', async () => {
    const gia = await t.member();
    const ana = await t.member();
    const scarf = await buildItem(t, gia, { isGiveaway: true });
    expect((await ana.post(asks(scarf.id), {})).statusCode).toBe(201);
    expect((await ana.delete(asks(scarf.id))).statusCode).toBe(200);
    const twice = await ana.delete(asks(scarf.id));
    expect([twice.statusCode, twice.json().code]).toEqual([404, 'giveaway.not_found']);
    expect((await ana.get(`${asks(scarf.id)}/mine`)).json().ask).toBeNull();
    expect((await gia.get(asks(scarf.id))).json().asks).toEqual([]);
    expect((await ana.post(asks(scarf.id), {})).statusCode).toBe(201);
  });
});

describe(`picking an asker (${testDriver})`, () => {
  it('only the owner picks: a stranger and the asker get 404', async () => {
    const { ana, anaAsk, scarf } = await giveawayWithAskers();
    const stranger = await t.member();
    for (const member of [stranger, ana]) {
      const answer = await member.post(pick(anaAsk));
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'giveaway.not_found']);
    }
    expect(await availability(scarf.id)).toBe('available');
  });

  it('makes a handover: the owner gives, the asker gives nothing; the others are told; it completes on receipt', async () => {
    const { gia, ana, ben, scarf, anaAsk, benAsk } = await giveawayWithAskers();
    const picked = await gia.post(pick(anaAsk));
    expect(picked.statusCode).toBe(200);
    const { tradeId } = picked.json();
    expect(await availability(scarf.id)).toBe('reserved');

    const trade = await ana.get(`/api/trade-requests/${tradeId}`);
    expect(trade.statusCode).toBe(200);
    expect(trade.json()).toMatchObject({
      status: 'accepted',
      requestedItemId: scarf.id,
      offeredItemId: null,
      offeredItems: [],
      ownerUserId: gia.user?.id,
      requesterId: ana.user?.id,
    });
    expect(trade.json().requesterSentAt).not.toBeNull();
    // Its history starts with Ana's ask (the trade page words it "You asked for it"), then Gia's pick.
    expect(trade.json().offers).toMatchObject([
      { version: 1, proposedById: ana.user?.id, requestedItems: [{ id: scarf.id }], offeredItems: [] },
    ]);
    expect(
      trade
        .json()
        .history.map((entry: { event: string; actorId: string | null }) => [entry.event, entry.actorId]),
    ).toEqual([
      ['requested', ana.user?.id],
      ['accepted', gia.user?.id],
    ]);
    // In both members' lists like any trade.
    for (const member of [gia, ana]) {
      const list = (await member.get('/api/trade-requests')).json() as Array<{ id: string }>;
      expect(list.map((row) => row.id)).toContain(tradeId);
    }

    const rows = await askRows(scarf.id);
    expect(rows.find((row) => row.id === anaAsk)).toMatchObject({
      status: 'picked',
      tradeRequestId: tradeId,
    });
    expect(rows.find((row) => row.id === benAsk)?.status).toBe('declined');
    expect((await notes(ana)).some((n) => n.title === 'Your ask was picked!')).toBe(true);
    const benNotes = await notes(ben);
    expect(benNotes.some((n) => n.message.includes('it is going to another member'))).toBe(true);

    // Done once: the pick, another pick and a new ask are refused.
    const again = await gia.post(pick(anaAsk));
    expect([again.statusCode, again.json().code]).toEqual([409, 'giveaway.ask_closed']);
    const other = await gia.post(pick(benAsk));
    expect(other.statusCode).toBe(409);
    const late = await (await t.member()).post(asks(scarf.id), {});
    expect([late.statusCode, late.json().code]).toEqual([409, 'giveaway.item_unavailable']);

    // The giver sends; the receiver confirms; the giver has nothing to receive.
    expect((await gia.post(`/api/trade-requests/${tradeId}/sent`)).statusCode).toBe(200);
    const giver = await gia.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    expect([giver.statusCode, giver.json().code]).toEqual([409, 'trade.nothing_to_receive']);
    const received = await ana.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    expect(received.statusCode).toBe(200);
    expect(received.json().status).toBe('completed');
    expect(await availability(scarf.id)).toBe('traded');
    // And both may review each other, like any completed trade.
    const review = {
      tradeRequestId: tradeId,
      rating: 5,
      communicationRating: 5,
      itemConditionAccurate: true,
    };
    expect((await ana.post('/api/reviews', review)).statusCode).toBe(201);
    expect((await gia.post('/api/reviews', review)).statusCode).toBe(201);
  }, 90_000);

  it('only the giver sends: the receiver never sees the giver’s address nor gets a slip', async () => {
    const { gia, ana, anaAsk } = await giveawayWithAskers();
    const { tradeId } = (await gia.post(pick(anaAsk))).json();
    const address = (name: string) => ({
      name,
      line1: '1 Rue de la Paix',
      postcode: '75002',
      city: 'Paris',
      country: 'FR',
    });
    const before = (await gia.get(`/api/trade-requests/${tradeId}`)).json();
    expect(before.needsAddress).toBe(false);
    expect((await ana.get(`/api/trade-requests/${tradeId}`)).json().needsAddress).toBe(true);
    expect((await gia.put('/api/users/address', address('Gia Giver'))).statusCode).toBe(200);
    expect((await ana.put('/api/users/address', address('Ana Asker'))).statusCode).toBe(200);
    const giver = (await gia.get(`/api/trade-requests/${tradeId}`)).json();
    expect(giver.recipientAddress?.name).toBe('Ana Asker');
    const receiver = (await ana.get(`/api/trade-requests/${tradeId}`)).json();
    expect(receiver.recipientAddress).toBeNull();
    expect(JSON.stringify(receiver)).not.toContain('Gia Giver');
    const slip = await ana.get(`/api/trade-requests/${tradeId}/packing-slip`);
    expect(slip.statusCode).toBe(409);
    expect(slip.json().code).toBe('packing_slip.nothing_to_send');
    expect(slip.body).not.toContain('Gia Giver');
    expect((await gia.get(`/api/trade-requests/${tradeId}/packing-slip`)).statusCode).toBe(200);
  }, 60_000);

  it('declines pending barter requests on the item when an ask is picked', async () => {
    const { gia, anaAsk, scarf } = await giveawayWithAskers();
    const cleo = await t.member();
    const bag = await listItem(cleo);
    const barter = await cleo.post('/api/trade-requests', {
      requestedItemId: scarf.id,
      offeredItemId: bag.id,
    });
    expect(barter.statusCode).toBe(201);
    expect((await gia.post(pick(anaAsk))).statusCode).toBe(200);
    const [row] = await t.db.select().from(tradeRequests).where(eq(tradeRequests.id, barter.json().id));
    expect(row?.status).toBe('declined');
    expect(await availability(bag.id)).toBe('available');
  }, 60_000);

  it('ends open asks when the owner accepts a barter for the item instead', async () => {
    const { gia, ana, scarf } = await giveawayWithAskers();
    const cleo = await t.member();
    const bag = await listItem(cleo);
    const barter = (
      await cleo.post('/api/trade-requests', { requestedItemId: scarf.id, offeredItemId: bag.id })
    ).json();
    expect((await gia.patch(`/api/trade-requests/${barter.id}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    expect((await askRows(scarf.id)).map((row) => row.status)).toEqual(['declined', 'declined']);
    expect((await notes(ana)).some((n) => n.title === 'Giveaway gone')).toBe(true);
  }, 60_000);
});

describe(`races (${testDriver})`, () => {
  it('of many concurrent picks on one giveaway exactly one wins, and one trade holds the item', async () => {
    const gia = await t.member();
    const scarf = await buildItem(t, gia, { isGiveaway: true });
    const askers = await Promise.all(Array.from({ length: 8 }, () => t.member()));
    const ids: string[] = [];
    for (const asker of askers) ids.push((await asker.post(asks(scarf.id), {})).json().id);
    const results = await Promise.all(ids.map((id) => gia.post(pick(id))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const trades = await t.db
      .select()
      .from(tradeRequests)
      .where(and(eq(tradeRequests.requestedItemId, scarf.id), eq(tradeRequests.status, 'accepted')));
    expect(trades).toHaveLength(1);
    expect((await askRows(scarf.id)).filter((row) => row.status === 'picked')).toHaveLength(1);
  }, 90_000);

  it('concurrent asks by one member leave one open ask', async () => {
    const gia = await t.member();
    const ana = await t.member();
    const scarf = await buildItem(t, gia, { isGiveaway: true });
    const results = await Promise.all(Array.from({ length: 6 }, () => ana.post(asks(scarf.id), {})));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await askRows(scarf.id)).toHaveLength(1);
  });

  /**
   * The scarf starts a chain (scarf → Ana, Ana's coat → Ben) while Cleo asks for it. Whichever of the
   * chain's last acceptance and Gia's pick of Cleo commits first, the scarf is given once.
   */
  async function chainAndAsk() {
    const gia = await t.member({ firstName: 'Gia' });
    const ana = await t.member({ firstName: 'Ana' });
    const ben = await t.member({ firstName: 'Ben' });
    const cleo = await t.member({ firstName: 'Cleo' });
    const scarf = await buildItem(t, gia, { title: 'Scarf', category: 'accessories', isGiveaway: true });
    await buildItem(t, ana, { title: 'Coat', category: 'clothing' });
    await buildItem(t, ben, { title: 'Boots', category: 'shoes' });
    expect((await ana.post('/api/swap-rules', { category: 'accessories' })).statusCode).toBe(201);
    expect((await ben.post('/api/swap-rules', { category: 'clothing' })).statusCode).toBe(201);
    const ask = (await cleo.post(asks(scarf.id), {})).json().id as string;
    expect(await repackRings(t.app.services, ringTimers, new Date(), 10)).toHaveLength(1);
    const [ring] = (await ringsOf(ana)) as [Ring];
    expect(ring.kind).toBe('chain');
    return { gia, ana, ben, cleo, scarf, ask, ring };
  }

  const heldBy = async (scarfId: string) => {
    const trades = await t.db
      .select()
      .from(tradeRequests)
      .where(and(eq(tradeRequests.requestedItemId, scarfId), eq(tradeRequests.status, 'accepted')));
    return trades.length;
  };

  it('a pick before the chain is accepted dissolves the chain', async () => {
    const { gia, ana, ben, scarf, ask, ring } = await chainAndAsk();
    expect((await gia.post(pick(ask))).statusCode).toBe(200);
    const after = await ana.get(`/api/rings/${ring.id}`);
    expect(after.json().status).toBe('cancelled');
    // Nobody can accept it any more, and the scarf is held by the handover only.
    expect((await answerRing(ben, ring, 'accepted')).statusCode).toBe(409);
    expect(await heldBy(scarf.id)).toBe(1);
    expect(await availability(scarf.id)).toBe('reserved');
  }, 90_000);

  it('a chain accepted before a pick wins: the pick is refused and the ask declined', async () => {
    const { gia, ana, ben, cleo, scarf, ask, ring } = await chainAndAsk();
    for (const member of [gia, ana, ben])
      expect((await answerRing(member, ring, 'accepted')).statusCode).toBe(200);
    expect((await ana.get(`/api/rings/${ring.id}`)).json().status).toBe('accepted');
    const late = await gia.post(pick(ask));
    expect(late.statusCode).toBe(409);
    expect(await heldBy(scarf.id)).toBe(0);
    expect((await askRows(scarf.id))[0]?.status).toBe('declined');
    expect((await notes(cleo)).some((n) => n.title === 'Giveaway gone')).toBe(true);
  }, 90_000);

  it('the chain’s last acceptance and a pick at once: the scarf is given once', async () => {
    const { gia, ana, ben, scarf, ask, ring } = await chainAndAsk();
    for (const member of [gia, ana])
      expect((await answerRing(member, ring, 'accepted')).statusCode).toBe(200);
    const [last, picked] = await Promise.all([answerRing(ben, ring, 'accepted'), gia.post(pick(ask))]);
    const ringAccepted = (await ana.get(`/api/rings/${ring.id}`)).json().status === 'accepted';
    const handovers = await heldBy(scarf.id);
    // Exactly one of them holds the scarf.
    expect(Number(ringAccepted) + handovers).toBe(1);
    expect(picked.statusCode === 200).toBe(handovers === 1);
    expect(last.statusCode).toBeLessThan(500);
    expect(await availability(scarf.id)).toBe('reserved');
  }, 90_000);
});
