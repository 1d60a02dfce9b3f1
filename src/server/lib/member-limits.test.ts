import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemInput, multipart, pngImage } from '../test-support/fixtures';
import { conversations } from '../db/schema';
import { TestSocket } from '../test-support/sockets';
import { type Instance, useInstances } from '../test-support/instances';
import { TestClient, useTestApp } from '../test-support/test-app';
import { testDriver } from '../test-support/test-database';
import { DEFAULT_MEMBER_RATE_LIMITS, type MemberAction, type MemberRateLimits } from './rate-limit';

const BUDGET = 3;
const t = useTestApp({
  memberRateLimits: Object.fromEntries(
    Object.keys(DEFAULT_MEMBER_RATE_LIMITS).map((action) => [action, { points: BUDGET, windowSeconds: 600 }]),
  ) as MemberRateLimits,
});
const unknown = '00000000-0000-4000-8000-000000000000';
const unknownToo = '00000000-0000-4000-8000-000000000001';

/** The pair's conversation, made directly (find-or-create has budgets of its own). */
async function conversationBetween(member: TestClient, other: TestClient) {
  const [first, second] = [member.user?.id as string, other.user?.id as string].sort() as [string, string];
  const [found] = await t.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.participant1Id, first), eq(conversations.participant2Id, second)));
  if (found) return found.id;
  const [row] = await t.db
    .insert(conversations)
    .values({ participant1Id: first, participant2Id: second })
    .returning({ id: conversations.id });
  return row?.id as string;
}

/**
 * One request of each limited action. Refused requests (an unknown trade, say) spend the budget
 * too: it is charged once the input is valid, before the work.
 */
const actions: Record<
  MemberAction,
  (
    member: TestClient,
    other: TestClient,
  ) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>
> = {
  message: async (member, other) =>
    member.post('/api/messages', {
      conversationId: await conversationBetween(member, other),
      content: 'hello',
    }),
  tradeRequest: (member) =>
    member.post('/api/trade-requests', { requestedItemId: unknown, offeredItemId: unknownToo }),
  listing: (member) => member.post('/api/items', itemInput(`/images/${unknown}`)),
  upload: async (member) => {
    const { payload, headers } = multipart(await pngImage());
    return member.post('/api/images', payload, headers);
  },
  friendRequest: async (member) => {
    const stranger = await t.member();
    return member.post('/api/social/connect', { friendId: stranger.user?.id });
  },
  report: async (member) => {
    const stranger = await t.member();
    return member.post('/api/reports', { targetType: 'user', targetId: stranger.user?.id, reason: 'spam' });
  },
  review: (member) =>
    member.post('/api/reviews', {
      tradeRequestId: unknown,
      rating: 5,
      communicationRating: 5,
      itemConditionAccurate: true,
    }),
  tradeCancel: (member) => member.patch(`/api/trade-requests/${unknown}`, { status: 'cancelled' }),
  dispute: (member) =>
    member.post(`/api/trade-requests/${unknown}/dispute`, { reason: 'other', text: 'It never came' }),
  swapRuleWrite: (member) => member.post('/api/swap-rules', {}),
  swapRuleCount: (member) => member.post('/api/swap-rules/match-count', {}),
  ringAction: (member) => member.patch(`/api/rings/${unknown}`, { status: 'accepted' }),
  savedSearchWrite: (member) => member.delete(`/api/saved-searches/${unknown}`),
  profileChange: (member) => member.patch('/api/users/profile', { firstName: 'Renamed' }),
  holiday: (member) => member.delete('/api/users/holiday'),
  emailPreferences: (member) => member.put('/api/notifications/preferences', { digest: false }),
  itemView: (member) => member.post(`/api/items/${unknown}/view`),
  draftWrite: (member) => member.delete(`/api/drafts/${unknown}`),
  // Each with someone new: a new conversation every time.
  conversationStart: async (member) => {
    const stranger = await t.member();
    return member.post('/api/conversations/find-or-create', { otherUserId: stranger.user?.id });
  },
  // The same conversation, found again.
  conversationOpen: (member, other) =>
    member.post('/api/conversations/find-or-create', { otherUserId: other.user?.id }),
  itemEdit: (member) => member.patch(`/api/items/${unknown}`, { title: 'Renamed' }),
  // The moderation budgets are tried by admins (moderationRoles below).
  moderation: (member) => member.delete(`/api/moderation/items/${unknown}/removal`),
  moderationRead: (member) => member.get('/api/moderation/queue'),
  appeal: (member) => member.post('/api/appeals', { targetType: 'item', targetId: unknown, text: 'Please' }),
  packingSlip: (member) => member.get(`/api/trade-requests/${unknown}/packing-slip`),
  invitation: (member) => member.post('/api/invitations'),
  // Tried by admins (moderationRoles below).
  communitySettings: (member) => member.patch('/api/admin/community', { description: 'Swaps nearby' }),
  shipment: (member) =>
    member.post(`/api/trade-requests/${unknown}/shipment`, {
      carrier: 'dhl',
      trackingNumber: 'JD0123456789',
    }),
  giveawayAsk: (member) => member.post(`/api/items/${unknown}/giveaway-requests`, {}),
  counterOffer: (member) =>
    member.post(`/api/trade-requests/${unknown}/counter`, {
      requestedItemIds: [unknown],
      offeredItemIds: [unknownToo],
    }),
};

