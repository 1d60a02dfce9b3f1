/**
 * Inbox flooding (found by a security review): 201 find-or-create calls in two seconds
 * hid a member's real conversation behind the newest 200, and blocking the flooder did not bring it
 * back. Starting conversations has a budget, the inbox is paged, and a conversation with a member
 * blocked either way leaves the inbox and its unread counts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage } from '../../../common/api/chat';
import { conversations, items } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { fewestRequestQueries } from '../../test-support/query-count';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const START_BUDGET = 20;
const OPEN_BUDGET = 40;
const t = useTestApp({
  memberRateLimits: {
    conversationStart: { points: START_BUDGET, windowSeconds: 3600 },
    conversationOpen: { points: OPEN_BUDGET, windowSeconds: 3600 },
  },
});

const findOrCreate = (client: TestClient, otherUserId: string | undefined, relatedItemId?: string) =>
  client.post('/api/conversations/find-or-create', { otherUserId, relatedItemId });

const page = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/conversations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ConversationPage;
};

/** Every conversation of the inbox, page by page, and how many pages it took. */
async function wholeInbox(client: TestClient, limit?: number) {
  const seen: Conversation[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set('cursor', cursor);
    if (limit) params.set('limit', String(limit));
    const next: ConversationPage = await page(client, `?${params}`);
    seen.push(...next.conversations);
    pages += 1;
    cursor = next.nextCursor;
  } while (cursor && pages < 100);
  return { ids: seen.map((conversation) => conversation.id), pages };
}

/** `count` conversations of `flooder` with `victim`, each about another item, made directly at these times. */
async function flood(flooder: TestClient, victim: TestClient, times: string[]) {
  const owner = flooder.user?.id as string;
  const made = await t.db
    .insert(items)
    .values(
      times.map((_, index) => ({
        userId: owner,
        title: `Bait ${index}`,
        description: 'Nothing to see.',
        category: 'clothing' as const,
        gender: 'unisex' as const,
        condition: 'good' as const,
        estimatedValue: 100,
        images: ['/images/00000000-0000-4000-8000-000000000001'],
      })),
    )
    .returning({ id: items.id });
  const [participant1Id, participant2Id] = [owner, victim.user?.id as string].sort() as [string, string];
  const rows = await t.db
    .insert(conversations)
    .values(
      made.map((item, index) => ({
        participant1Id,
        participant2Id,
        relatedItemId: item.id,
        createdAt: sql`${times[index]}::timestamptz`,
      })),
    )
    .returning({ id: conversations.id });
  return rows.map((row) => row.id);
}

describe(`starting conversations (${testDriver})`, () => {
  it(`allows ${START_BUDGET} new conversations an hour; the next is 429 and stores nothing`, async () => {
    const flooder = await t.member();
    const victim = await t.member();
    const baits = [];
    for (let i = 0; i <= START_BUDGET; i++) baits.push(await buildItem(t, victim, { title: `Coat ${i}` }));
    for (const bait of baits.slice(0, START_BUDGET))
      expect((await findOrCreate(flooder, victim.user?.id, bait.id)).statusCode).toBe(201);
    const refused = await findOrCreate(flooder, victim.user?.id, baits[START_BUDGET]?.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many new conversations in a short time\. Please wait/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await wholeInbox(victim)).ids).toHaveLength(START_BUDGET);
    // Finding one that exists spends no start…
    const again = await findOrCreate(flooder, victim.user?.id, baits[0]?.id);
    expect(again.statusCode).toBe(200);
    // …and another member's budget is their own.
    expect((await findOrCreate(victim, flooder.user?.id)).statusCode).toBe(201);
  });

  it(`finds existing conversations up to ${OPEN_BUDGET} times an hour, then 429`, async () => {
    const member = await t.member();
    const other = await t.member();
    expect((await findOrCreate(member, other.user?.id)).statusCode).toBe(201);
    for (let i = 1; i < OPEN_BUDGET; i++)
      expect((await findOrCreate(member, other.user?.id)).statusCode).toBe(200);
    const refused = await findOrCreate(member, other.user?.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many conversations opened in a short time/);
  });

  it('spends no start on a refused one (yourself, a member who blocked you)', async () => {
    const member = await t.member();
    const blocker = await t.member();
    await blocker.post('/api/blocks', { userId: member.user?.id });
    for (let i = 0; i < START_BUDGET / 2; i++) {
      expect((await findOrCreate(member, member.user?.id)).statusCode).toBe(400);
      expect((await findOrCreate(member, blocker.user?.id)).statusCode).toBe(403);
    }
    expect((await findOrCreate(member, (await t.member()).user?.id)).statusCode).toBe(201);
  });
});

