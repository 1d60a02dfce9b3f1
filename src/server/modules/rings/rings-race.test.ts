import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { buildItem, buildRing } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const t = useTestApp();

/** Rings racing at once: enough that an unguarded check loses on PostgreSQL. */
const RINGS = 8;

/**
 * A proposed ring of Ana, Ben and Cleo, and Dan's pending request for Cleo's bag: Cleo can give
 * the bag to the ring or to Dan, never both.
 */
async function contested() {
  const ana = await t.member({ firstName: 'Ana' });
  const ben = await t.member({ firstName: 'Ben' });
  const cleo = await t.member({ firstName: 'Cleo' });
  const dan = await t.member({ firstName: 'Dan' });
  const coat = await buildItem(t, ana, { title: 'Coat' });
  const boots = await buildItem(t, ben, { title: 'Boots' });
  const bag = await buildItem(t, cleo, { title: 'Bag' });
  const hat = await buildItem(t, dan, { title: 'Hat' });
  const ring = await buildRing(t, [
    { giver: ana, item: coat },
    { giver: ben, item: boots },
    { giver: cleo, item: bag },
  ]);
  const request = await dan.post('/api/trade-requests', { requestedItemId: bag.id, offeredItemId: hat.id });
  expect(request.statusCode).toBe(201);
  return { ana, ben, cleo, dan, ring, bag, tradeId: request.json().id as string };
}

/** Runs on both databases; on PostgreSQL the requests truly overlap on a pool of connections. */
describe(`ring accepts racing a pairwise trade (${testDriver})`, () => {
  it('every member accepting at once while the bag’s owner accepts a trade: exactly one wins', async () => {
    const worlds = await Promise.all(Array.from({ length: RINGS }, contested));
    const results = await Promise.all(
      worlds.map(({ ana, ben, cleo, ring, tradeId }) =>
        Promise.all([
          ana.patch(`/api/rings/${ring.id}`, { status: 'accepted' }),
          ben.patch(`/api/rings/${ring.id}`, { status: 'accepted' }),
          cleo.patch(`/api/rings/${ring.id}`, { status: 'accepted' }),
          cleo.patch(`/api/trade-requests/${tradeId}`, { status: 'accepted' }),
        ]),
      ),
    );
    for (const answers of results) {
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    }
    // The bag is reserved by exactly one of them, and never both.
    const rows = await queryRows<{ ring_status: string; trade_status: string; availability: string }>(
      t.db,
      sql`select r.status as ring_status, tr.status as trade_status, i.availability
          from rings r
          join ring_legs l on l.ring_id = r.id and l.position = 2
          join items i on i.id = l.item_id
          join trade_requests tr on tr.requested_item_id = i.id`,
    );
    expect(rows).toHaveLength(RINGS);
    for (const row of rows) {
      expect(row.availability).toBe('reserved');
      expect([row.ring_status === 'accepted', row.trade_status === 'accepted'].filter(Boolean)).toHaveLength(
        1,
      );
      if (row.ring_status === 'accepted') expect(row.trade_status).toBe('declined');
    }
    // Items of a ring that lost are free again: no open hold on an accepted trade's item.
    const held = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from ring_legs l join rings r on r.id = l.ring_id
          where l.open and r.status not in ('proposed', 'accepted')`,
    );
    expect(held[0]?.count).toBe(0);
  });
});
