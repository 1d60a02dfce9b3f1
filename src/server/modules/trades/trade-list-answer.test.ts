import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { fewestRequestQueries } from '../../test-support/query-count';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

// The trade list is the heaviest signed-in read (decision 008, "Signed-in reads at 100k items"):
// these pin down what keeps it small. Each item of a side is named once, an offer's history names
// its items by id and title, and a settled trade reads nothing of its items' live listings.
const t = useTestApp();

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

/**
 * Ravi asks Olivia for her coat with his boots and she counters with his scarf instead (a settled
 * one-for-one trade, withdrawn afterwards, whose first version names an item its sides no longer
 * hold); he also asks for her bag with his jacket, still pending.
 */
async function twoTrades() {
  const owner = await t.member({ firstName: 'Olivia' });
  const requester = await t.member({ firstName: 'Ravi' });
  const coat = await listItem(owner, { title: 'Wool Coat', estimatedValue: 9000 });
  const bag = await listItem(owner, { title: 'Canvas Bag', estimatedValue: 3000 });
  const boots = await listItem(requester, { title: 'Leather Boots', estimatedValue: 8500 });
  const scarf = await listItem(requester, { title: 'Silk Scarf', estimatedValue: 4000 });
  const jacket = await listItem(requester, { title: 'Denim Jacket', estimatedValue: 3500 });
  const countered = (
    await requester.post('/api/trade-requests', { requestedItemId: coat.id, offeredItemId: boots.id })
  ).json();
  const counter = await owner.post(`/api/trade-requests/${countered.id}/counter`, {
    requestedItemIds: [coat.id],
    offeredItemIds: [scarf.id],
  });
  expect(counter.statusCode).toBe(200);
  const withdrawn = await requester.patch(`/api/trade-requests/${countered.id}`, { status: 'cancelled' });
  expect(withdrawn.statusCode).toBe(200);
  const pending = (
    await requester.post('/api/trade-requests', { requestedItemId: bag.id, offeredItemId: jacket.id })
  ).json();
  return {
    owner,
    requester,
    coat,
    bag,
    boots,
    scarf,
    jacket,
    settledId: countered.id,
    pendingId: pending.id,
  };
}

describe(`the trade list's answer (${testDriver})`, () => {
  it('names each item once, an offer’s items by id and title, and fingerprints only a pending trade', async () => {
    const { requester, owner, coat, bag, boots, scarf, jacket, settledId, pendingId } = await twoTrades();
    for (const viewer of [requester, owner]) {
      const response = await viewer.get('/api/trade-requests');
      expect(response.statusCode).toBe(200);
      const trades = response.json() as Array<Record<string, unknown> & { id: string }>;
      expect(ids(trades)).toEqual([pendingId, settledId]);
      type TradeJson = Record<string, unknown> & {
        requestedItems: { id: string }[];
        offeredItems: { id: string }[];
        termsVersion: string;
      };
      const [pending, settled] = trades as unknown as [TradeJson, TradeJson];
      for (const trade of trades) {
        // No second copy of each side's first item.
        expect(trade).not.toHaveProperty('requestedItem');
        expect(trade).not.toHaveProperty('offeredItem');
      }
      expect(ids(pending.requestedItems)).toEqual([bag.id]);
      expect(ids(pending.offeredItems)).toEqual([jacket.id]);
      expect(pending.termsVersion).toMatch(/^[\w-]{22}$/);
      // The settled trade shows its terms (its items' titles as agreed), has no fingerprint, and
      // its history names the items of each version by id and title only.
      expect(settled).toMatchObject({
        status: 'cancelled',
        termsVersion: '',
        requestedItems: [{ id: coat.id, title: 'Wool Coat', estimatedValue: 9000, isActive: true }],
        offeredItems: [{ id: scarf.id, title: 'Silk Scarf', estimatedValue: 4000 }],
      });
      expect(settled.offers).toEqual([
        expect.objectContaining({
          version: 1,
          requestedItems: [{ id: coat.id, title: 'Wool Coat' }],
          offeredItems: [{ id: boots.id, title: 'Leather Boots' }],
        }),
        expect.objectContaining({
          version: 2,
          requestedItems: [{ id: coat.id, title: 'Wool Coat' }],
          offeredItems: [{ id: scarf.id, title: 'Silk Scarf' }],
        }),
      ]);
    }
  });

  it('reads the list with its sides and offers in one statement: no item beyond the trades’ own', async () => {
    const { requester } = await twoTrades();
    const idle = await t.member({ firstName: 'Ida' });
    const statements = (client: typeof requester) =>
      fewestRequestQueries(t.app.database, async () => {
        const response = await client.get('/api/trade-requests');
        expect(response.statusCode).toBe(200);
      });
    // A member with no trades: the list's statement. Ravi's two trades come with their sides and
    // their offers in that same statement; the only other read is the community's country (one
    // primary-key read of the settings row, the carriers offered to a member without an address),
    // whatever the number of trades: the first version's boots are not read again for the settled
    // trade's history.
    expect(await statements(idle)).toBe(1);
    expect(await statements(requester)).toBe(2);
  });

  it('answers a visitor 401 and never shows a member another’s trades', async () => {
    const { settledId, pendingId } = await twoTrades();
    const visitor = await t.app.inject({ method: 'GET', url: '/api/trade-requests' });
    expect(visitor.statusCode).toBe(401);
    const stranger = await t.member({ firstName: 'Sam' });
    const theirs = await stranger.get('/api/trade-requests');
    expect(theirs.statusCode).toBe(200);
    expect(ids(theirs.json())).not.toEqual(expect.arrayContaining([settledId]));
    expect(ids(theirs.json())).not.toContain(pendingId);
    expect(theirs.json()).toEqual([]);
  });
});