let baseUrl = '';
beforeAll(async () => {
  await t.ready();
  ({ baseUrl } = await t.listen());
});

describe('per-member rate limits', () => {
  it.each(Object.keys(actions) as MemberAction[])(
    '%s: past the budget, 429 with Retry-After; other members keep theirs',
    async (action) => {
      const role = action.startsWith('moderation') || action === 'communitySettings' ? 'admin' : 'member';
      const member = await t.member({ role });
      const other = await t.member({ role });
      for (let i = 0; i < BUDGET; i++) {
        const response = await actions[action](member, other);
        expect(response.statusCode, response.body).not.toBe(429);
      }
      const refused = await actions[action](member, other);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(JSON.parse(refused.body).message).toMatch(/^Too many .* Please wait/);
      expect((await actions[action](other, member)).statusCode).not.toBe(429);
    },
  );

  it('a message refused with 404 spends its point too, and one past the budget stores nothing', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = (
      await alice.post('/api/conversations/find-or-create', { otherUserId: bob.user?.id })
    ).json().id as string;
    expect((await alice.post('/api/messages', { conversationId: unknown, content: 'lost' })).statusCode).toBe(
      404,
    );
    for (let i = 0; i < BUDGET - 1; i++)
      expect((await alice.post('/api/messages', { conversationId, content: `kept ${i}` })).statusCode).toBe(
        201,
      );
    expect((await alice.post('/api/messages', { conversationId, content: 'refused' })).statusCode).toBe(429);
    const messages = (await alice.get(`/api/conversations/${conversationId}`)).json().messages as unknown[];
    expect(messages).toHaveLength(BUDGET - 1);
  });

  it('counts socket messages in the same budget, answering with an error event', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = (
      await alice.post('/api/conversations/find-or-create', { otherUserId: bob.user?.id })
    ).json().id as string;
    const socket = await TestSocket.open(baseUrl, alice.cookie);
    try {
      await socket.next('unread');
      for (let i = 0; i < BUDGET - 1; i++)
        expect((await alice.post('/api/messages', { conversationId, content: `http ${i}` })).statusCode).toBe(
          201,
        );
      socket.send({ type: 'send_message', message: { conversationId, content: 'last one' } });
      await socket.next('new_message', (event) => event.message.content === 'last one');
      socket.send({ type: 'send_message', message: { conversationId, content: 'one too many' } });
      expect((await socket.next('error')).message).toMatch(/^Too many messages/);
      expect((await alice.post('/api/messages', { conversationId, content: 'http again' })).statusCode).toBe(
        429,
      );
      const messages = (await alice.get(`/api/conversations/${conversationId}`)).json().messages as unknown[];
      expect(messages).toHaveLength(BUDGET);
    } finally {
      socket.close();
    }
  });
});

