import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { wishlistItems } from '../../db/schema';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { MAX_WISHLIST_ENTRIES } from '../wishlist/wishlist.service';

const t = useTestApp();

/** Pending trades racing at once: enough pairs that an unguarded check loses on PostgreSQL. */
const PAIRS = 12;

async function pendingTrades(count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const owner = await t.member();
      const requester = await t.member({ password: 'requester-password' });
      const wanted = await listItem(owner);
      const offered = await listItem(requester);
      const response = await requester.post('/api/trade-requests', {
        requestedItemId: wanted.id,
        offeredItemId: offered.id,
      });
      expect(response.statusCode).toBe(201);
      return { owner, requester, wanted, offered, trade: response.json().id as string };
    }),
  );
}

/** Exactly one of the two racing writes wins; the loser answers 409. */
function expectOneWinner(accept: number, other: number, otherOk: number) {
  if (accept === 200) expect(other).toBe(409);
  else expect([accept, other]).toEqual([409, otherOk]);
}

async function acceptedTradesHolding(condition: ReturnType<typeof sql>) {
  const rows = await queryRows<{ count: number }>(
    t.db,
    sql`select count(*)::int as count from trade_requests r
        join items ri on ri.id = r.requested_item_id
        join items oi on oi.id = r.offered_item_id
        join users ru on ru.id = r.requester_id
        join users ou on ou.id = r.owner_id
        where r.status = 'accepted' and (${condition})`,
  );
  return rows[0]?.count;
}

const accept = (owner: TestClient, trade: string) =>
  owner.patch(`/api/trade-requests/${trade}`, { status: 'accepted' });

/** Runs on both databases; on PostgreSQL the requests truly overlap on a pool of connections. */
describe(`writes racing an accept (${testDriver})`, () => {
  it('delete vs accept: never an accepted trade holding a deleted item', async () => {
    const pairs = await pendingTrades(PAIRS);
    const results = await Promise.all(
      pairs.map(({ owner, requester, offered, trade }) =>
        Promise.all([accept(owner, trade), requester.delete(`/api/items/${offered.id}`)]),
      ),
    );
    for (const [accepted, deleted] of results) expectOneWinner(accepted.statusCode, deleted.statusCode, 204);
    expect(await acceptedTradesHolding(sql`ri.deleted_at is not null or oi.deleted_at is not null`)).toBe(0);
  });

  it('unlist vs accept: never an accepted trade holding an unlisted item', async () => {
    const pairs = await pendingTrades(PAIRS);
    const results = await Promise.all(
      pairs.map(({ owner, requester, offered, trade }) =>
        Promise.all([accept(owner, trade), requester.patch(`/api/items/${offered.id}`, { isActive: false })]),
      ),
    );
    for (const [accepted, unlisted] of results)
      expectOneWinner(accepted.statusCode, unlisted.statusCode, 200);
    expect(await acceptedTradesHolding(sql`not ri.is_active or not oi.is_active`)).toBe(0);
  });

  it('account deletion vs accept: never an accepted trade with a deleted member or item', async () => {
    const pairs = await pendingTrades(PAIRS);
    const results = await Promise.all(
      pairs.map(({ owner, requester, trade }) =>
        Promise.all([
          accept(owner, trade),
          requester.request({
            method: 'DELETE',
            url: '/api/auth/account',
            payload: { password: 'requester-password' },
          }),
        ]),
      ),
    );
    for (const [accepted, deleted] of results) expectOneWinner(accepted.statusCode, deleted.statusCode, 200);
    expect(
      await acceptedTradesHolding(
        sql`ru.deleted_at is not null or ou.deleted_at is not null or ri.deleted_at is not null or oi.deleted_at is not null`,
      ),
    ).toBe(0);
    // Each deletion checks a password (argon2id, slow on purpose): on a shared, busy machine the
    // pairs take longer than the default 30 s.
  }, 120_000);

  it('the wishlist cap holds under concurrent inserts: 20 at once from 95 entries leave exactly 100', async () => {
    const member = await t.member();
    const memberId = member.user?.id as string;
    await t.db.insert(wishlistItems).values(
      Array.from({ length: MAX_WISHLIST_ENTRIES - 5 }, (_, index) => ({
        userId: memberId,
        title: `Entry ${index}`,
        category: 'clothing' as const,
        itemCategory: 'clothing' as const,
        titleQuery: 'entry',
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        member.post('/api/wishlist', { title: `Racing entry ${index}`, category: 'clothing' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(15);
    const rows = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from wishlist_items where user_id = ${memberId}`,
    );
    expect(rows[0]?.count).toBe(MAX_WISHLIST_ENTRIES);
  });
});
