import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationViewers, sessions } from '../../db/schema';
import { liveSessions } from '../../lib/session';
import { touchViewing } from '../chat/chat.service';
import { useLiveSockets } from '../../test-support/live-sockets';
import { TestSocket } from '../../test-support/sockets';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { type BusEvent, INLINE_MESSAGE_MAX_BYTES } from './event-bus';
import { MAX_SOCKETS_PER_MEMBER, TOO_MANY_SOCKETS_CLOSE, TYPING_INTERVAL_MS } from './gateway';

const t = useTestApp();
const live = useLiveSockets(t);
const connect = (client: TestClient) => live.connect(client);

async function conversationOf(a: TestClient, b: TestClient) {
  return (await a.post('/api/conversations/find-or-create', { otherUserId: b.user?.id })).json().id as string;
}

describe('the /ws upgrade', () => {
  it('refuses a visitor, a forged session and a foreign Origin', async () => {
    await expect(TestSocket.open(live.baseUrl)).rejects.toThrow('upgrade refused: 401');
    await expect(TestSocket.open(live.baseUrl, 'forged-token')).rejects.toThrow('upgrade refused: 401');
    const member = await t.member();
    await expect(TestSocket.open(live.baseUrl, member.cookie, 'https://evil.example')).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('greets a member with their unread count', async () => {
    const member = await t.member();
    const socket = await TestSocket.open(live.baseUrl, member.cookie);
    live.track(socket);
    expect(await socket.next('unread')).toEqual({ type: 'unread', count: 0 });
  });
});

describe('chat over the socket', () => {
  it('delivers new_message to both participants in every open tab, with the session’s sender', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    const bob = await t.member({ firstName: 'Bob' });
    const conversationId = await conversationOf(alice, bob);
    const aliceSocket = await connect(alice);
    const bobTab1 = await connect(bob);
    const bobTab2 = await connect(bob);
    aliceSocket.send({ type: 'join_conversation', conversationId, userId: bob.user?.id });
    await aliceSocket.next('joined');
    aliceSocket.send({
      type: 'send_message',
      message: { conversationId, content: ' Hello Bob ', senderId: bob.user?.id },
    });
    for (const socket of [aliceSocket, bobTab1, bobTab2]) {
      const { message } = await socket.next('new_message');
      expect(message).toMatchObject({ conversationId, content: 'Hello Bob', senderId: alice.user?.id });
    }
  });

  it('carries a message inside its event when it fits, and loads it on delivery when it does not', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const bobSocket = await connect(bob);
    const published: BusEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((event) => published.push(event));
    try {
      const long = '漢'.repeat(2000);
      expect(Buffer.byteLength(long)).toBeGreaterThanOrEqual(INLINE_MESSAGE_MAX_BYTES);
      for (const content of ['short', long]) {
        await alice.post('/api/messages', { conversationId, content });
        const { message } = await bobSocket.next('new_message', (e) => e.message.content === content);
        expect(message).toMatchObject({ conversationId, senderId: alice.user?.id, isRead: false });
      }
    } finally {
      unsubscribe();
    }
    const messages = published.filter((event) => event.kind === 'message');
    expect(messages.map((event) => event.message?.content)).toEqual(['short', undefined]);
  });

  it('refuses send_message across a block, either way, and stores nothing', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    expect((await bob.post('/api/blocks', { userId: alice.user?.id })).statusCode).toBe(201);
    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    for (const socket of [aliceSocket, bobSocket]) {
      socket.send({ type: 'send_message', message: { conversationId, content: 'hello?' } });
      expect((await socket.next('error')).message).toBe('You cannot contact this member');
    }
    expect((await alice.get(`/api/conversations/${conversationId}`)).json().messages).toEqual([]);
  });

  it('sends typing to the other participant only, after joining', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    aliceSocket.send({ type: 'typing', conversationId, isTyping: true });
    expect((await aliceSocket.next('error')).message).toBe('Join the conversation before typing in it');
    aliceSocket.send({ type: 'join_conversation', conversationId });
    await aliceSocket.next('joined');
    aliceSocket.send({ type: 'typing', conversationId, isTyping: true, userId: bob.user?.id });
    expect(await bobSocket.next('typing')).toEqual({
      type: 'typing',
      conversationId,
      userId: alice.user?.id,
      isTyping: true,
    });
    aliceSocket.send({ type: 'typing', conversationId, isTyping: false });
    expect((await bobSocket.next('typing')).isTyping).toBe(false);
    expect(aliceSocket.events.some((event) => event.type === 'typing')).toBe(false);
  });

  it('sends no typing events between blocked members, in either direction', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    for (const socket of [aliceSocket, bobSocket]) {
      socket.send({ type: 'join_conversation', conversationId });
      await socket.next('joined');
    }
    await bob.post('/api/blocks', { userId: alice.user?.id });
    for (const socket of [aliceSocket, bobSocket]) {
      socket.send({ type: 'typing', conversationId, isTyping: true });
      expect((await socket.next('error')).message).toBe('You cannot contact this member');
    }
    expect([...aliceSocket.events, ...bobSocket.events].some((event) => event.type === 'typing')).toBe(false);
  });

  it('refuses to join or post in another pair’s conversation', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const mallory = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const socket = await connect(mallory);
    socket.send({ type: 'join_conversation', conversationId });
    expect((await socket.next('error')).message).toBe('Conversation not found');
    socket.send({ type: 'send_message', message: { conversationId, content: 'sneaky' } });
    expect((await socket.next('error')).message).toBe('Conversation not found');
    expect((await alice.get(`/api/conversations/${conversationId}`)).json().messages).toEqual([]);
  });

  it('answers malformed frames with an error event and keeps the socket open', async () => {
    const member = await t.member();
    const socket = await connect(member);
    for (const frame of [
      'not json',
      '[]',
      '{"type":"explode"}',
      '{"type":"join_conversation","conversationId":"x"}',
      '{"type":"send_message","message":{"conversationId":"00000000-0000-4000-8000-000000000000","content":""}}',
    ]) {
      socket.send(frame);
      const error = await socket.next('error');
      expect(error.message.length).toBeGreaterThan(0);
      expect(error.message).not.toMatch(/at .*\.ts|stack/i);
    }
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect((await t.visitor().get('/healthz')).statusCode).toBe(200);
  });

  it('closes a socket that floods far past its rate limit', async () => {
    const member = await t.member();
    const socket = await connect(member);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    for (let i = 0; i < 120; i++)
      socket.send('{"type":"leave_conversation","conversationId":"00000000-0000-4000-8000-000000000000"}');
    expect(await closed).toBe(1008);
  });

  it('refuses frames over 16 KB', async () => {
    const member = await t.member();
    const socket = await connect(member);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'typing', conversationId: 'x', pad: 'x'.repeat(20_000) }));
    expect(await closed).toBe(1009);
  });
});

