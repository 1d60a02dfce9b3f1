import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradeCounts, TradePage, TradeRequest } from '../../../common/api/trades';
import { groupTrades, TRADE_TABS, type TradeTab } from '../../../common/domain/trade-board';
import { markTradeSent } from '../../test-support/builders';
import { requestTrade } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { fillTradeRows } from '../../test-support/trade-rows';

// GET /api/trade-requests/page and /counts: each list a page of 20 at a time, and its count, from the
// server; the pages put together equal the full list (GET /api/trade-requests) split by list.
const t = useTestApp({ resetBetweenTests: false });
let member: TestClient;
let partner: TestClient;
let stranger: TestClient;

/** Every page of one list, following nextCursor to the end. */
async function allPages(client: TestClient, tab: TradeTab) {
  const trades: TradeRequest[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await client.get(`/api/trade-requests/page?tab=${tab}${query}`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as TradePage;
    trades.push(...page.trades);
    sizes.push(page.trades.length);
    cursor = page.nextCursor;
  } while (cursor && sizes.length < 100);
  return { trades, sizes };
}

const counts = async (client: TestClient) => {
  const response = await client.get('/api/trade-requests/counts');
  expect(response.statusCode).toBe(200);
  return response.json() as TradeCounts;
};

beforeAll(async () => {
  await t.ready();
  member = await t.member({ firstName: 'Busy' });
  partner = await t.member({ firstName: 'Olga' });
  stranger = await t.member({ firstName: 'Theo' });
  // One real trade each way through the API, then 60 copies of them with other statuses and times,
  // 12 of which share one creation time to the microsecond (the id orders those).
  await requestTrade(partner, member);
  await requestTrade(member, partner);
  await t.db.execute(sql`
    insert into trade_requests (requester_id, owner_id, requested_item_id, offered_item_id, message,
      requested_terms, offered_terms, status, created_at, accepted_at)
    select t.requester_id, t.owner_id, t.requested_item_id, t.offered_item_id, 'Copy ' || n,
      t.requested_terms, t.offered_terms,
      (array['accepted', 'disputed', 'declined', 'cancelled', 'completed'])[1 + n % 5],
      case when n <= 12 then timestamptz '2026-01-01 10:00:00.123456+00'
        else now() - n * interval '1 minute' end,
      now()
    from generate_series(1, 60) as n
    cross join lateral (select * from trade_requests order by created_at limit 1 offset n % 2) t`);
  await fillTradeRows(t.db);
}, 120_000);

describe('GET /api/trade-requests/page', () => {
  it('answers each list in pages of 20 that together equal the full list, in order', async () => {
    const full = (await member.get('/api/trade-requests')).json() as TradeRequest[];
    expect(full).toHaveLength(62);
    const board = groupTrades(full);
    for (const tab of TRADE_TABS) {
      const { trades, sizes } = await allPages(member, tab);
      expect(trades).toEqual(board[tab]);
      expect(sizes.slice(0, -1).every((size) => size === 20)).toBe(true);
    }
    expect((await allPages(member, 'accepted')).sizes).toEqual([20, 4]);
  });

  it('shows a member only their own trades; a visitor gets 401', async () => {
    expect((await t.visitor().get('/api/trade-requests/page?tab=pending')).statusCode).toBe(401);
    expect((await t.visitor().get('/api/trade-requests/counts')).statusCode).toBe(401);
    for (const tab of TRADE_TABS) expect((await allPages(stranger, tab)).trades).toEqual([]);
    expect(await counts(stranger)).toEqual({ pending: 0, accepted: 0, completed: 0, history: 0 });
    const pending = (await allPages(partner, 'pending')).trades;
    expect(pending.map((trade) => trade.side).sort()).toEqual(['incoming', 'outgoing']);
  });

  it('answers 400 with a code to a cursor it did not give, an unknown list or parameter', async () => {
    const { nextCursor } = (await member.get('/api/trade-requests/page?tab=history')).json() as TradePage;
    const id = nextCursor?.split('_')[1] ?? '';
    for (const query of [
      'tab=history&cursor=abc',
      `tab=history&cursor=${encodeURIComponent(`${nextCursor}x`)}`,
      `tab=history&cursor=2025-02-30T00:00:00.000000Z_${id}`,
      `tab=history&cursor=2025-01-01T24:00:00.000000Z_${id}`,
      `tab=history&cursor=0000-01-01T00:00:00.000000Z_${id}`,
      `tab=history&cursor=2025-01-01T00:00:00.000Z_${id}`,
      `tab=history&cursor=${encodeURIComponent("2025-01-01T00:00:00.000000Z_' or 1=1 --")}`,
      'tab=history&cursor=',
      'tab=declined',
      'tab=',
      '',
      'tab=pending&limit=500',
      'tab=pending&tab=history',
    ]) {
      const response = await member.get(`/api/trade-requests/page?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().code, query).toBe('string');
    }
    // A well-formed cursor past every trade is simply an empty last page.
    const early = await member.get(
      `/api/trade-requests/page?tab=history&cursor=1970-01-01T00:00:00.000000Z_${id}`,
    );
    expect(early.json()).toEqual({ trades: [], nextCursor: null });
  });
});

describe('GET /api/trade-requests/counts', () => {
  it('counts each list, and follows an accept, a decline and a completion', async () => {
    const before = await counts(member);
    expect(before).toEqual({ pending: 2, accepted: 24, completed: 12, history: 24 });
    const full = groupTrades((await member.get('/api/trade-requests')).json() as TradeRequest[]);
    expect(before).toEqual({
      pending: full.pending.length,
      accepted: full.accepted.length,
      completed: full.completed.length,
      history: full.history.length,
    });

    const declined = await requestTrade(member, partner);
    expect(await counts(member)).toMatchObject({ pending: 3 });
    await member.patch(`/api/trade-requests/${declined.id}`, { status: 'declined' });
    expect(await counts(member)).toMatchObject({ pending: 2, history: 25 });

    const { id } = await requestTrade(member, partner, { accept: true });
    expect(await counts(member)).toMatchObject({ pending: 2, accepted: 25 });
    expect(await counts(partner)).toMatchObject({ pending: 2, accepted: 25 });
    await markTradeSent(t, id);
    for (const client of [partner, member])
      expect(
        (await client.post(`/api/trade-requests/${id}/received`, { asDescribed: true })).statusCode,
      ).toBe(200);
    expect(await counts(member)).toEqual({ pending: 2, accepted: 24, completed: 13, history: 25 });
    const [newest] = (await allPages(member, 'completed')).trades;
    expect(newest?.id).toBe(id);
  });
});
