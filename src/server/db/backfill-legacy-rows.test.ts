import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradeRequestDetail } from '../../common/api/trades';
import { dealTerms } from '../../common/domain/trade-terms';
import { queryRows } from './connect';
import { tradeOffers, tradeRequestItems, tradeRequests } from './schema';
import { buildItem } from '../test-support/builders';
import { type TestClient, useTestApp } from '../test-support/test-app';
import { fillTradeRows } from '../test-support/trade-rows';

/**
 * Migration 0056: trades written before bundles and offer history (their items only in their own
 * columns) get their trade_request_items and trade_offers rows, and read like any other trade.
 */
const t = useTestApp();
let requester: TestClient;
let owner: TestClient;

beforeAll(async () => {
  await t.ready();
});
// Each test starts from an empty database (useTestApp), so the two members are made for each.
beforeEach(async () => {
  requester = await t.member({ firstName: 'Rita' });
  owner = await t.member({ firstName: 'Otto' });
});

/** A trade row as the app wrote it before bundles: no item rows, no offer history. */
async function oldTrade(message: string) {
  const wanted = await buildItem(t, owner, { title: `Coat for ${message}` });
  const offered = await buildItem(t, requester, { title: `Boots for ${message}` });
  const createdAt = new Date('2026-01-02T03:04:05.678Z');
  const [trade] = await t.db
    .insert(tradeRequests)
    .values({
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
      requesterId: requester.user?.id ?? '',
      ownerId: owner.user?.id ?? '',
      message,
      requestedTerms: dealTerms(wanted),
      offeredTerms: dealTerms(offered),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!trade) throw new Error('no trade');
  return { trade, wanted, offered, createdAt };
}

const sideRows = (tradeId: string) =>
  t.db
    .select()
    .from(tradeRequestItems)
    .where(eq(tradeRequestItems.tradeRequestId, tradeId))
    .orderBy(tradeRequestItems.side);

describe('migration 0056 (backfill_legacy_rows)', () => {
  it('gives a trade made before bundles its two items and its request as version 1', async () => {
    const { trade, wanted, offered, createdAt } = await oldTrade('plain');
    await fillTradeRows(t.db);
    expect(await sideRows(trade.id)).toEqual([
      {
        tradeRequestId: trade.id,
        itemId: offered.id,
        side: 'offered',
        position: 0,
        terms: dealTerms(offered),
      },
      {
        tradeRequestId: trade.id,
        itemId: wanted.id,
        side: 'requested',
        position: 0,
        terms: dealTerms(wanted),
      },
    ]);
    const offers = await t.db.select().from(tradeOffers).where(eq(tradeOffers.tradeRequestId, trade.id));
    expect(offers).toEqual([
      {
        tradeRequestId: trade.id,
        version: 1,
        proposedById: requester.user?.id,
        message: 'plain',
        requested: [{ itemId: wanted.id, terms: dealTerms(wanted) }],
        offered: [{ itemId: offered.id, terms: dealTerms(offered) }],
        createdAt,
      },
    ]);
    const detail = (await requester.get(`/api/trade-requests/${trade.id}`)).json() as TradeRequestDetail;
    expect(detail.requestedItems.map((item) => item.id)).toEqual([wanted.id]);
    expect(detail.offeredItems.map((item) => item.id)).toEqual([offered.id]);
    expect(detail.offers.map((offer) => offer.version)).toEqual([1]);
    expect(detail.history.map((step) => step.event)).toEqual(['requested']);
  });

  it('replaces a side-less half of item rows with the two items the trade names', async () => {
    const { trade, wanted, offered } = await oldTrade('half');
    const stray = await buildItem(t, owner, { title: 'Stray' });
    await t.db.insert(tradeRequestItems).values({
      tradeRequestId: trade.id,
      itemId: stray.id,
      side: 'requested',
      position: 0,
      terms: dealTerms(stray),
    });
    await fillTradeRows(t.db);
    expect((await sideRows(trade.id)).map((row) => [row.side, row.itemId])).toEqual([
      ['offered', offered.id],
      ['requested', wanted.id],
    ]);
  });

  it('leaves a trade made through the API as it is, and running again changes nothing', async () => {
    const wanted = await buildItem(t, owner, { title: 'Scarf' });
    const offered = await buildItem(t, requester, { title: 'Hat' });
    const made = await requester.post('/api/trade-requests', {
      requestedItemIds: [wanted.id],
      offeredItemIds: [offered.id],
    });
    expect(made.statusCode).toBe(201);
    const count = async () =>
      (
        await queryRows<{ items: number; offers: number }>(
          t.db,
          sql`select (select count(*)::int from trade_request_items) as items,
            (select count(*)::int from trade_offers) as offers`,
        )
      )[0];
    await fillTradeRows(t.db);
    const before = await count();
    await fillTradeRows(t.db);
    expect(await count()).toEqual(before);
    expect((await sideRows(made.json().id)).map((row) => row.itemId).sort()).toEqual(
      [wanted.id, offered.id].sort(),
    );
  });
});