describe('live notifications and message notifications', () => {
  it('pushes a notification and the unread count to the bell', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const bobSocket = await connect(bob);
    await alice.post('/api/messages', { conversationId, content: 'ping' });
    const { notification } = await bobSocket.next('notification');
    expect(notification).toMatchObject({
      type: 'message',
      title: expect.stringContaining('New message from'),
    });
    expect(await bobSocket.next('unread')).toEqual({ type: 'unread', count: 1 });
  });

  it('sends no message notification to a recipient viewing the conversation', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const bobSocket = await connect(bob);
    bobSocket.send({ type: 'join_conversation', conversationId });
    await bobSocket.next('joined');
    await alice.post('/api/messages', { conversationId, content: 'you there?' });
    await bobSocket.next('new_message');
    expect((await bob.get('/api/notifications')).json()).toEqual([]);
  });

  it('notifies a recipient whose open conversation went stale (a socket that died silently)', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const bobSocket = await connect(bob);
    bobSocket.send({ type: 'join_conversation', conversationId });
    await bobSocket.next('joined');
    await t.app.db.update(conversationViewers).set({ seenAt: sql`now() - interval '10 minutes'` });
    await alice.post('/api/messages', { conversationId, content: 'still there?' });
    const { notification } = await bobSocket.next('notification');
    expect(notification).toMatchObject({ type: 'message', title: 'New message from Alice' });
  });
});

