import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app';
import { type Database, openPostgres } from '../db/connect';
import { TestSocket } from '../test-support/sockets';
import { TestClient, testConfig } from '../test-support/test-app';
import { createScratchPostgres, testDriver } from '../test-support/test-database';
import { createPostgresBus } from './postgres-bus';
import type { EventBus } from './event-bus';
import pino from 'pino';

interface Instance {
  app: AppInstance;
  database: Database;
  events: EventBus;
  url: string;
}

/** Two app instances on one PostgreSQL, as in production behind a load balancer (design §8). */
describe.skipIf(testDriver !== 'postgres')('two instances on one PostgreSQL', () => {
  const instances: Instance[] = [];
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const scratch = await createScratchPostgres();
    drop = scratch.drop;
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(scratch.url, 5);
      const events = await createPostgresBus(
        database.pool as NonNullable<Database['pool']>,
        scratch.url,
        pino({ level: 'silent' }),
      );
      const app = await buildApp({ config: testConfig, database, events, logger: false, clientDir: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      instances.push({
        app,
        database,
        events,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      });
    }
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      await instance.events.close();
      await instance.database.close();
    }
    await drop();
  });

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

  it('shares sessions: a session made on one instance works on the other', async () => {
    const [one, two] = instances as [Instance, Instance];
    const alice = await member(one, 'Carol');
    const onTwo = new TestClient(() => two.app);
    onTwo.cookie = alice.cookie;
    expect((await onTwo.get('/api/auth/user')).json().firstName).toBe('Carol');
  });
});
