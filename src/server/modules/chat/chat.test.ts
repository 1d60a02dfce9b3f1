import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../common/api/chat';
import { buildConversation } from '../../test-support/builders';
import { listItem } from '../../test-support/fixtures';
import { fewestRequestQueries } from '../../test-support/query-count';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function pair() {
  const alice = await t.member({ firstName: 'Alice' });
  const bob = await t.member({ firstName: 'Bob' });
  const item = await listItem(bob, { title: 'Linen Shirt' });
  const created = await alice.post('/api/conversations/find-or-create', {
    otherUserId: bob.user?.id,
    relatedItemId: item.id,
  });
  return { alice, bob, item, conversation: created.json(), created };
}

/** A conversation made directly, for tests about what happens in it rather than how it starts. */
async function conversationOf() {
  const { first, second, conversation } = await buildConversation(t, {
    first: { firstName: 'Alice' },
    second: { firstName: 'Bob' },
  });
  return { alice: first, bob: second, conversation };
}

const say = (client: TestClient, conversationId: string, content: string) =>
  client.post('/api/messages', { conversationId, content, messageType: 'text' });

/** The first page of the member's inbox. */
const inbox = async (client: TestClient) =>
  (await client.get('/api/conversations')).json().conversations as Conversation[];

describe('conversations', () => {
  it('find-or-create answers 201 then 200 with the same conversation, participants and item title', async () => {
    const { alice, bob, item, conversation, created } = await pair();
    expect(created.statusCode).toBe(201);
    expect(conversation).toMatchObject({
      relatedItem: { id: item.id, title: 'Linen Shirt' },
      unreadCount: 0,
      lastMessage: null,
    });
    expect([conversation.participant1.firstName, conversation.participant2.firstName].sort()).toEqual([
      'Alice',
      'Bob',
    ]);
    const again = await bob.post('/api/conversations/find-or-create', {
      otherUserId: alice.user?.id,
      relatedItemId: item.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(conversation.id);
    const general = await bob.post('/api/conversations/find-or-create', { otherUserId: alice.user?.id });
    expect(general.statusCode).toBe(201);
    expect(general.json().id).not.toBe(conversation.id);
  });

  it('refuses yourself, unknown members and items, and visitors', async () => {
    const alice = await t.member();
    const self = await alice.post('/api/conversations/find-or-create', { otherUserId: alice.user?.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot start a conversation with yourself');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await alice.post('/api/conversations/find-or-create', { otherUserId: unknown })).statusCode).toBe(
      404,
    );
    const bob = await t.member();
    expect(
      (
        await alice.post('/api/conversations/find-or-create', {
          otherUserId: bob.user?.id,
          relatedItemId: unknown,
        })
      ).statusCode,
    ).toBe(404);
    expect((await alice.post('/api/conversations/find-or-create', { otherUserId: 'bob' })).statusCode).toBe(
      400,
    );
    expect(
      (await t.visitor().post('/api/conversations/find-or-create', { otherUserId: bob.user?.id })).statusCode,
    ).toBe(401);
    expect((await t.visitor().get('/api/conversations')).statusCode).toBe(401);
  });

  it('keeps conversations and messages to their participants', async () => {
    const { alice, conversation } = await conversationOf();
    await say(alice, conversation.id, 'Hi Bob!');
    const mallory = await t.member();
    expect((await mallory.get(`/api/conversations/${conversation.id}`)).statusCode).toBe(404);
    expect(await inbox(mallory)).toEqual([]);
    expect((await say(mallory, conversation.id, 'Let me in')).statusCode).toBe(404);
    expect((await mallory.patch(`/api/conversations/${conversation.id}/read`)).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/conversations/${conversation.id}`)).statusCode).toBe(401);
  });
});

describe('conversation list (a prepared statement, docs/decisions/008-uncached-paths.md)', () => {
  it('lists every conversation of the member, on either side, with its unread count and last message, newest first', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    const others = [await t.member(), await t.member(), await t.member()];
    const ids: string[] = [];
    for (const other of others) {
      const created = await other.post('/api/conversations/find-or-create', { otherUserId: alice.user?.id });
      ids.push(created.json().id);
    }
    // Alice is participant 1 of some and participant 2 of others (ids sort the pair).
    const [first, second, third] = ids as [string, string, string];
    await say(alice, first, 'to the first');
    await say(others[0] as TestClient, first, 'unread one');
    await say(others[2] as TestClient, third, 'unread two');
    await say(others[2] as TestClient, third, 'unread three');
    await say(alice, second, 'the newest, mine');
    // A conversation between two others is not hers.
    const stranger = await others[1]?.post('/api/conversations/find-or-create', {
      otherUserId: others[2]?.user?.id,
    });
    await say(others[1] as TestClient, stranger?.json().id, 'not for Alice');

    const list = await inbox(alice);
    expect(list.map((row) => [row.id, row.unreadCount, row.lastMessage?.content])).toEqual([
      [second, 0, 'the newest, mine'],
      [third, 2, 'unread three'],
      [first, 1, 'unread one'],
    ]);
    // Each row is the same summary as the conversation's own page (the other prepared statement).
    for (const row of list) {
      const {
        messages: _messages,
        hasMore: _hasMore,
        ...summary
      } = (await alice.get(`/api/conversations/${row.id}`)).json();
      expect(summary).toEqual(row);
    }
    // Asked again (the prepared statement reused), the list answers the same.
    expect(await inbox(alice)).toEqual(list);
    expect((await inbox(others[1] as TestClient)).map((row) => row.id).sort()).toEqual(
      [second, stranger?.json().id].sort(),
    );
  });

  it('answers a conversation’s page in two statements: its summary (which admits only its members) and its newest messages', async () => {
    const { alice, bob, conversation } = await conversationOf();
    await say(alice, conversation.id, 'Hi Bob!');
    await say(bob, conversation.id, 'Hi Alice!');
    const statements = (client: TestClient, path: string) =>
      fewestRequestQueries(t.app.database, () => client.get(path));
    expect(await statements(alice, `/api/conversations/${conversation.id}`)).toBe(2);
    const page = (await alice.get(`/api/conversations/${conversation.id}`)).json();
    expect(page.messages.map((message: { content: string }) => message.content)).toEqual([
      'Hi Bob!',
      'Hi Alice!',
    ]);
    // A stranger's request stops at the summary: nothing of the messages is read.
    const mallory = await t.member();
    expect(await statements(mallory, `/api/conversations/${conversation.id}`)).toBe(1);
  });
});

describe('messages', () => {
  it('stores trimmed messages from the session’s member and lists them oldest first', async () => {
    const { alice, bob, conversation } = await conversationOf();
    const sent = await alice.post('/api/messages', {
      conversationId: conversation.id,
      content: '  Is the shirt still available?  ',
      messageType: 'text',
      senderId: bob.user?.id,
    });
    expect(sent.statusCode).toBe(400);
    const ok = await say(alice, conversation.id, '  Is the shirt still available?  ');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      senderId: alice.user?.id,
      content: 'Is the shirt still available?',
      isRead: false,
      messageType: 'text',
    });
    await say(bob, conversation.id, 'Yes!');
    const thread = (await bob.get(`/api/conversations/${conversation.id}`)).json();
    expect(thread.messages.map((m: { content: string }) => m.content)).toEqual([
      'Is the shirt still available?',
      'Yes!',
    ]);
    expect(thread.hasMore).toBe(false);
    const list = await inbox(bob);
    expect(list[0]).toMatchObject({ id: conversation.id, lastMessage: { content: 'Yes!' }, unreadCount: 1 });
  });

  it.each([
    ['', 'The message is empty'],
    ['    ', 'The message is empty'],
    ['x'.repeat(2001), 'A message must be at most 2000 characters'],
  ])('refuses content %j', async (content, message) => {
    const { alice, conversation } = await conversationOf();
    const response = await say(alice, conversation.id, content);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts exactly 2000 characters and refuses another messageType', async () => {
    const { alice, conversation } = await conversationOf();
    expect((await say(alice, conversation.id, 'y'.repeat(2000))).statusCode).toBe(201);
    const image = await alice.post('/api/messages', {
      conversationId: conversation.id,
      content: 'x',
      messageType: 'image',
    });
    expect(image.statusCode).toBe(400);
  });

  it('pages long histories backwards', async () => {
    const { alice, bob, conversation } = await conversationOf();
    for (let i = 1; i <= 7; i++) await say(i % 2 ? alice : bob, conversation.id, `message ${i}`);
    const latest = (await alice.get(`/api/conversations/${conversation.id}?limit=3`)).json();
    expect(latest.messages.map((m: { content: string }) => m.content)).toEqual([
      'message 5',
      'message 6',
      'message 7',
    ]);
    expect(latest.hasMore).toBe(true);
    const older = (
      await alice.get(`/api/conversations/${conversation.id}?limit=3&before=${latest.messages[0].id}`)
    ).json();
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual([
      'message 2',
      'message 3',
      'message 4',
    ]);
    const oldest = (
      await alice.get(`/api/conversations/${conversation.id}?limit=3&before=${older.messages[0].id}`)
    ).json();
    expect(oldest.messages.map((m: { content: string }) => m.content)).toEqual(['message 1']);
    expect(oldest.hasMore).toBe(false);
    expect((await alice.get(`/api/conversations/${conversation.id}?limit=500`)).statusCode).toBe(400);
  });

  it('lets only the recipient mark a message read', async () => {
    const { alice, bob, conversation } = await conversationOf();
    const sent = (await say(alice, conversation.id, 'Hello')).json();
    expect((await alice.patch(`/api/messages/${sent.id}/read`)).statusCode).toBe(403);
    expect((await (await t.member()).patch(`/api/messages/${sent.id}/read`)).statusCode).toBe(404);
    expect((await t.visitor().patch(`/api/messages/${sent.id}/read`)).statusCode).toBe(401);
    const read = await bob.patch(`/api/messages/${sent.id}/read`);
    expect(read.json()).toMatchObject({ id: sent.id, isRead: true });
    expect((await inbox(bob))[0]?.unreadCount).toBe(0);
  });

  it('notifies a recipient who is not viewing, once per conversation, and clears it on read', async () => {
    const { alice, bob, conversation } = await conversationOf();
    await say(alice, conversation.id, 'First');
    await say(alice, conversation.id, 'Second');
    const notes = (await bob.get('/api/notifications'))
      .json()
      .filter((n: { type: string }) => n.type === 'message');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'New message from Alice', message: 'Second', isRead: false });
    expect((await bob.get('/api/conversations/unread-count')).json()).toEqual({ count: 2 });
    expect((await bob.patch(`/api/conversations/${conversation.id}/read`)).json()).toEqual({ read: 2 });
    expect((await bob.get('/api/conversations/unread-count')).json()).toEqual({ count: 0 });
    expect((await bob.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect(
      (await alice.get('/api/notifications')).json().filter((n: { type: string }) => n.type === 'message'),
    ).toEqual([]);
  });
});

describe('a client id makes a resend harmless', () => {
  it('the same clientId twice stores one message and answers it both times; others stay apart', async () => {
    const { alice, bob, conversation } = await conversationOf();
    const clientId = '6f1c1a52-3a43-4d2e-9d7e-0a0b0c0d0e01';
    const send = (client: TestClient, id: string, content: string) =>
      client.post('/api/messages', { conversationId: conversation.id, content, clientId: id });
    const first = await send(alice, clientId, 'On my way');
    expect(first.statusCode).toBe(201);
    const again = await send(alice, clientId, 'On my way');
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    // Another member may use the same id: ids are the sender's own.
    expect((await send(bob, clientId, 'See you')).statusCode).toBe(201);
    expect((await send(alice, '6f1c1a52-3a43-4d2e-9d7e-0a0b0c0d0e02', 'On my way')).statusCode).toBe(201);
    const page = (await bob.get(`/api/conversations/${conversation.id}`)).json();
    expect(page.messages.map((m: { content: string }) => m.content)).toEqual([
      'On my way',
      'See you',
      'On my way',
    ]);
    // Not a UUID: 400; reused in another conversation: 409, nothing stored.
    expect((await send(alice, 'abc', 'x')).statusCode).toBe(400);
    const other = await buildConversation(t, { first: { firstName: 'Cleo' } });
    const elsewhere = await other.first.post('/api/messages', {
      conversationId: other.conversation.id,
      content: 'hi',
      clientId: '6f1c1a52-3a43-4d2e-9d7e-0a0b0c0d0e03',
    });
    expect(elsewhere.statusCode).toBe(201);
    const reused = await other.first.post('/api/messages', {
      conversationId: other.conversation.id,
      content: 'hi',
      clientId,
    });
    expect(reused.statusCode).toBe(201);
    // The sender's own id again, in another of their conversations: 409, nothing stored there.
    const second = await buildConversation(t, { second: { firstName: 'Dan' } });
    const elsewhereAgain = await second.first.post('/api/messages', {
      conversationId: second.conversation.id,
      content: 'first',
      clientId: '6f1c1a52-3a43-4d2e-9d7e-0a0b0c0d0e04',
    });
    expect(elsewhereAgain.statusCode).toBe(201);
    const third = await second.first.post('/api/conversations/find-or-create', {
      otherUserId: alice.user?.id,
    });
    expect(third.statusCode).toBe(201);
    const clash = await second.first.post('/api/messages', {
      conversationId: third.json().id,
      content: 'first',
      clientId: '6f1c1a52-3a43-4d2e-9d7e-0a0b0c0d0e04',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('chat.client_id_used');
    expect((await alice.get(`/api/conversations/${third.json().id}`)).json().messages).toEqual([]);
  });
});
