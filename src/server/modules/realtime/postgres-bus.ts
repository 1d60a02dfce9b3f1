import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { BUS_CHANNEL, type BusEvent, type BusListener, type EventBus, MAX_PAYLOAD_BYTES } from './event-bus';

/** application_name of the publishing connection (pg_stat_activity). */
export const PUBLISHER_NAME = 'threadswap events publish';
/** Events sent by one statement at most; more wait for the next round trip. */
const MAX_BATCH = 500;
/** Kinds this instance hears from the database even when it published them itself. */
const HEARD_FROM_DATABASE = new Set<BusEvent['kind']>(['marketplace', 'marketplace_barrier']);

interface Queued {
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Fan-out between app instances (docs/operations.md, Several instances): every instance LISTENs on one channel and publishes
 * with NOTIFY, so an event reaches the sockets of every instance, this one included. The listening
 * connection reconnects with backoff when PostgreSQL goes away.
 *
 * Publishing has a connection of its own, outside the pool, for two reasons measured on the chat
 * benchmark:
 * - A transaction that NOTIFYs holds a cluster-wide lock from its commit until the commit record is
 *   flushed to disk, so every notifying commit waits for the one before it and its fsync. Ours carry
 *   no data (the rows were committed before), so this connection commits asynchronously
 *   (synchronous_commit=off): listeners still see an event only after its commit, and losing one in
 *   a server crash loses nothing stored.
 * - It never waits behind the pool's queries, and events published while a statement is on the wire
 *   go out together in the next one: one round trip and one commit for a burst. PostgreSQL would
 *   fold identical payloads within one transaction into one, so a repeated payload waits for the
 *   next statement instead: every event published is delivered.
 *
 * This instance's own sockets do not wait for that round trip: an event it publishes reaches its
 * own listeners at once (as on the local bus) and crosses NOTIFY for the others, tagged with this
 * instance's id (`origin`) so that its echo is skipped. Marketplace events are the exception:
 * a barrier must arrive after the trigger notifications committed before it, so those are heard
 * from the database only.
 */
export async function createPostgresBus(
  pool: pg.Pool,
  connectionString: string,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  const listeners = new Set<BusListener>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry = 0;

  const self = randomUUID();
  const notify = (event: BusEvent) => {
    for (const listener of listeners) listener(event);
  };
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let tagged: BusEvent & { origin?: string };
    try {
      tagged = JSON.parse(payload) as BusEvent & { origin?: string };
    } catch {
      return;
    }
    const { origin, ...event } = tagged;
    if (origin === self) return;
    notify(event as BusEvent);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: 'threadswap events listen' });
    next.on('notification', (message) => deliver(message.payload));
    next.on('error', (error) => {
      log.warn({ err: error }, 'event bus connection lost');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${BUS_CHANNEL}`);
    client = next;
    retry = 0;
  }

  function scheduleReconnect() {
    if (closed) return;
    const delay = Math.min(30_000, 250 * 2 ** retry++);
    setTimeout(() => {
      if (closed || client) return;
      connect().catch((error) => {
        log.warn({ err: error }, 'event bus reconnect failed');
        scheduleReconnect();
      });
    }, delay).unref();
  }

  await connect();
  const publisher = createPublisher(pool, connectionString, log);
  await publisher.connect();

  return {
    hearsDatabase: true,
    async publish(event) {
      const local = !HEARD_FROM_DATABASE.has(event.kind);
      const payload = JSON.stringify(local ? { ...event, origin: self } : event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error('event payload too large for NOTIFY');
      if (local) notify(event);
      return publisher.send(payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await publisher.close();
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The publishing side: one connection (opened again on the next event after a failure) and a queue
 * that is sent as one statement per round trip, in the order published. While that connection
 * cannot be opened, events go through the pool, one statement each. A statement that fails rejects
 * the publishes it carried, as a failed pool query did before.
 */
function createPublisher(pool: pg.Pool, connectionString: string, log: FastifyBaseLogger) {
  const queue: Queued[] = [];
  let sending = false;
  let connection: Promise<pg.Client> | undefined;
  let attempts = 0;
  let closed = false;

  function connect() {
    if (connection) return connection;
    const attempt = ++attempts;
    // A failed connection is forgotten, unless a newer one has replaced it meanwhile.
    const forget = () => {
      if (attempts === attempt) connection = undefined;
    };
    connection = (async () => {
      const next = new pg.Client({
        connectionString,
        application_name: PUBLISHER_NAME,
        options: '-c synchronous_commit=off',
      });
      next.on('error', (error) => {
        log.warn({ err: error }, 'event bus publishing connection lost');
        next.end().catch(() => undefined);
        forget();
      });
      try {
        await next.connect();
      } catch (error) {
        forget();
        next.end().catch(() => undefined);
        throw error;
      }
      return next;
    })();
    return connection;
  }

  async function sendBatch(batch: Queued[]) {
    if (closed) throw new Error('event bus closed');
    const payloads = batch.map((entry) => entry.payload);
    let via: pg.Client | undefined;
    try {
      via = await connect();
    } catch (error) {
      log.warn({ err: error }, 'event bus publishing connection failed; publishing through the pool');
    }
    if (via) {
      // unnest keeps the array's order, so the events reach listeners in the order published.
      await via.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        BUS_CHANNEL,
        payloads,
      ]);
    } else {
      for (const payload of payloads) await pool.query('select pg_notify($1, $2)', [BUS_CHANNEL, payload]);
    }
  }

  /** The next statement's events: in order, at most MAX_BATCH, and no payload twice. */
  function nextBatch() {
    const payloads = new Set<string>();
    let size = 0;
    while (size < queue.length && size < MAX_BATCH && !payloads.has((queue[size] as Queued).payload))
      payloads.add((queue[size++] as Queued).payload);
    return queue.splice(0, size);
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = nextBatch();
      try {
        await sendBatch(batch);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    sending = false;
  }

  return {
    connect,
    send(payload: string) {
      if (closed) return Promise.reject(new Error('event bus closed'));
      return new Promise<void>((resolve, reject) => {
        queue.push({ payload, resolve, reject });
        if (sending) return;
        sending = true;
        // After the current task's other publishes, so that they share the statement.
        queueMicrotask(() => void drain());
      });
    },
    async close() {
      closed = true;
      const pending = connection;
      connection = undefined;
      if (pending) await (await pending.catch(() => undefined))?.end().catch(() => undefined);
    },
  };
}
