import { markTradeSent } from '../../test-support/builders';
import { describe, expect, it } from 'vitest';
import { swapImpact } from '../../../common/domain/swap-impact';
import { buildItem } from '../../test-support/builders';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknownId = '00000000-0000-4000-8000-000000000000';

async function setup() {
  const owner = await t.member({ firstName: 'Olivia' });
  const requester = await t.member({ firstName: 'Ravi' });
  const other = await t.member({ firstName: 'Otto' });
  const wanted = await buildItem(t, owner, { title: 'Wool Coat', estimatedValue: 9000 });
  const offered = await buildItem(t, requester, { title: 'Leather Boots', estimatedValue: 8500 });
  return { owner, requester, other, wanted, offered };
}

async function request(client: TestClient, requestedItemId: string, offeredItemId: string, message?: string) {
  return client.post('/api/trade-requests', { requestedItemId, offeredItemId, message });
}

const availability = async (id: string, viewer: TestClient) =>
  (await viewer.get(`/api/items/${id}`)).json().availability;
const titles = async (client: TestClient) =>
  (await client.get('/api/notifications')).json().map((n: { title: string }) => n.title);

describe('POST /api/trade-requests', () => {
  it('creates a pending request with the default message, and notifies the owner', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const response = await request(requester, wanted.id, offered.id);
    expect(response.statusCode).toBe(201);
    const trade = response.json();
    expect(trade).toMatchObject({
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
      ownerUserId: owner.user?.id,
      requesterId: requester.user?.id,
      status: 'pending',
      side: 'outgoing',
      message: 'Hi! I\'d love to swap my "Leather Boots" for your "Wool Coat". Let me know what you think!',
      requestedItems: [{ title: 'Wool Coat' }],
      offeredItems: [{ title: 'Leather Boots' }],
      requester: { firstName: 'Ravi' },
      owner: { firstName: 'Olivia' },
    });
    const notes = (await owner.get('/api/notifications')).json();
    expect(notes[0]).toMatchObject({
      type: 'trade_request',
      title: 'New barter request',
      message: 'Ravi offers "Leather Boots" for your "Wool Coat".',
      isRead: false,
      link: `/trades/${trade.id}`,
    });
    expect(await availability(wanted.id, owner)).toBe('pending');
    expect(await availability(offered.id, owner)).toBe('pending');
  });

  it('keeps a custom message and accepts a matching ownerUserId', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const response = await requester.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
      message: '  Would you swap?  ',
      ownerUserId: owner.user?.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Would you swap?');
  });

  it('refuses a visitor with 401', async () => {
    const { wanted, offered } = await setup();
    expect((await request(t.visitor(), wanted.id, offered.id)).statusCode).toBe(401);
  });

  it('refuses offering an item that is not yours (403), your own target (400) and the same item (400)', async () => {
    const { owner, requester, other, wanted, offered } = await setup();
    const notMine = await request(other, wanted.id, offered.id);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('You can only offer your own items');
    const own = await request(owner, wanted.id, wanted.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot offer the item you are asking for');
    const mine = await listItem(owner, { title: 'Another of mine' });
    const ownTarget = await request(owner, wanted.id, mine.id);
    expect(ownTarget.statusCode).toBe(400);
    expect(ownTarget.json().message).toBe('You cannot send a barter request for your own item');
    expect((await requester.get('/api/trade-requests')).json()).toEqual([]);
  });

  it('refuses unknown items (404), a wrong ownerUserId (400) and bad input (400)', async () => {
    const { owner, requester, wanted, offered } = await setup();
    expect((await request(requester, unknownId, offered.id)).statusCode).toBe(404);
    expect((await request(requester, wanted.id, unknownId)).statusCode).toBe(404);
    const wrongOwner = await requester.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
      ownerUserId: requester.user?.id,
    });
    expect(wrongOwner.statusCode).toBe(400);
    expect(wrongOwner.json().message).toBe('ownerUserId does not match the owner of the requested item');
    const missing = await requester.post('/api/trade-requests', { requestedItemId: wanted.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select an item to offer for barter');
    expect(
      (await requester.post('/api/trade-requests', { requestedItemId: 'x', offeredItemId: offered.id }))
        .statusCode,
    ).toBe(400);
    expect((await owner.get('/api/notifications')).json()).toEqual([]);
  });

  it('refuses a second pending request for the same pair with 409', async () => {
    const { requester, wanted, offered } = await setup();
    await request(requester, wanted.id, offered.id);
    const again = await request(requester, wanted.id, offered.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a pending request offering this item for that one');
  });

  it('refuses unlisted and reserved items with 409', async () => {
    const { owner, requester, wanted, offered } = await setup();
    await owner.patch(`/api/items/${wanted.id}`, { isActive: false });
    expect((await request(requester, wanted.id, offered.id)).statusCode).toBe(409);
    await owner.patch(`/api/items/${wanted.id}`, { isActive: true });
    await requester.patch(`/api/items/${offered.id}`, { isActive: false });
    const unlisted = await request(requester, wanted.id, offered.id);
    expect(unlisted.statusCode).toBe(409);
  });
});

