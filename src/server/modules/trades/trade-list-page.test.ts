import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { users } from '../../db/schema';
import { useTestApp } from '../../test-support/test-app';
import { fillTradeRows } from '../../test-support/trade-rows';

// A member in 600 settled trades: 300 asked of others (requester), 300 asked of them (owner), a
// minute apart and alternating sides, newest first by number; plus trades between two others.
const t = useTestApp({ resetBetweenTests: false });
const TERMS = JSON.stringify({
  title: 'Coat',
  description: 'A coat.',
  images: [],
  condition: 'good',
  estimatedValue: 1000,
  brand: null,
  size: null,
  category: 'clothing',
  gender: 'unisex',
  style: null,
});
let member: Awaited<ReturnType<typeof t.member>>;

beforeAll(async () => {
  await t.ready();
  member = await t.member({ firstName: 'Busy' });
  const [other, third] = await t.db
    .insert(users)
    .values([
      { email: 'other@example.com', firstName: 'Olga' },
      { email: 'third@example.com', firstName: 'Theo' },
    ])
    .returning({ id: users.id });
  const owners = { member: member.user?.id, other: other?.id, third: third?.id };
  await t.db.execute(sql`
    insert into items (id, user_id, title, description, category, gender, condition, estimated_value, images)
    select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
      case n when 1 then ${owners.member}::uuid when 2 then ${owners.other}::uuid else ${owners.third}::uuid end,
      'Item ' || n, 'A coat.', 'clothing', 'unisex', 'good', 1000, array[]::text[]
    from generate_series(1, 3) as n`);
  const item = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  // Odd n: the member asked Olga (requester); even n: Olga asked the member (owner).
  await t.db.execute(sql`
    insert into trade_requests (requester_id, owner_id, requested_item_id, offered_item_id, message,
      requested_terms, offered_terms, status, created_at)
    select case when n % 2 = 1 then ${owners.member}::uuid else ${owners.other}::uuid end,
      case when n % 2 = 1 then ${owners.other}::uuid else ${owners.member}::uuid end,
      case when n % 2 = 1 then ${item(2)}::uuid else ${item(1)}::uuid end,
      case when n % 2 = 1 then ${item(1)}::uuid else ${item(2)}::uuid end,
      'Trade ' || n, ${TERMS}::jsonb, ${TERMS}::jsonb, 'declined', now() - n * interval '1 minute'
    from generate_series(1, 600) as n`);
  await t.db.execute(sql`
    insert into trade_requests (requester_id, owner_id, requested_item_id, offered_item_id, message,
      requested_terms, offered_terms, status, created_at)
    select ${owners.other}::uuid, ${owners.third}::uuid, ${item(3)}::uuid, ${item(2)}::uuid,
      'Not theirs ' || n, ${TERMS}::jsonb, ${TERMS}::jsonb, 'declined', now() - n * interval '30 seconds'
    from generate_series(1, 50) as n`);
  await fillTradeRows(t.db);
}, 120_000);

describe('GET /api/trade-requests for a member with many trades', () => {
  it('answers their 500 newest, from both sides, newest first, and no one else’s', async () => {
    const response = await member.get('/api/trade-requests');
    expect(response.statusCode).toBe(200);
    const trades = response.json() as Array<{ message: string; side: string }>;
    expect(trades.map((trade) => trade.message)).toEqual(
      Array.from({ length: 500 }, (_, index) => `Trade ${index + 1}`),
    );
    expect(trades.slice(0, 4).map((trade) => trade.side)).toEqual([
      'outgoing',
      'incoming',
      'outgoing',
      'incoming',
    ]);
  });

  it('answers one trade by id, even past the 500 newest', async () => {
    // Trade 600 (the oldest, asked of the member) is still pending: the member declines it, and the
    // answer is that one trade, read by id.
    await t.db.execute(sql`update trade_requests set status = 'pending' where message = 'Trade 600'`);
    const [oldest] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from trade_requests where message = 'Trade 600'`,
    );
    const response = await member.patch(`/api/trade-requests/${oldest?.id}`, { status: 'declined' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Trade 600', status: 'declined', side: 'incoming' });
  });
});
