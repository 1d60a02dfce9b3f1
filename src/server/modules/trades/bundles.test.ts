import { markTradeSent } from '../../test-support/builders';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const t = useTestApp();

const titles = (client: TestClient) =>
  client.get('/api/notifications').then((r) => r.json().map((n: { title: string }) => n.title) as string[]);

async function availability(id: string) {
  const [row] = await queryRows<{ availability: string }>(
    t.db,
    sql`select availability from items where id = ${id}`,
  );
  return row?.availability;
}

async function closets(ownerCount = 3, requesterCount = 3) {
  const owner = await t.member();
  const requester = await t.member();
  const ownerItems = [];
  for (let i = 0; i < ownerCount; i += 1)
    ownerItems.push(await listItem(owner, { title: `Owner piece ${i}`, estimatedValue: 2000 + i * 100 }));
  const requesterItems = [];
  for (let i = 0; i < requesterCount; i += 1)
    requesterItems.push(await listItem(requester, { title: `Requester piece ${i}`, estimatedValue: 1500 }));
  return { owner, requester, ownerItems, requesterItems };
}

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);
/** Sends a barter request for these items and returns the trade (its answer's body). */
const requestTrade = async (
  requester: TestClient,
  requestedItemIds: Array<string | undefined>,
  offeredItemIds: Array<string | undefined>,
) => (await requester.post('/api/trade-requests', { requestedItemIds, offeredItemIds })).json();

