import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { listItem, uploadImage } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const t = useTestApp();

async function pendingTrade() {
  const owner = await t.member({ firstName: 'Olivia' });
  const requester = await t.member({ firstName: 'Ravi' });
  const wanted = await listItem(owner, { title: 'Wool Coat', estimatedValue: 9000, brand: 'Acme' });
  const offered = await listItem(requester, { title: 'Leather Boots', estimatedValue: 8500 });
  const response = await requester.post('/api/trade-requests', {
    requestedItemId: wanted.id,
    offeredItemId: offered.id,
  });
  expect(response.statusCode).toBe(201);
  return { owner, requester, wanted, offered, trade: response.json() };
}

const tradeOf = async (client: TestClient, id: string) =>
  (await client.get('/api/trade-requests')).json().find((trade: { id: string }) => trade.id === id);
const notes = async (client: TestClient) =>
  (await client.get('/api/notifications')).json() as Array<{ title: string; message: string }>;
const changeNotes = async (client: TestClient) =>
  (await notes(client)).filter((note) => note.title === 'An item in your barter request changed');

describe(`trade terms (${testDriver})`, () => {
  it('a request keeps both items as they were; the trade shows that copy and the changes since', async () => {
    const { owner, requester, wanted, offered, trade } = await pendingTrade();
    expect(trade).toMatchObject({
      requestedItems: [{ title: 'Wool Coat', estimatedValue: 9000 }],
      offeredItems: [{ title: 'Leather Boots' }],
      requestedItemChanges: [],
      offeredItemChanges: [],
      requestedItemNow: null,
      offeredItemNow: null,
    });
    const edit = await owner.patch(`/api/items/${wanted.id}`, {
      title: 'Old Wool Coat',
      estimatedValue: 4000,
    });
    expect(edit.statusCode).toBe(200);
    for (const viewer of [owner, requester]) {
      const seen = await tradeOf(viewer, trade.id);
      expect(seen.requestedItems[0]).toMatchObject({ title: 'Wool Coat', estimatedValue: 9000 });
      expect(seen.requestedItemNow).toMatchObject({ title: 'Old Wool Coat', estimatedValue: 4000 });
      expect(seen.requestedItemChanges).toEqual([
        { field: 'title', before: 'Wool Coat', after: 'Old Wool Coat' },
        { field: 'estimatedValue', before: 9000, after: 4000 },
      ]);
      expect(seen.offeredItemChanges).toEqual([]);
    }
    expect(offered.id).toBeTruthy();
  });

  it('one change notifies the counterparty once, whatever it changed; tags and the editor are left alone', async () => {
    const { owner, requester, wanted, offered } = await pendingTrade();
    await owner.patch(`/api/items/${wanted.id}`, {
      title: 'Old Wool Coat',
      estimatedValue: 4000,
      brand: 'Other',
    });
    const received = await changeNotes(requester);
    expect(received).toHaveLength(1);
    expect(received[0]?.message).toBe(
      '"Old Wool Coat" changed (title, value and brand) while your request is pending. Review the request: accepting it means accepting the item as it is now.',
    );
    expect(await changeNotes(owner)).toHaveLength(0);
    // Not a deal field, and a "change" to the same value: no notice.
    await owner.patch(`/api/items/${wanted.id}`, { tags: ['winter'], brand: 'Other' });
    expect(await changeNotes(requester)).toHaveLength(1);
    // The requester's own item changing tells the owner.
    await requester.patch(`/api/items/${offered.id}`, { condition: 'fair' });
    expect(await changeNotes(owner)).toHaveLength(1);
  });

  it('an accept without the version it saw is refused once the items changed; with it, it agrees to the live terms', async () => {
    const { owner, wanted, offered, trade } = await pendingTrade();
    const shown = (await tradeOf(owner, trade.id)).termsVersion;
    await owner.patch(`/api/items/${wanted.id}`, { description: 'Now with a small tear.' });
    const blind = await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' });
    expect(blind.statusCode).toBe(409);
    expect(blind.json().message).toBe('The item changed; review it again');
    const stale = await owner.patch(`/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      termsVersion: shown,
    });
    expect(stale.statusCode).toBe(409);
    const current = await tradeOf(owner, trade.id);
    expect(current.status).toBe('pending');
    expect(current.requestedItemChanges).toEqual([
      { field: 'description', before: expect.any(String), after: 'Now with a small tear.' },
    ]);
    const accepted = await owner.patch(`/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      termsVersion: current.termsVersion,
    });
    expect(accepted.statusCode).toBe(200);
    // The accepted terms are the live ones: nothing differs any more.
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      requestedItemChanges: [],
      requestedItemNow: null,
    });
    const [row] = await queryRows<{ description: string }>(
      t.db,
      sql`select requested_terms->>'description' as description from trade_requests where id = ${trade.id}`,
    );
    expect(row?.description).toBe('Now with a small tear.');
    expect(offered.id).toBeTruthy();
  });

  it('an accept with the version it saw, or without one when nothing changed, goes through', async () => {
    const first = await pendingTrade();
    const shown = (await tradeOf(first.owner, first.trade.id)).termsVersion;
    const withVersion = await first.owner.patch(`/api/trade-requests/${first.trade.id}`, {
      status: 'accepted',
      termsVersion: shown,
    });
    expect(withVersion.statusCode).toBe(200);
    const second = await pendingTrade();
    // A non-deal edit changes nothing the owner agrees to.
    await second.owner.patch(`/api/items/${second.wanted.id}`, { tags: ['cosy'] });
    const plain = await second.owner.patch(`/api/trade-requests/${second.trade.id}`, { status: 'accepted' });
    expect(plain.statusCode).toBe(200);
  });

  it('an item in an accepted trade keeps its deal fields (409) but its tags may change', async () => {
    const { owner, requester, wanted, offered, trade } = await pendingTrade();
    await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' });
    const photo = await uploadImage(owner);
    const dealEdits = [
      { title: 'New title' },
      { description: 'A different description' },
      { images: [photo] },
      { condition: 'poor' },
      { estimatedValue: 100 },
      { brand: 'Else' },
      { size: 'XL' },
      { category: 'shoes', style: 'Shoes' },
      { gender: 'men' },
    ];
    for (const edit of dealEdits) {
      const response = await owner.patch(`/api/items/${wanted.id}`, edit);
      expect(response.statusCode, JSON.stringify(edit)).toBe(409);
      expect(response.json().message).toMatch(/accepted trade/);
    }
    expect((await requester.patch(`/api/items/${offered.id}`, { title: 'Mine now?' })).statusCode).toBe(409);
    const tags = await owner.patch(`/api/items/${wanted.id}`, { tags: ['swapped'], location: 'Lyon' });
    expect(tags.statusCode).toBe(200);
    // Sending the same values is not a change.
    expect((await owner.patch(`/api/items/${wanted.id}`, { title: 'Wool Coat' })).statusCode).toBe(200);
    expect((await tradeOf(requester, trade.id)).requestedItems[0].title).toBe('Wool Coat');
  });

  it('a settled trade keeps showing its terms after the items change', async () => {
    const { owner, requester, wanted, trade } = await pendingTrade();
    await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'declined' });
    await owner.patch(`/api/items/${wanted.id}`, { title: 'Renamed Coat' });
    const seen = await tradeOf(requester, trade.id);
    expect(seen.requestedItems[0].title).toBe('Wool Coat');
    expect(seen.requestedItemChanges).toEqual([]);
    expect(await changeNotes(requester)).toHaveLength(0);
  });

  it('termsVersion is checked as text: bad types get 400', async () => {
    const { owner, trade } = await pendingTrade();
    const response = await owner.patch(`/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      termsVersion: 12,
    });
    expect(response.statusCode).toBe(400);
    const long = await owner.patch(`/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      termsVersion: 'x'.repeat(65),
    });
    expect(long.statusCode).toBe(400);
  });

  it('only the parties see a trade and its changes; a stranger cannot accept it with any version', async () => {
    const { trade } = await pendingTrade();
    const stranger = await t.member();
    expect(await tradeOf(stranger, trade.id)).toBeUndefined();
    const response = await stranger.patch(`/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      termsVersion: trade.termsVersion,
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await t.visitor().patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' })).statusCode,
    ).toBe(401);
  });
});