describe(`the inbox, page by page (${testDriver})`, () => {
  it('shows the real conversation under a flood of 201, and alone once the flooder is blocked', async () => {
    const victim = await t.member();
    const friend = await t.member();
    const flooder = await t.member();
    const real = (await findOrCreate(friend, victim.user?.id)).json().id as string;
    await friend.post('/api/messages', { conversationId: real, content: 'Still up for the swap?' });
    await t.db
      .update(conversations)
      .set({ lastMessageAt: sql`now() - interval '1 hour'` })
      .where(sql`${conversations.id} = ${real}`);
    const times = Array.from({ length: 201 }, (_, i) =>
      new Date(Date.now() - (200 - i) * 1000).toISOString(),
    );
    const flooded = await flood(flooder, victim, times);

    const first = await page(victim);
    expect(first.conversations).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.conversations[0]?.id).toBe(flooded[200]);
    const { ids, pages } = await wholeInbox(victim);
    expect(pages).toBe(11);
    expect(new Set(ids).size).toBe(202);
    expect(ids).toEqual([...flooded.reverse(), real]);

    expect((await victim.post('/api/blocks', { userId: flooder.user?.id })).statusCode).toBe(201);
    const after = await page(victim);
    expect(after.conversations.map((conversation) => conversation.id)).toEqual([real]);
    expect(after.conversations[0]?.unreadCount).toBe(1);
    expect(after.nextCursor).toBeNull();
    // The flooder's inbox leaves them out too, whoever blocked whom.
    expect((await page(flooder)).conversations).toEqual([]);
  });

  it('pages through equal times and times a microsecond apart without skipping or repeating', async () => {
    const victim = await t.member();
    const flooder = await t.member();
    const flooded = await flood(flooder, victim, [
      '2025-01-01T10:00:00.123400Z',
      '2025-01-01T10:00:00.123456Z',
      '2025-01-01T10:00:01Z',
      '2025-01-01T10:00:01Z',
      '2025-01-01T10:00:01Z',
      '2025-01-01T10:00:02Z',
    ]);
    const { ids, pages } = await wholeInbox(victim, 1);
    expect(pages).toBe(6);
    const tied = [flooded[2], flooded[3], flooded[4]].sort().reverse();
    expect(ids).toEqual([flooded[5], ...tied, flooded[1], flooded[0]]);
    const two = await wholeInbox(victim, 4);
    expect(two.ids).toEqual(ids);
    expect(two.pages).toBe(2);
  });

  it('answers 400 to a cursor or limit it did not give, and reads one statement a page', async () => {
    const member = await t.member();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const query of [
      'cursor=abc',
      `cursor=2025-02-30T00:00:00.000000Z_${id}`,
      `cursor=2025-01-01T24:00:00.000000Z_${id}`,
      `cursor=0000-01-01T00:00:00.000000Z_${id}`,
      `cursor=2025-01-01T00:00:00.000Z_${id}`,
      `cursor=2025-01-01T00:00:00.000000Z_${id}'`,
      'limit=0',
      'limit=51',
      'limit=ten',
      'page=2',
    ]) {
      const response = await member.get(`/api/conversations?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/cursor must be the nextCursor|limit must|page/);
    }
    const other = await t.member();
    const [flooded] = await flood(other, member, ['2025-01-01T10:00:00Z', '2025-01-01T10:00:01Z']);
    const cursor = `2025-01-01T10:00:01.000000Z_${id}`;
    expect((await page(member, `?cursor=${cursor}`)).conversations.map((c) => c.id)).toEqual([flooded]);
    expect(await fewestRequestQueries(t.app.database, () => member.get('/api/conversations'))).toBe(1);
    expect(
      await fewestRequestQueries(t.app.database, () => member.get(`/api/conversations?cursor=${cursor}`)),
    ).toBe(1);
  });
});

describe(`blocked members in the inbox (${testDriver})`, () => {
  it('leaves conversations with a member blocked either way out of the inbox and unread counts', async () => {
    const member = await t.member();
    const friend = await t.member();
    const blocksMember = await t.member();
    const blockedByMember = await t.member();
    const ids = new Map<TestClient, string>();
    for (const other of [friend, blocksMember, blockedByMember]) {
      const id = (await findOrCreate(other, member.user?.id)).json().id as string;
      ids.set(other, id);
      await other.post('/api/messages', { conversationId: id, content: 'hello' });
    }
    const unread = async () => (await member.get('/api/conversations/unread-count')).json().count;
    const bell = async () => (await member.get('/api/notifications/unread-count')).json().count;
    expect((await page(member)).conversations).toHaveLength(3);
    expect(await unread()).toBe(3);
    expect(await bell()).toBe(3);

    // Both members' open pages hear that their counts changed.
    const told: string[] = [];
    const unsubscribe = t.app.bus.subscribe((event) => {
      if (event.kind === 'unread') told.push(event.userId);
    });
    try {
      await blocksMember.post('/api/blocks', { userId: member.user?.id });
      await member.post('/api/blocks', { userId: blockedByMember.user?.id });
    } finally {
      unsubscribe();
    }
    expect(told.sort()).toEqual(
      [member.user?.id, blocksMember.user?.id, member.user?.id, blockedByMember.user?.id].sort(),
    );
    expect((await page(member)).conversations.map((c) => c.id)).toEqual([ids.get(friend)]);
    expect(await unread()).toBe(1);
    // The message notifications of the blocked conversations are read with it.
    expect(await bell()).toBe(1);
    // The conversation itself still opens for its history; it takes no new messages.
    const history = await member.get(`/api/conversations/${ids.get(blocksMember)}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().messages).toHaveLength(1);

    await member.delete(`/api/blocks/${blockedByMember.user?.id}`);
    expect((await page(member)).conversations).toHaveLength(2);
    expect(await unread()).toBe(2);
  });
});