describe(`bundles (${testDriver})`, () => {
  it('a request for several items offering several: both sides listed, every item pending, owner told', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets();
    const response = await requester.post('/api/trade-requests', {
      requestedItemIds: ids(ownerItems.slice(0, 2)),
      offeredItemIds: ids(requesterItems),
    });
    expect(response.statusCode).toBe(201);
    const trade = response.json();
    expect(ids(trade.requestedItems)).toEqual(ids(ownerItems.slice(0, 2)));
    expect(ids(trade.offeredItems)).toEqual(ids(requesterItems));
    // The first item of each side keeps the single-item fields meaningful.
    expect(trade.requestedItemId).toBe(ownerItems[0]?.id);
    expect(trade.offeredItemId).toBe(requesterItems[0]?.id);
    expect(trade.offerVersion).toBe(1);
    expect(trade.offeredById).toBe(requester.user?.id);
    expect(trade.offers).toHaveLength(1);
    for (const item of [...ownerItems.slice(0, 2), ...requesterItems])
      expect(await availability(item.id)).toBe('pending');
    expect(await availability(ownerItems[2]?.id as string)).toBe('available');
    expect(await titles(owner)).toContain('New barter request');
    // The owner sees the same trade in their list.
    const [listed] = (await owner.get('/api/trade-requests')).json();
    expect(ids(listed.offeredItems)).toEqual(ids(requesterItems));
  });

  it('refuses bad bundles with a clear 4xx and changes nothing', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 2);
    const other = await t.member();
    const foreign = await listItem(other);
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ requestedItemIds: [], offeredItemIds: ids(requesterItems) }, 400, /at least one/],
      [
        { requestedItemIds: ids(ownerItems), offeredItemIds: Array(6).fill(requesterItems[0]?.id) },
        400,
        /at most 5/,
      ],
      [
        { requestedItemIds: [ownerItems[0]?.id, ownerItems[0]?.id], offeredItemIds: ids(requesterItems) },
        400,
        /twice/,
      ],
      [
        {
          requestedItemId: ownerItems[0]?.id,
          requestedItemIds: ids(ownerItems),
          offeredItemIds: ids(requesterItems),
        },
        400,
        /not both/,
      ],
      [
        { requestedItemIds: [ownerItems[0]?.id, foreign.id], offeredItemIds: ids(requesterItems) },
        400,
        /one member/,
      ],
      [
        { requestedItemIds: ids(ownerItems), offeredItemIds: [requesterItems[0]?.id, foreign.id] },
        403,
        /your own/,
      ],
      [{ requestedItemIds: ids(ownerItems), offeredItemIds: [ownerItems[0]?.id] }, 400, /asking for/],
    ];
    for (const [body, status, message] of cases) {
      const response = await requester.post('/api/trade-requests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect((await requester.get('/api/trade-requests')).json()).toEqual([]);
    expect(await availability(ownerItems[0]?.id as string)).toBe('available');
    // Blocks: refused whichever side blocked.
    await owner.post('/api/blocks', { userId: requester.user?.id });
    const blocked = await requester.post('/api/trade-requests', {
      requestedItemIds: ids(ownerItems),
      offeredItemIds: ids(requesterItems),
    });
    expect(blocked.statusCode).toBe(403);
  });

  it('the single-id form keeps working and answers one item a side', async () => {
    const { requester, ownerItems, requesterItems } = await closets(1, 1);
    const response = await requester.post('/api/trade-requests', {
      requestedItemId: ownerItems[0]?.id,
      offeredItemId: requesterItems[0]?.id,
    });
    expect(response.statusCode).toBe(201);
    expect(ids(response.json().requestedItems)).toEqual(ids(ownerItems));
    expect(ids(response.json().offeredItems)).toEqual(ids(requesterItems));
  });

  it('accepting a bundle reserves every item and closes competing requests on any of them', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets();
    const bundle = await requestTrade(
      requester,
      ids(ownerItems.slice(0, 2)),
      ids(requesterItems.slice(0, 2)),
    );
    // A competitor wants the bundle's second item; the requester also offers their third item's
    // partner (second item) elsewhere.
    const competitor = await t.member();
    const competitorItem = await listItem(competitor);
    const competing = (
      await competitor.post('/api/trade-requests', {
        requestedItemId: ownerItems[1]?.id,
        offeredItemId: competitorItem.id,
      })
    ).json();
    const elsewhere = await t.member();
    const elsewhereItem = await listItem(elsewhere);
    const competingOffer = await requestTrade(
      requester,
      [elsewhereItem.id],
      [requesterItems[2]?.id, requesterItems[1]?.id],
    );
    const accepted = await owner.patch(`/api/trade-requests/${bundle.id}`, {
      status: 'accepted',
      termsVersion: bundle.termsVersion,
      offerVersion: 1,
    });
    expect(accepted.statusCode).toBe(200);
    for (const item of [...ownerItems.slice(0, 2), ...requesterItems.slice(0, 2)])
      expect(await availability(item.id)).toBe('reserved');
    const statusOf = async (client: TestClient, id: string) =>
      (await client.get('/api/trade-requests')).json().find((trade: { id: string }) => trade.id === id)
        ?.status;
    expect(await statusOf(competitor, competing.id)).toBe('declined');
    expect(await statusOf(elsewhere, competingOffer.id)).toBe('declined');
    expect(await titles(competitor)).toContain('Barter request declined');
    // The other items of the closed requests go back on offer (after the commit).
    await expect.poll(() => availability(competitorItem.id)).toBe('available');
    await expect.poll(() => availability(requesterItems[2]?.id as string)).toBe('available');
    // Confirming both receipts trades every item.
    await markTradeSent(t, bundle.id);
    await owner.post(`/api/trade-requests/${bundle.id}/received`, { asDescribed: true });
    await markTradeSent(t, bundle.id);
    await requester.post(`/api/trade-requests/${bundle.id}/received`, { asDescribed: true });
    for (const item of [...ownerItems.slice(0, 2), ...requesterItems.slice(0, 2)])
      expect(await availability(item.id)).toBe('traded');
  });

  it('cancelling an accepted bundle releases every item', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 2);
    const bundle = await requestTrade(requester, ids(ownerItems), ids(requesterItems));
    expect((await owner.patch(`/api/trade-requests/${bundle.id}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    expect(
      (await requester.patch(`/api/trade-requests/${bundle.id}`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    for (const item of [...ownerItems, ...requesterItems])
      expect(await availability(item.id)).toBe('available');
  });

  it('deleting the second item of a pending bundle closes the request', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 1);
    const bundle = await requestTrade(requester, ids(ownerItems), ids(requesterItems));
    expect((await owner.delete(`/api/items/${ownerItems[1]?.id}`)).statusCode).toBeLessThan(300);
    const [trade] = (await requester.get('/api/trade-requests')).json();
    expect(trade.id).toBe(bundle.id);
    expect(trade.status).toBe('declined');
    await expect.poll(() => availability(requesterItems[0]?.id as string)).toBe('available');
  });

  it('a change to a later item of a bundle is shown to the member who must answer, not only the first', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(1, 2);
    const bundle = await requestTrade(requester, ids(ownerItems), ids(requesterItems));
    expect(bundle.itemChanges).toEqual([]);
    const second = requesterItems[1]?.id as string;
    expect(
      (await requester.patch(`/api/items/${second}`, { description: 'Now with a small tear.' })).statusCode,
    ).toBe(200);
    const [seen] = (await owner.get('/api/trade-requests')).json();
    expect(seen.offeredItemChanges).toEqual([]);
    expect(seen.itemChanges).toEqual([
      {
        side: 'offered',
        item: expect.objectContaining({ id: second }),
        now: expect.objectContaining({ id: second }),
        changes: [{ field: 'description', before: expect.any(String), after: 'Now with a small tear.' }],
      },
    ]);
    // Accepting blind is refused, as for a single item.
    const blind = await owner.patch(`/api/trade-requests/${bundle.id}`, { status: 'accepted' });
    expect(blind.statusCode).toBe(409);
  });
});

describe(`counter-offers (${testDriver})`, () => {
  it('the owner counters, the history keeps both versions, the requester accepts the latest', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets();
    const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
    const counter = await owner.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: [ownerItems[0]?.id],
      offeredItemIds: [requesterItems[0]?.id, requesterItems[1]?.id],
      message: 'Add the second one and it is a deal',
    });
    expect(counter.statusCode).toBe(200);
    const countered = counter.json();
    expect(countered.id).toBe(request.id);
    expect(countered.offerVersion).toBe(2);
    expect(countered.offeredById).toBe(owner.user?.id);
    expect(countered.message).toBe('Add the second one and it is a deal');
    expect(ids(countered.offeredItems)).toEqual(ids(requesterItems.slice(0, 2)));
    expect(
      countered.offers.map((offer: { version: number; proposedById: string; offeredItems: [] }) => [
        offer.version,
        offer.proposedById,
        offer.offeredItems.length,
      ]),
    ).toEqual([
      [1, requester.user?.id, 1],
      [2, owner.user?.id, 2],
    ]);
    expect(await availability(requesterItems[1]?.id as string)).toBe('pending');
    expect(await titles(requester)).toContain('Counter-offer');

    // The one who proposed the latest version cannot accept it, nor counter it again.
    const own = await owner.patch(`/api/trade-requests/${request.id}`, { status: 'accepted' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/latest offer/);
    const again = await owner.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: [ownerItems[1]?.id],
      offeredItemIds: [requesterItems[0]?.id],
    });
    expect(again.statusCode).toBe(403);

    // The requester accepts the latest version.
    const accepted = await requester.patch(`/api/trade-requests/${request.id}`, {
      status: 'accepted',
      offerVersion: 2,
      termsVersion: countered.termsVersion,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    for (const item of [ownerItems[0], requesterItems[0], requesterItems[1]])
      expect(await availability(item?.id as string)).toBe('reserved');
    expect(await titles(owner)).toContain('Barter request accepted!');
  });

  it('accepting a version that a counter-offer replaced answers 409 and changes nothing', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets();
    const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
    await owner.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: [ownerItems[0]?.id],
      offeredItemIds: [requesterItems[1]?.id],
    });
    // The requester counters back, with the first item of the owner plus a second one.
    const back = await requester.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: [ownerItems[0]?.id, ownerItems[1]?.id],
      offeredItemIds: [requesterItems[1]?.id, requesterItems[2]?.id],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().offerVersion).toBe(3);
    // requesterItems[0] left the offer: back on offer.
    expect(await availability(requesterItems[0]?.id as string)).toBe('available');
    const stale = await owner.patch(`/api/trade-requests/${request.id}`, {
      status: 'accepted',
      offerVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/counter-offer/);
    const [trade] = (await owner.get('/api/trade-requests')).json();
    expect(trade.status).toBe('pending');
    expect(trade.offers).toHaveLength(3);
    expect(await availability(ownerItems[1]?.id as string)).toBe('pending');
    // The latest version is accepted by the owner.
    const ok = await owner.patch(`/api/trade-requests/${request.id}`, {
      status: 'accepted',
      offerVersion: 3,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses bad counter-offers: a visitor, a stranger, foreign items, no change, a settled request', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 2);
    const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
    const url = `/api/trade-requests/${request.id}/counter`;
    const body = { requestedItemIds: [ownerItems[1]?.id], offeredItemIds: [requesterItems[0]?.id] };
    expect((await t.visitor().post(url, body)).statusCode).toBe(401);
    const stranger = await t.member();
    expect((await stranger.post(url, body)).statusCode).toBe(404);
    // The requester made the latest offer: the owner answers it.
    expect((await requester.post(url, body)).statusCode).toBe(403);
    const strangerItem = await listItem(stranger);
    const foreign = await owner.post(url, {
      requestedItemIds: [ownerItems[0]?.id],
      offeredItemIds: [strangerItem.id],
    });
    expect(foreign.statusCode).toBe(403);
    const swapped = await owner.post(url, {
      requestedItemIds: [requesterItems[1]?.id],
      offeredItemIds: [requesterItems[0]?.id],
    });
    expect(swapped.statusCode).toBe(400);
    const same = await owner.post(url, {
      requestedItemIds: [ownerItems[0]?.id],
      offeredItemIds: [requesterItems[0]?.id],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/change/);
    expect((await owner.post(url, { requestedItemIds: [], offeredItemIds: [] })).statusCode).toBe(400);
    const [unchanged] = (await owner.get('/api/trade-requests')).json();
    expect(unchanged.offerVersion).toBe(1);
    expect(unchanged.offers).toHaveLength(1);
    await owner.patch(`/api/trade-requests/${request.id}`, { status: 'declined' });
    expect((await owner.post(url, body)).statusCode).toBe(409);
  });

  it('refuses hostile counter-offer messages with 400 and changes nothing', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 1);
    const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
    for (const message of ['nul \u0000 byte', 'lone \uD800 surrogate', 'x'.repeat(100_000)]) {
      const response = await owner.post(`/api/trade-requests/${request.id}/counter`, {
        requestedItemIds: ids(ownerItems),
        offeredItemIds: [requesterItems[0]?.id],
        message,
      });
      expect(response.statusCode).toBe(400);
    }
    const sqlish = await owner.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: ["'; drop table items; --"],
      offeredItemIds: [{ $ne: null }],
    });
    expect(sqlish.statusCode).toBe(400);
    expect((await owner.get('/api/trade-requests')).json()[0].offerVersion).toBe(1);
  });

  it('a block between the parties stops a counter-offer', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 1);
    const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
    await requester.post('/api/blocks', { userId: owner.user?.id });
    const counter = await owner.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: ids(ownerItems),
      offeredItemIds: [requesterItems[0]?.id],
    });
    // The block closed the request; either way, no counter-offer.
    expect([403, 409]).toContain(counter.statusCode);
  });

  it('a counter-offer expires from when it was made, like a request', async () => {
    const { owner, requester, ownerItems, requesterItems } = await closets(2, 1);
    const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
    await t.db.execute(
      sql`update trade_requests set created_at = now() - interval '60 days' where id = ${request.id}`,
    );
    await owner.post(`/api/trade-requests/${request.id}/counter`, {
      requestedItemIds: ids(ownerItems),
      offeredItemIds: [requesterItems[0]?.id],
    });
    await t.app.sweep.run();
    expect((await owner.get('/api/trade-requests')).json()[0].status).toBe('pending');
    await t.db.execute(
      sql`update trade_requests set offered_at = now() - interval '60 days' where id = ${request.id}`,
    );
    await t.app.sweep.run();
    expect((await owner.get('/api/trade-requests')).json()[0].status).toBe('declined');
    for (const item of [...ownerItems, ...requesterItems])
      expect(await availability(item.id)).toBe('available');
  });

  it('two accepts of overlapping bundles at once: one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const owner = await t.member();
      const shared = await listItem(owner, { title: 'Shared coat' });
      const left = await listItem(owner);
      const right = await listItem(owner);
      const first = await t.member();
      const second = await t.member();
      const firstItems = [await listItem(first), await listItem(first)];
      const secondItems = [await listItem(second), await listItem(second)];
      const one = (
        await first.post('/api/trade-requests', {
          requestedItemIds: [left.id, shared.id],
          offeredItemIds: ids(firstItems),
        })
      ).json();
      const two = (
        await second.post('/api/trade-requests', {
          requestedItemIds: [shared.id, right.id],
          offeredItemIds: ids(secondItems),
        })
      ).json();
      const results = await Promise.all([
        owner.patch(`/api/trade-requests/${one.id}`, { status: 'accepted' }),
        owner.patch(`/api/trade-requests/${two.id}`, { status: 'accepted' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const reserved = await queryRows<{ count: number }>(
        t.db,
        sql`select count(*)::int as count from trade_request_items tri
            join trade_requests r on r.id = tri.trade_request_id
            where tri.item_id = ${shared.id} and r.status = 'accepted'`,
      );
      expect(reserved[0]?.count).toBe(1);
    }
  }, 180_000);

  it('a counter-offer racing an accept of the old version: never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, requester, ownerItems, requesterItems } = await closets(2, 2);
      const request = await requestTrade(requester, [ownerItems[0]?.id], [requesterItems[0]?.id]);
      const countered = (
        await owner.post(`/api/trade-requests/${request.id}/counter`, {
          requestedItemIds: [ownerItems[0]?.id],
          offeredItemIds: ids(requesterItems),
        })
      ).json();
      // The requester accepts version 2 while counting back with version 3.
      const [accept, back] = await Promise.all([
        requester.patch(`/api/trade-requests/${request.id}`, { status: 'accepted', offerVersion: 2 }),
        requester.post(`/api/trade-requests/${request.id}/counter`, {
          requestedItemIds: ids(ownerItems),
          offeredItemIds: ids(requesterItems),
        }),
      ]);
      expect(countered.offerVersion).toBe(2);
      expect([accept.statusCode, back.statusCode].sort()).toEqual([200, 409]);
    }
  }, 180_000);
});
