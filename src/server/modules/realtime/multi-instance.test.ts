import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/connect';
import { TestSocket } from '../../test-support/sockets';
import { type Instance, useInstances } from '../../test-support/instances';
import { buildItem } from '../../test-support/builders';
import { TestClient } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { SESSION_ENDED_CLOSE } from './gateway';
import { PUBLISHER_NAME } from './postgres-bus';
import type { BusEvent } from './event-bus';

/** Two app instances on one PostgreSQL, as in production behind a load balancer. */
describe.skipIf(testDriver !== 'postgres')('two instances on one PostgreSQL', () => {
  const instances = useInstances(2);

  async function member(instance: Instance, firstName: string) {
    const client = new TestClient(() => instance.app);
    const response = await client.post('/api/auth/register', {
      firstName,
      email: `${firstName.toLowerCase()}-${Date.now()}@example.com`,
      password: 'secret-password',
    });
    client.user = response.json();
    return client;
  }

  it('delivers chat and notifications across instances, both ways', async () => {
    const [one, two] = instances as [Instance, Instance];
    const alice = await member(one, 'Alice');
    const bob = await member(two, 'Bob');
    const conversationId = (
      await alice.post('/api/conversations/find-or-create', { otherUserId: bob.user?.id })
    ).json().id;

    const aliceSocket = await TestSocket.open(one.url, alice.cookie);
    const bobSocket = await TestSocket.open(two.url, bob.cookie);
    try {
      await aliceSocket.next('unread');
      await bobSocket.next('unread');

      await alice.post('/api/messages', { conversationId, content: 'from instance one' });
      expect((await bobSocket.next('new_message')).message.content).toBe('from instance one');
      expect((await bobSocket.next('notification')).notification.type).toBe('message');

      bobSocket.send({ type: 'join_conversation', conversationId });
      await bobSocket.next('joined');
      bobSocket.send({ type: 'typing', conversationId, isTyping: true });
      expect((await aliceSocket.next('typing')).userId).toBe(bob.user?.id);
      bobSocket.send({ type: 'send_message', message: { conversationId, content: 'from instance two' } });
      expect(
        (await aliceSocket.next('new_message', (e) => e.message.content === 'from instance two')).message
          .senderId,
      ).toBe(bob.user?.id);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });

  /** What each instance's bus delivers of the typing events in one conversation. */
  function record(conversationId: string) {
    const received: BusEvent[][] = instances.map(() => []);
    const stops = instances.map((instance, index) =>
      instance.events.subscribe((event) => {
        if (event.kind === 'typing' && event.conversationId === conversationId) received[index]?.push(event);
      }),
    );
    return { received, stop: () => stops.forEach((stop) => stop()) };
  }

  it('delivers a burst of events to every instance in order, repeated payloads included', async () => {
    const [one] = instances as [Instance, Instance];
    const conversationId = randomUUID();
    const { received, stop } = record(conversationId);
    // Published in one tick they share statements, where PostgreSQL would fold equal payloads.
    const burst: BusEvent[] = Array.from({ length: 40 }, (_, index) => ({
      kind: 'typing',
      conversationId,
      userId: 'someone',
      recipientId: 'someone else',
      isTyping: index % 3 !== 1,
    }));
    try {
      await Promise.all(burst.map((event) => one.events.publish(event)));
      await vi.waitFor(() => expect(received.map((events) => events.length)).toEqual([40, 40]));
      expect(received).toEqual([burst, burst]);
    } finally {
      stop();
    }
  });

  it("hands an instance's own events to its listeners at once, and to the others once each", async () => {
    const [one] = instances as [Instance, Instance];
    const conversationId = randomUUID();
    const { received, stop } = record(conversationId);
    const event: BusEvent = { kind: 'typing', conversationId, userId: 'a', recipientId: 'b', isTyping: true };
    const barrier = randomUUID();
    const heard = new Promise<void>((resolve) => {
      const unsubscribe = one.events.subscribe((e) => {
        if (e.kind === 'marketplace_barrier' && e.token === barrier) {
          unsubscribe();
          resolve();
        }
      });
    });
    try {
      const published = one.events.publish(event);
      // Before any round trip to PostgreSQL.
      expect(received[0]).toEqual([event]);
      await published;
      await vi.waitFor(() => expect(received[1]).toEqual([event]));
      // A barrier goes through the database only; once it is back, so would the echo be.
      await one.events.publish({ kind: 'marketplace_barrier', token: barrier });
      await heard;
      expect(received).toEqual([[event], [event]]);
    } finally {
      stop();
    }
  });

  it('publishes again after losing its publishing connection', async () => {
    const [one] = instances as [Instance, Instance];
    const admin = one.database.pool as NonNullable<Database['pool']>;
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [PUBLISHER_NAME],
    );
    expect(rowCount).toBe(2);
    const conversationId = randomUUID();
    const { received, stop } = record(conversationId);
    const event: BusEvent = { kind: 'typing', conversationId, userId: 'a', recipientId: 'b', isTyping: true };
    try {
      // The first publish may still meet the dead connection; the next ones reconnect.
      await vi.waitFor(async () => {
        await one.events.publish(event).catch(() => undefined);
        expect(received[1]?.length).toBeGreaterThan(0);
      });
      expect(received[1]?.[0]).toEqual(event);
    } finally {
      stop();
    }
  });

  it('closes a stolen cookie’s socket on one instance when the victim changes the password on the other', async () => {
    const [one, two] = instances as [Instance, Instance];
    const victim = await member(two, 'Victim');
    const friend = await member(two, 'Friend');
    const conversationId = (
      await friend.post('/api/conversations/find-or-create', { otherUserId: victim.user?.id })
    ).json().id as string;
    // The thief holds the cookie of the victim's first session and uses it on instance one.
    const thief = new TestClient(() => one.app);
    thief.cookie = victim.cookie;
    const stolen = await TestSocket.open(one.url, thief.cookie);
    await stolen.next('unread');
    // The victim signs in again elsewhere and changes the password there, on instance two.
    const rescue = new TestClient(() => two.app);
    const login = await rescue.post('/api/auth/login', {
      email: victim.user?.email,
      password: 'secret-password',
    });
    expect(login.statusCode).toBe(200);
    const changed = await rescue.post('/api/auth/password', {
      currentPassword: 'secret-password',
      newPassword: 'a-new-secret-password',
    });
    expect(changed.statusCode).toBe(200);
    // A ceiling, not a timing: the socket closes on the session-ended event, not at a heartbeat.
    expect(await stolen.closed(5000)).toBe(SESSION_ENDED_CLOSE);
    // Nothing more to read or post with the stolen cookie, over HTTP or a new socket.
    await expect(TestSocket.open(one.url, thief.cookie)).rejects.toThrow('upgrade refused: 401');
    expect((await thief.get(`/api/conversations/${conversationId}`)).statusCode).toBe(401);
    expect((await thief.post('/api/messages', { conversationId, content: 'still here' })).statusCode).toBe(
      401,
    );
    expect((await rescue.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('shares sessions: a session made on one instance works on the other', async () => {
    const [one, two] = instances as [Instance, Instance];
    const alice = await member(one, 'Carol');
    const onTwo = new TestClient(() => two.app);
    onTwo.cookie = alice.cookie;
    expect((await onTwo.get('/api/auth/user')).json().firstName).toBe('Carol');
  });

  it("delivers a swap ring's group messages to every member, whichever instance holds their socket", async () => {
    const [one, two] = instances as [Instance, Instance];
    const ana = await member(one, 'Ana');
    const ben = await member(two, 'Ben');
    const cleo = await member(two, 'Cleo');
    const shim = { db: one.database.db } as unknown as Parameters<typeof buildItem>[0];
    await buildItem(shim, ana, { title: 'Coat', category: 'clothing', estimatedValue: 5000 });
    await buildItem(shim, ben, { title: 'Boots', category: 'shoes', estimatedValue: 5500 });
    await buildItem(shim, cleo, { title: 'Bag', category: 'accessories', estimatedValue: 4800 });
    await ana.post('/api/swap-rules', { category: 'shoes' });
    await ben.post('/api/swap-rules', { category: 'accessories' });
    await cleo.post('/api/swap-rules', { category: 'clothing' });
    const [ring] = (await ana.get('/api/rings')).json();
    const conversationId = ring?.conversationId as string;
    expect(conversationId).toBeTruthy();

    const sockets = await Promise.all([
      TestSocket.open(one.url, ana.cookie),
      TestSocket.open(two.url, ben.cookie),
      TestSocket.open(two.url, cleo.cookie),
    ]);
    try {
      for (const socket of sockets) await socket.next('unread');
      await ana.post('/api/messages', { conversationId, content: 'from instance one to the ring' });
      for (const socket of sockets) {
        const event = await socket.next('new_message', (e) => e.message.conversationId === conversationId);
        expect(event.message.content).toBe('from instance one to the ring');
      }
      const [anaSocket, benSocket] = sockets;
      benSocket?.send({
        type: 'send_message',
        message: { conversationId, content: 'from instance two to the ring' },
      });
      const back = await anaSocket?.next(
        'new_message',
        (e) => e.message.content === 'from instance two to the ring',
      );
      expect(back?.message.senderId).toBe(ben.user?.id);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