describe('the heartbeat at scale', () => {
  it('checks sessions and refreshes presence for more sockets than a statement has parameters', async () => {
    // Each heartbeat asks about every socket of the instance in one statement; PostgreSQL takes at
    // most 65,535 parameters, so the ids travel as one array.
    const member = await t.member();
    const socket = await connect(member);
    const conversationId = await conversationOf(member, await t.member());
    socket.send({ type: 'join_conversation', conversationId });
    await socket.next('joined');
    const [viewer] = await t.app.db.select().from(conversationViewers);
    const [session] = await t.app.db.select({ id: sessions.id }).from(sessions).limit(1);
    const many = Array.from({ length: 70_000 }, () => randomUUID());
    await t.app.db.update(conversationViewers).set({ seenAt: sql`now() - interval '1 minute'` });
    await touchViewing(t.app.services, [...many, viewer?.socketId as string]);
    const [touched] = await t.app.db.select().from(conversationViewers);
    expect(touched?.seenAt.getTime()).toBeGreaterThan(Date.now() - 30_000);
    const live = await liveSessions(t.app.services, [...many, session?.id as string]);
    expect([...live.keys()]).toEqual([session?.id]);
  });
});

describe('socket floods', () => {
  /** Time for the server to handle what the sockets did (a close, an upgrade's end). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it(`refuses a member's socket past ${MAX_SOCKETS_PER_MEMBER} with 429 at the upgrade; a closed one frees its place`, async () => {
    const member = await t.member();
    const tabs = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) tabs.push(await connect(member));
    await expect(TestSocket.open(live.baseUrl, member.cookie)).rejects.toThrow('upgrade refused: 429');
    // Another member is not held back by this one's sockets.
    await connect(await t.member());
    tabs[0]?.close();
    await tabs[0]?.closed();
    await settle();
    await connect(member);
    await expect(TestSocket.open(live.baseUrl, member.cookie)).rejects.toThrow('upgrade refused: 429');
  });

  it(`keeps ${MAX_SOCKETS_PER_MEMBER} of many upgrades made at once on one cookie`, async () => {
    const member = await t.member();
    const attempts = await Promise.allSettled(
      Array.from({ length: 3 * MAX_SOCKETS_PER_MEMBER }, () => TestSocket.open(live.baseUrl, member.cookie)),
    );
    const opened = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    live.track(...opened);
    for (const attempt of attempts)
      if (attempt.status === 'rejected') expect(String(attempt.reason)).toContain('upgrade refused: 429');
    await settle();
    const stillOpen = opened.filter((socket) => socket.ws.readyState === socket.ws.OPEN);
    expect(stillOpen).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    for (const socket of opened.filter((socket) => !stillOpen.includes(socket)))
      expect(await socket.closed()).toBe(TOO_MANY_SOCKETS_CLOSE);
  });

  it(`lets one typing event a conversation through per ${TYPING_INTERVAL_MS} ms, and the stop after it`, async () => {
    const alice = await t.member();
    const bob = await t.member();
    const conversationId = await conversationOf(alice, bob);
    const bobSocket = await connect(bob);
    const tabs = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) {
      const tab = await connect(alice);
      tab.send({ type: 'join_conversation', conversationId });
      await tab.next('joined');
      tabs.push(tab);
    }
    const started = Date.now();
    for (let round = 0; round < 20; round++)
      for (const tab of tabs) tab.send({ type: 'typing', conversationId, isTyping: round % 2 === 0 });
    for (const tab of tabs) tab.send({ type: 'typing', conversationId, isTyping: false });
    expect(await bobSocket.next('typing')).toMatchObject({ userId: alice.user?.id, isTyping: true });
    const stop = await bobSocket.next('typing', () => true, TYPING_INTERVAL_MS + 3000);
    expect(stop.isTyping).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TYPING_INTERVAL_MS - 50);
    await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS + 200));
    expect(bobSocket.events.filter((event) => event.type === 'typing')).toEqual([]);
    // No frame was refused with an error: the excess is dropped silently.
    for (const tab of tabs) expect(tab.events.filter((event) => event.type === 'error')).toEqual([]);
  });
});
