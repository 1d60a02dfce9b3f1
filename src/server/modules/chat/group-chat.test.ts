import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../../../common/api/chat';
import type { Ring } from '../../../common/api/rings';
import { messages } from '../../db/schema';
import { threeMemberRing } from '../../test-support/rings';
import { useLiveSockets } from '../../test-support/live-sockets';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const live = useLiveSockets(t);
const connect = (client: TestClient) => live.connect(client);

/** Ana, Ben and Cleo close a ring with their swap rules (test-support/rings.ts). */
async function ringOfThree() {
  const { ana, ben, cleo, ring } = await threeMemberRing(t);
  if (!ring.conversationId) throw new Error('the ring has no conversation');
  return { ana, ben, cleo, ring, conversationId: ring.conversationId };
}

const say = (client: TestClient, conversationId: string, content: string) =>
  client.post('/api/messages', { conversationId, content });
const threadOf = async (client: TestClient, id: string) =>
  ((await client.get('/api/conversations')).json() as ConversationPage).conversations.find(
    (entry) => entry.id === id,
  );
const unreadTotal = async (client: TestClient) =>
  (await client.get('/api/conversations/unread-count')).json().count as number;

describe('a swap ring conversation', () => {
  it('is made with the ring, for its members only, and named by its size', async () => {
    const { ana, ben, cleo, ring, conversationId } = await ringOfThree();
    for (const member of [ben, cleo]) {
      const [theirs] = (await member.get('/api/rings')).json() as Ring[];
      expect(theirs?.conversationId).toBe(conversationId);
    }
    const thread = await threadOf(ana, conversationId);
    expect(thread).toMatchObject({
      ring: { id: ring.id, status: 'proposed' },
      acceptsMessages: true,
      participant1: null,
      participant2: null,
      unreadCount: 0,
    });
    expect(thread?.members.map((user) => user.firstName).sort()).toEqual(['Ana', 'Ben', 'Cleo']);
  });

  it('answers 401 to a visitor and 404 to a member outside the ring, on every route', async () => {
    const { ana, conversationId } = await ringOfThree();
    const sent = (await say(ana, conversationId, 'Hello ring')).json();
    const outsider = await t.member({ firstName: 'Olga' });
    const visitor = t.visitor();
    expect((await visitor.get(`/api/conversations/${conversationId}`)).statusCode).toBe(401);
    expect((await say(visitor, conversationId, 'hi')).statusCode).toBe(401);
    expect((await outsider.get(`/api/conversations/${conversationId}`)).statusCode).toBe(404);
    expect((await say(outsider, conversationId, 'let me in')).statusCode).toBe(404);
    expect((await outsider.patch(`/api/conversations/${conversationId}/read`)).statusCode).toBe(404);
    expect((await outsider.patch(`/api/messages/${sent.id}/read`)).statusCode).toBe(404);
    expect(await threadOf(outsider, conversationId)).toBeUndefined();
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored.map((row) => row.content)).toEqual(['Hello ring']);
  });

  it('keeps unread counts per member and shows read once every other member read', async () => {
    const { ana, ben, cleo, conversationId } = await ringOfThree();
    expect((await say(ana, conversationId, 'Shall we ship on Monday?')).statusCode).toBe(201);
    expect((await say(ben, conversationId, 'Monday works')).statusCode).toBe(201);
    expect((await threadOf(ana, conversationId))?.unreadCount).toBe(1);
    expect((await threadOf(ben, conversationId))?.unreadCount).toBe(1);
    expect((await threadOf(cleo, conversationId))?.unreadCount).toBe(2);
    expect(await unreadTotal(cleo)).toBe(2);

    expect((await cleo.patch(`/api/conversations/${conversationId}/read`)).json()).toEqual({ read: 2 });
    expect((await threadOf(cleo, conversationId))?.unreadCount).toBe(0);
    expect(await unreadTotal(cleo)).toBe(0);
    expect((await threadOf(ana, conversationId))?.unreadCount).toBe(1);

    // Ana's message: Cleo read it, Ben has not marked the thread read yet.
    let page = (await ana.get(`/api/conversations/${conversationId}`)).json();
    expect(page.messages.map((entry: { isRead: boolean }) => entry.isRead)).toEqual([false, false]);
    await ben.patch(`/api/conversations/${conversationId}/read`);
    page = (await ana.get(`/api/conversations/${conversationId}`)).json();
    expect(page.messages[0]).toMatchObject({ content: 'Shall we ship on Monday?', isRead: true });
    // Ben's own message is not his to mark read.
    expect((await ben.patch(`/api/messages/${page.messages[1].id}/read`)).statusCode).toBe(403);
  });

  it('tells every member: live on their sockets, by notification when the thread is not open', async () => {
    const { ana, ben, cleo, conversationId } = await ringOfThree();
    const [anaSocket, benSocket, cleoSocket] = await Promise.all([connect(ana), connect(ben), connect(cleo)]);
    benSocket.send({ type: 'join_conversation', conversationId });
    await benSocket.next('joined');

    cleoSocket.send({ type: 'join_conversation', conversationId });
    await cleoSocket.next('joined');
    cleoSocket.send({ type: 'typing', conversationId, isTyping: true });
    expect((await benSocket.next('typing')).userId).toBe(cleo.user?.id);
    cleoSocket.send({ type: 'send_message', message: { conversationId, content: 'Bag is packed' } });

    for (const socket of [anaSocket, benSocket, cleoSocket]) {
      const event = await socket.next('new_message', (e) => e.message.conversationId === conversationId);
      expect(event.message).toMatchObject({ content: 'Bag is packed', senderId: cleo.user?.id });
    }
    // Ana has the thread closed: one notification; Ben is looking at it: none.
    expect((await anaSocket.next('notification')).notification).toMatchObject({
      type: 'message',
      title: 'New message from Cleo in your swap ring',
      link: `/?conversation=${conversationId}`,
    });
    const benNotes = (await ben.get('/api/notifications')).json();
    expect(benNotes.filter((note: { type: string }) => note.type === 'message')).toEqual([]);
  });

  it('guards text like any message: empty, too long, NUL bytes and lone surrogates change nothing', async () => {
    const { ana, conversationId } = await ringOfThree();
    for (const content of ['   ', 'x'.repeat(100_000), 'nul\u0000byte', 'lone \ud800 surrogate']) {
      const response = await say(ana, conversationId, content);
      expect(response.statusCode).toBe(400);
    }
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored).toEqual([]);
  });

  it('stays readable but takes no new messages once the ring is declined', async () => {
    const { ana, ben, ring, conversationId } = await ringOfThree();
    expect((await say(ana, conversationId, 'Before')).statusCode).toBe(201);
    expect((await ben.patch(`/api/rings/${ring.id}`, { status: 'declined' })).statusCode).toBe(200);
    const response = await say(ana, conversationId, 'After');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/declined.*no new messages/);
    const page = (await ben.get(`/api/conversations/${conversationId}`)).json();
    expect(page).toMatchObject({ acceptsMessages: false, ring: { status: 'declined' } });
    expect(page.messages.map((entry: { content: string }) => entry.content)).toEqual(['Before']);
    // Still listed, because it has messages.
    expect((await threadOf(ben, conversationId))?.acceptsMessages).toBe(false);
  });

  it('keeps pairwise conversations as they were', async () => {
    const { ana, ben } = await ringOfThree();
    const pairwise = (
      await ana.post('/api/conversations/find-or-create', { otherUserId: ben.user?.id })
    ).json();
    expect(pairwise).toMatchObject({ ring: null, acceptsMessages: true });
    expect(pairwise.members).toHaveLength(2);
    expect((await say(ana, pairwise.id, 'Just us')).statusCode).toBe(201);
    expect((await threadOf(ben, pairwise.id))?.unreadCount).toBe(1);
  });
});