describe('the trade lifecycle', () => {
  it('accept, confirm receipt on both sides, complete: items traded and out of the marketplace', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const trade = (await request(requester, wanted.id, offered.id)).json();

    const incoming = (await owner.get('/api/trade-requests')).json();
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ id: trade.id, side: 'incoming', status: 'pending' });

    const accepted = await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect(await availability(wanted.id, owner)).toBe('reserved');
    expect(await availability(offered.id, owner)).toBe('reserved');
    expect(await titles(requester)).toContain('Barter request accepted!');

    await markTradeSent(t, trade.id);
    const first = await requester.post(`/api/trade-requests/${trade.id}/received`, { asDescribed: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'accepted', requesterReceived: true, ownerReceived: false });
    expect(await titles(owner)).toContain('Receipt confirmed');
    expect(await titles(requester)).toContain('Receipt confirmed');
    await markTradeSent(t, trade.id);
    expect(
      (await requester.post(`/api/trade-requests/${trade.id}/received`, { asDescribed: true })).json().status,
    ).toBe('accepted');

    await markTradeSent(t, trade.id);
    const second = await owner.post(`/api/trade-requests/${trade.id}/received`, { asDescribed: true });
    expect(second.json()).toMatchObject({
      status: 'completed',
      requesterReceived: true,
      ownerReceived: true,
    });
    expect(second.json().completedAt).toEqual(expect.any(String));
    expect(await titles(owner)).toContain('Trade completed');
    expect(await titles(requester)).toContain('Trade completed');

    const visitor = t.visitor();
    expect((await visitor.get('/api/items')).json()).toEqual([]);
    expect((await owner.get(`/api/items/${wanted.id}`)).json()).toMatchObject({
      availability: 'traded',
      isActive: false,
    });
    // Both items changed hands: the impact counts each by its category's factor.
    const impact = swapImpact(
      wanted.category === offered.category
        ? { [wanted.category]: 2 }
        : { [wanted.category]: 1, [offered.category]: 1 },
    );
    expect((await visitor.get('/api/stats')).json()).toMatchObject({
      totalTrades: 1,
      co2SavedKg: impact.co2Kg,
      landfillSavedKg: impact.landfillKg,
    });
    expect(impact.co2Kg).toBeGreaterThan(0);
    await markTradeSent(t, trade.id);
    expect(
      (await owner.post(`/api/trade-requests/${trade.id}/received`, { asDescribed: true })).statusCode,
    ).toBe(409);
    expect((await owner.patch(`/api/items/${wanted.id}`, { isActive: true })).statusCode).toBe(409);
  });

  it('accepting auto-declines every other pending request touching either item, telling each requester', async () => {
    const { owner, requester, other, wanted, offered } = await setup();
    const third = await t.member({ firstName: 'Tess' });
    const othersItem = await listItem(other, { title: 'Silk Scarf' });
    const thirdItem = await listItem(third, { title: 'Denim Skirt' });
    const chosen = (await request(requester, wanted.id, offered.id)).json();
    const competing = (await request(other, wanted.id, othersItem.id)).json();
    const sameOffer = (await request(requester, thirdItem.id, offered.id)).json();

    await owner.patch(`/api/trade-requests/${chosen.id}`, { status: 'accepted' });
    const statusOf = async (client: TestClient, id: string) =>
      (await client.get('/api/trade-requests')).json().find((r: { id: string }) => r.id === id).status;
    expect(await statusOf(other, competing.id)).toBe('declined');
    expect(await statusOf(third, sameOffer.id)).toBe('declined');
    expect(await titles(other)).toContain('Barter request declined');
    expect(await titles(third)).toContain('Barter request declined');
    expect(await availability(othersItem.id, other)).toBe('available');
    expect(await availability(thirdItem.id, third)).toBe('available');
    expect(
      (await owner.patch(`/api/trade-requests/${competing.id}`, { status: 'accepted' })).statusCode,
    ).toBe(409);
  });

  it('decline and cancel settle the request and free the items', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const first = (await request(requester, wanted.id, offered.id)).json();
    const declined = await owner.patch(`/api/trade-requests/${first.id}`, { status: 'declined' });
    expect(declined.json().status).toBe('declined');
    expect(await titles(requester)).toContain('Barter request declined');
    expect(await availability(wanted.id, owner)).toBe('available');

    const second = (await request(requester, wanted.id, offered.id)).json();
    const cancelled = await requester.patch(`/api/trade-requests/${second.id}`, { status: 'cancelled' });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await titles(owner)).toContain('Barter request cancelled');
    expect(await availability(offered.id, owner)).toBe('available');
  });

  it('deleting an item closes its pending requests', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const trade = (await request(requester, wanted.id, offered.id)).json();
    await owner.delete(`/api/items/${wanted.id}`);
    const [row] = (await requester.get('/api/trade-requests')).json();
    expect(row).toMatchObject({ id: trade.id, status: 'declined' });
    expect(await availability(offered.id, requester)).toBe('available');
    expect(await titles(requester)).toContain('Barter request declined');
  });

  it('a reserved item cannot be deleted or unlisted', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const trade = (await request(requester, wanted.id, offered.id)).json();
    await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' });
    expect((await owner.delete(`/api/items/${wanted.id}`)).statusCode).toBe(409);
    expect((await requester.patch(`/api/items/${offered.id}`, { isActive: false })).statusCode).toBe(409);
  });
});

