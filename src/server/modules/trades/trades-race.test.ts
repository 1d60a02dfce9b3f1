import { markTradeSent } from '../../test-support/builders';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { listItem, requestTrade, uploadImage } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const t = useTestApp();

/** Runs on both databases; on PostgreSQL the requests truly overlap on a pool of connections. */
describe(`concurrent trades (${testDriver})`, () => {
  it('of 24 concurrent accepts for one item exactly one wins; the rest get 409', async () => {
    const owner = await t.member();
    const wanted = await listItem(owner, { title: 'Coveted Trench Coat' });
    const requesters = await Promise.all(Array.from({ length: 24 }, () => t.member()));
    const trades: string[] = [];
    for (const requester of requesters) {
      const photo = await uploadImage(requester);
      const offered = await listItem(requester, { images: [photo] });
      const response = await requester.post('/api/trade-requests', {
        requestedItemId: wanted.id,
        offeredItemId: offered.id,
      });
      trades.push(response.json().id);
    }
    const results = await Promise.all(
      trades.map((id) => owner.patch(`/api/trade-requests/${id}`, { status: 'accepted' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(23);
    await expectNoItemInTwoActiveTrades();
    // 25 members, 24 photos and listings to set up: generous on a busy machine.
  }, 180_000);

  it('one offered item accepted by several owners at once ends up in one trade only', async () => {
    const requester = await t.member();
    const offered = await listItem(requester, { title: 'Sought-after Sneakers' });
    const owners = await Promise.all(Array.from({ length: 20 }, () => t.member()));
    const pairs: Array<{ owner: (typeof owners)[number]; trade: string }> = [];
    for (const owner of owners) {
      const wanted = await listItem(owner);
      const response = await requester.post('/api/trade-requests', {
        requestedItemId: wanted.id,
        offeredItemId: offered.id,
      });
      pairs.push({ owner, trade: response.json().id });
    }
    const results = await Promise.all(
      pairs.map(({ owner, trade }) => owner.patch(`/api/trade-requests/${trade}`, { status: 'accepted' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    await expectNoItemInTwoActiveTrades();
  });

  it('requests racing an accept never leave a pending request on a reserved item', async () => {
    const owner = await t.member();
    const wanted = await listItem(owner);
    const first = await t.member();
    const firstItem = await listItem(first);
    const trade = (
      await first.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: firstItem.id })
    ).json();
    const latecomers = await Promise.all(Array.from({ length: 20 }, () => t.member()));
    const items = await Promise.all(latecomers.map((member) => listItem(member)));
    const [accept, ...requests] = await Promise.all([
      owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' }),
      ...latecomers.map((member, i) =>
        member.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: items[i]?.id }),
      ),
    ]);
    expect(accept?.statusCode).toBe(200);
    for (const response of requests) expect([201, 409]).toContain(response.statusCode);
    const pendingOnReserved = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from trade_requests r join items i on i.id = r.requested_item_id
          where r.status = 'pending' and i.availability = 'reserved'`,
    );
    expect(pendingOnReserved[0]?.count).toBe(0);
  });

  it('cancel and confirm-receipt racing on one accepted trade: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 8; round += 1) {
      const owner = await t.member();
      const requester = await t.member();
      const { id } = await requestTrade(owner, requester, { accept: true });
      await markTradeSent(t, id);
      const [cancel, confirm] = await Promise.all([
        owner.patch(`/api/trade-requests/${id}`, { status: 'cancelled', reason: 'Changed my mind' }),
        requester.post(`/api/trade-requests/${id}/received`, { asDescribed: true }),
      ]);
      expect([cancel.statusCode, confirm.statusCode].sort()).toEqual([200, 409]);
      const [row] = await queryRows<{ status: string; received: boolean; availability: string }>(
        t.db,
        sql`select r.status, r.requester_received_at is not null as received, i.availability
            from trade_requests r join items i on i.id = r.requested_item_id where r.id = ${id}`,
      );
      // Either the cancel won (nothing received, the item back on offer) or the receipt did.
      if (cancel.statusCode === 200)
        expect(row).toEqual({ status: 'cancelled', received: false, availability: 'available' });
      else expect(row).toEqual({ status: 'accepted', received: true, availability: 'reserved' });
    }
  });

  it('a member cancelling while the sweep expires the same trade: one cancellation, recorded once', async () => {
    for (let round = 0; round < 8; round += 1) {
      const owner = await t.member();
      const requester = await t.member();
      const { id } = await requestTrade(owner, requester, { accept: true });
      await t.db.execute(
        sql`update trade_requests set accepted_at = now() - interval '30 days' where id = ${id}`,
      );
      const [cancel] = await Promise.all([
        requester.patch(`/api/trade-requests/${id}`, { status: 'cancelled' }),
        t.app.sweep.run(),
      ]);
      expect([200, 409]).toContain(cancel.statusCode);
      const [row] = await queryRows<{ status: string; by: string | null }>(
        t.db,
        sql`select status, cancelled_by_id as by from trade_requests where id = ${id}`,
      );
      expect(row?.status).toBe('cancelled');
      expect(row?.by).toBe(cancel.statusCode === 200 ? requester.user?.id : null);
      const notes = await queryRows<{ count: number }>(
        t.db,
        sql`select count(*)::int as count from notifications
            where user_id = ${owner.user?.id} and title in ('Trade cancelled', 'Trade expired')`,
      );
      expect(notes[0]?.count).toBe(1);
    }
  });
});

async function expectNoItemInTwoActiveTrades() {
  const rows = await queryRows<{ item: string; trades: number }>(
    t.db,
    sql`select item, count(*)::int as trades from (
          select requested_item_id as item from trade_requests where status in ('accepted', 'completed')
          union all
          select offered_item_id from trade_requests where status in ('accepted', 'completed')
        ) active group by item having count(*) > 1`,
  );
  expect(rows).toEqual([]);
}
