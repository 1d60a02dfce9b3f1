import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../common/api/chat';
import { acceptedRing } from '../../test-support/rings';
import { useLiveSockets } from '../../test-support/live-sockets';
import type { TestSocket } from '../../test-support/sockets';
import { type TestClient, useTestApp } from '../../test-support/test-app';

/**
 * A block made after a ring was accepted leaves the ring (its members still ship to each other) and
 * its thread, but nothing passes between the two members in it, either way: no message (live, by
 * notification, in the thread, its preview or unread counts), no typing, no read receipt.
 */
const t = useTestApp();
const live = useLiveSockets(t);
const connect = (client: TestClient) => live.connect(client);

/** Ana, Ben and Cleo's accepted ring, after Ana blocked Cleo. */
async function blockedInRing() {
  const world = await acceptedRing(t);
  const conversationId = world.ring.conversationId ?? '';
  expect((await world.ana.post('/api/blocks', { userId: world.cleo.user?.id })).statusCode).toBe(201);
  const ring = (await world.ana.get(`/api/rings/${world.ring.id}`)).json();
  expect(ring.status).toBe('accepted');
  return { ...world, conversationId };
}

const say = async (client: TestClient, conversationId: string, content: string) => {
  const response = await client.post('/api/messages', { conversationId, content });
  expect(response.statusCode).toBe(201);
  return response.json() as Message;
};
const thread = async (client: TestClient, id: string) =>
  (await client.get(`/api/conversations/${id}`)).json() as Conversation & { messages: Message[] };
const listed = async (client: TestClient, id: string) =>
  ((await client.get('/api/conversations')).json().conversations as Conversation[]).find(
    (entry) => entry.id === id,
  );
const unreadTotal = async (client: TestClient) =>
  (await client.get('/api/conversations/unread-count')).json().count as number;
const messageNotes = async (client: TestClient) =>
  ((await client.get('/api/notifications')).json() as Array<{ type: string; title: string }>).filter(
    (note) => note.type === 'message',
  );

describe('a block inside a ring’s thread', () => {
  it('delivers no message between the two, either way, while the third member gets every one', async () => {
    const { ana, ben, cleo, conversationId } = await blockedInRing();
    const [anaSocket, benSocket, cleoSocket] = await Promise.all([connect(ana), connect(ben), connect(cleo)]);

    await say(cleo, conversationId, 'Bag is packed');
    await say(ana, conversationId, 'Coat is packed');
    await say(ben, conversationId, 'Boots are packed');

    const contents = async (socket: TestSocket) => {
      const seen: string[] = [];
      for (;;) {
        const event = await socket.next('new_message', (e) => e.message.conversationId === conversationId);
        seen.push(event.message.content);
        if (event.message.content === 'Boots are packed') return seen;
      }
    };
    // Ben's message comes last to everyone: what came before it is all they were sent.
    expect(await contents(anaSocket)).toEqual(['Coat is packed', 'Boots are packed']);
    expect(await contents(cleoSocket)).toEqual(['Bag is packed', 'Boots are packed']);
    expect(await contents(benSocket)).toEqual(['Bag is packed', 'Coat is packed', 'Boots are packed']);

    const read = async (client: TestClient) =>
      (await thread(client, conversationId)).messages.map((message) => message.content);
    expect(await read(ana)).toEqual(['Coat is packed', 'Boots are packed']);
    expect(await read(cleo)).toEqual(['Bag is packed', 'Boots are packed']);
    expect(await read(ben)).toEqual(['Bag is packed', 'Coat is packed', 'Boots are packed']);

    // Ana's unread: Ben's message only; Cleo's: Ben's only; each notified by Ben and by nobody blocked.
    expect((await listed(ana, conversationId))?.unreadCount).toBe(1);
    expect((await listed(cleo, conversationId))?.unreadCount).toBe(1);
    expect(await unreadTotal(ana)).toBe(1);
    expect(await unreadTotal(cleo)).toBe(1);
    expect((await listed(ben, conversationId))?.unreadCount).toBe(2);
    for (const member of [ana, cleo]) {
      expect((await messageNotes(member)).map((note) => note.title)).toEqual([
        'New message from Ben in your swap ring',
      ]);
    }
    // The list's preview never shows the other's message: Cleo speaks last now.
    await say(cleo, conversationId, 'Posted');
    expect((await listed(ana, conversationId))?.lastMessage?.content).toBe('Boots are packed');
    expect((await listed(ben, conversationId))?.lastMessage?.content).toBe('Posted');
    expect(await unreadTotal(ana)).toBe(1);
    expect(await messageNotes(ana)).toMatchObject([
      { title: 'New message from Ben in your swap ring', message: 'Boots are packed', isRead: false },
    ]);
    expect((await ana.patch(`/api/conversations/${conversationId}/read`)).json()).toEqual({ read: 1 });
  });

  it('sends no typing between the two, either way', async () => {
    const { ana, ben, cleo, conversationId } = await blockedInRing();
    const [anaSocket, benSocket, cleoSocket] = await Promise.all([connect(ana), connect(ben), connect(cleo)]);
    for (const socket of [anaSocket, benSocket, cleoSocket]) {
      socket.send({ type: 'join_conversation', conversationId });
      await socket.next('joined');
    }
    cleoSocket.send({ type: 'typing', conversationId, isTyping: true });
    anaSocket.send({ type: 'typing', conversationId, isTyping: true });
    expect((await benSocket.next('typing', (e) => e.userId === cleo.user?.id)).isTyping).toBe(true);
    expect((await benSocket.next('typing', (e) => e.userId === ana.user?.id)).isTyping).toBe(true);
    benSocket.send({ type: 'typing', conversationId, isTyping: true });
    // Ben's signal comes last: the first each of them hears is Ben's.
    expect((await anaSocket.next('typing')).userId).toBe(ben.user?.id);
    expect((await cleoSocket.next('typing')).userId).toBe(ben.user?.id);
  });

  it('carries no read receipt: a message reads as read once the members it reached read it', async () => {
    const { ana, ben, cleo, conversationId } = await blockedInRing();
    const sent = await say(ana, conversationId, 'Coat is packed');
    const isRead = async () =>
      (await thread(ana, conversationId)).messages.find((message) => message.id === sent.id)?.isRead;
    expect(await isRead()).toBe(false);
    await ben.patch(`/api/conversations/${conversationId}/read`);
    // Cleo never got it and has read nothing: her state is not Ana's to see.
    expect(await isRead()).toBe(true);
    await say(ben, conversationId, 'Boots are packed');
    await cleo.patch(`/api/conversations/${conversationId}/read`);
    expect(await isRead()).toBe(true);
    // And Cleo's own message, which only Ben got, waits for Ben alone.
    const hers = await say(cleo, conversationId, 'Bag is packed');
    await ana.patch(`/api/conversations/${conversationId}/read`);
    const seen = (await thread(cleo, conversationId)).messages.find((message) => message.id === hers.id);
    expect(seen?.isRead).toBe(false);
  });
});