describe('trade permissions', () => {
  it('only the owner accepts or declines, only the requester cancels; others cannot see the trade', async () => {
    const { owner, requester, other, wanted, offered } = await setup();
    const trade = (await request(requester, wanted.id, offered.id)).json();
    const path = `/api/trade-requests/${trade.id}`;

    expect((await t.visitor().patch(path, { status: 'accepted' })).statusCode).toBe(401);
    expect((await other.patch(path, { status: 'accepted' })).statusCode).toBe(404);
    expect((await other.patch(path, { status: 'cancelled' })).statusCode).toBe(404);
    const selfAccept = await requester.patch(path, { status: 'accepted' });
    expect(selfAccept.statusCode).toBe(403);
    expect(selfAccept.json().message).toBe(
      'Only the owner of the requested item can accept or decline this request',
    );
    expect((await requester.patch(path, { status: 'declined' })).statusCode).toBe(403);
    const ownerCancel = await owner.patch(path, { status: 'cancelled' });
    expect(ownerCancel.statusCode).toBe(403);
    expect(ownerCancel.json().message).toBe('Only the member who sent the request can cancel it');
    expect((await owner.patch(path, { status: 'completed' })).statusCode).toBe(400);
    expect((await owner.patch(`/api/trade-requests/${unknownId}`, { status: 'accepted' })).statusCode).toBe(
      404,
    );

    expect((await t.visitor().get('/api/trade-requests')).statusCode).toBe(401);
    expect((await other.get('/api/trade-requests')).json()).toEqual([]);
    expect((await other.post(`${path}/received`, { asDescribed: true })).statusCode).toBe(404);
    expect((await t.visitor().post(`${path}/received`, { asDescribed: true })).statusCode).toBe(401);
    expect((await requester.post(`${path}/received`, { asDescribed: true })).statusCode).toBe(409);

    expect((await owner.get('/api/trade-requests')).json()[0].status).toBe('pending');
  });

  it('a settled request cannot change again (409)', async () => {
    const { owner, requester, wanted, offered } = await setup();
    const trade = (await request(requester, wanted.id, offered.id)).json();
    await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'declined' });
    const again = await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This barter request is already declined');
  });
});