describe.skipIf(testDriver !== 'postgres')('two instances on one PostgreSQL', () => {
  const instances = useInstances(2, {
    memberRateLimits: {
      friendRequest: { points: BUDGET, windowSeconds: 600 },
      message: { points: BUDGET, windowSeconds: 600 },
    },
  });

  const register = async (instance: Instance, firstName: string) => {
    const client = new TestClient(() => instance.app);
    const response = await client.post('/api/auth/register', {
      firstName,
      email: `${firstName.toLowerCase()}-${Date.now()}-${Math.random()}@example.com`,
      password: 'secret-password',
    });
    client.user = response.json();
    return client;
  };

  /**
   * The text of every statement the instance's pool runs while `work` does, in order. Every pool
   * query goes through `connect` (pg-pool's `query` calls it with a callback), so wrapping the
   * clients it hands out sees them all.
   */
  async function poolStatements(instance: Instance, work: () => Promise<void>) {
    type Client = pg.PoolClient;
    const pool = instance.database.pool as pg.Pool;
    const seen: string[] = [];
    const watch = (client: Client) => {
      const query = client.query;
      client.query = ((statement: unknown, ...rest: unknown[]) => {
        seen.push(typeof statement === 'string' ? statement : ((statement as { text?: string }).text ?? ''));
        return (query as (...args: unknown[]) => unknown).call(client, statement, ...rest);
      }) as Client['query'];
      const release = client.release;
      client.release = (error?: Error | boolean) => {
        client.query = query;
        client.release = release;
        return release.call(client, error);
      };
      return client;
    };
    const connect = pool.connect;
    const original = connect as (...args: unknown[]) => unknown;
    pool.connect = ((callback?: (error: Error | undefined, client?: Client, done?: unknown) => void) => {
      if (!callback) return (original.call(pool) as Promise<Client>).then(watch);
      return original.call(pool, (error: Error | undefined, client: Client | undefined, done: unknown) =>
        callback(error, client && watch(client), done),
      );
    }) as typeof pool.connect;
    try {
      await work();
    } finally {
      pool.connect = connect;
    }
    return seen;
  }

  it('a chat message from a socket is one statement, its budget included', async () => {
    const [one] = instances as [Instance, Instance];
    const alice = await register(one, 'Alice');
    const bob = await register(one, 'Bob');
    const conversationId = (
      await alice.post('/api/conversations/find-or-create', { otherUserId: bob.user?.id })
    ).json().id as string;
    const socket = await TestSocket.open(one.url, alice.cookie);
    try {
      await socket.next('unread');
      // The first send warms the statement caches; the second is the one counted.
      socket.send({ type: 'send_message', message: { conversationId, content: 'warm-up' } });
      await socket.next('new_message', (event) => event.message.content === 'warm-up');
      const statements = await poolStatements(one, async () => {
        socket.send({ type: 'send_message', message: { conversationId, content: 'counted' } });
        await socket.next('new_message', (event) => event.message.content === 'counted');
      });
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('auth_rate_limits');
      expect(statements[0]).toContain('insert into "messages"');
    } finally {
      socket.close();
    }
  });

  it('share one member’s message budget, over sockets and HTTP, with the same 429', async () => {
    const [one, two] = instances as [Instance, Instance];
    const alice = await register(one, 'Alice');
    const bob = await register(two, 'Bob');
    const conversationId = (
      await alice.post('/api/conversations/find-or-create', { otherUserId: bob.user?.id })
    ).json().id as string;
    const aliceOnTwo = new TestClient(() => two.app);
    aliceOnTwo.cookie = alice.cookie;
    const socket = await TestSocket.open(two.url, alice.cookie);
    try {
      await socket.next('unread');
      // Spent in turns: HTTP on one, the socket on two, HTTP on two.
      expect((await alice.post('/api/messages', { conversationId, content: 'one' })).statusCode).toBe(201);
      socket.send({ type: 'send_message', message: { conversationId, content: 'two' } });
      await socket.next('new_message', (event) => event.message.content === 'two');
      expect((await aliceOnTwo.post('/api/messages', { conversationId, content: 'three' })).statusCode).toBe(
        201,
      );
      const refused = await alice.post('/api/messages', { conversationId, content: 'four' });
      expect(refused.statusCode).toBe(429);
      expect(JSON.parse(refused.body).message).toMatch(/^Too many messages in a short time\. Please wait/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      socket.send({ type: 'send_message', message: { conversationId, content: 'five' } });
      expect((await socket.next('error')).message).toMatch(/^Too many messages/);
      // Bob's budget is his own.
      expect((await bob.post('/api/messages', { conversationId, content: 'reply' })).statusCode).toBe(201);
      const messages = (await alice.get(`/api/conversations/${conversationId}`)).json().messages as Array<{
        content: string;
      }>;
      expect(messages.map((message) => message.content).sort()).toEqual(['one', 'reply', 'three', 'two']);
    } finally {
      socket.close();
    }
  });

  it('share one member’s budget', async () => {
    const [one, two] = instances as [Instance, Instance];
    const member = await register(one, 'Sender');
    const onTwo = new TestClient(() => two.app);
    onTwo.cookie = member.cookie;
    const others = await Promise.all(
      Array.from({ length: BUDGET + 1 }, (_, index) => register(two, `Other${index}`)),
    );
    const connect = (client: TestClient, other: TestClient) =>
      client.post('/api/social/connect', { friendId: other.user?.id });
    // Spent on both instances in turns; the last request, on either, is refused.
    for (let i = 0; i < BUDGET; i++) {
      const response = await connect(i % 2 === 0 ? member : onTwo, others[i] as TestClient);
      expect(response.statusCode, response.body).toBe(201);
    }
    const last = others[BUDGET] as TestClient;
    const refusedOnTwo = await connect(BUDGET % 2 === 0 ? member : onTwo, last);
    expect(refusedOnTwo.statusCode).toBe(429);
    expect((await connect(BUDGET % 2 === 0 ? onTwo : member, last)).statusCode).toBe(429);
  });
});
