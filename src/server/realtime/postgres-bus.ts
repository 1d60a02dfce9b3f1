import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, BusListener, EventBus } from './event-bus';

const CHANNEL = 'threadswap_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids only. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Fan-out between app instances (design §8): every instance LISTENs on one channel and publishes
 * with NOTIFY, so an event reaches the sockets of every instance, this one included. The listening
 * connection reconnects with backoff when PostgreSQL goes away.
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

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => deliver(message.payload));
    next.on('error', (error) => {
      log.warn({ err: error }, 'event bus connection lost');
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
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

  return {
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error('event payload too large for NOTIFY');
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
