import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/connect';
import { mailQueue } from '../db/schema';
import type { MailObserver } from './mail';
import type { SweepObserver } from './sweep';

/** Request durations, in seconds: from a cached answer (well under a millisecond) to a slow upload. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Sweep task and ring re-pack durations, in seconds (a re-pack may take up to its minute). */
const TASK_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300];

/** The route label of what no route answered (the client's pages, unknown paths): never the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The operator's metrics (README § Operating), in a registry of the app's own: several apps in one
 * process (the tests) never share or collide. Exists only when METRICS_TOKEN is set, so that a
 * server without it pays nothing per request.
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: `route` is the route's pattern (`/api/items/:id`), never the URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** For a sweep (its name labels its tasks' durations). */
  sweepObserver(sweep: string): SweepObserver;
  mailObserver: MailObserver;
}

export function createMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC, CPU, open handles and files.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'threadswap_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'threadswap_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const tasks = new Histogram({
    name: 'threadswap_sweep_task_duration_seconds',
    help: 'Duration of each periodic task (sweep: the expiry/email sweep; ring-repack: the global ring re-pack).',
    labelNames: ['sweep', 'task', 'outcome'] as const,
    buckets: TASK_BUCKETS,
    registers,
  });
  const sent = new Counter({
    name: 'threadswap_emails_sent_total',
    help: 'Emails handed to the SMTP server (or, without SMTP_URL, to the outbox table), by kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  const failed = new Counter({
    name: 'threadswap_email_attempts_failed_total',
    help: 'Email delivery attempts that failed (each is retried later), by kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  const gaveUp = new Counter({
    name: 'threadswap_emails_given_up_total',
    help: 'Emails given up after their last failed attempt, by kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  new Gauge({
    name: 'threadswap_mail_queue_emails',
    help: 'Emails in the mail queue: not delivered yet (waiting, being sent, or waiting for a retry).',
    registers,
    async collect() {
      const [row] = await app.db.select({ value: count() }).from(mailQueue);
      this.set(row?.value ?? 0);
    },
  });

  // The marketplace cache's own counters (lib/generation-cache.ts), read at each scrape.
  const cacheCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  cacheCounter(
    'threadswap_marketplace_cache_hits_total',
    'Marketplace reads (item lists, facets) answered from a fresh cache entry, ready answers included.',
    () => app.marketplaceCache.stats().hits,
  );
  cacheCounter(
    'threadswap_marketplace_cache_stale_hits_total',
    'Marketplace reads answered from an entry being revalidated after a change.',
    () => app.marketplaceCache.stats().staleHits,
  );
  cacheCounter(
    'threadswap_marketplace_cache_misses_total',
    'Marketplace reads that waited for the database.',
    () => app.marketplaceCache.stats().misses,
  );

  new Gauge({
    name: 'threadswap_websocket_connections',
    help: 'Open WebSocket connections (/ws) on this instance.',
    registers,
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: 'threadswap_http_connections',
    help: 'Open TCP connections to the HTTP server of this instance (WebSockets included).',
    registers,
    async collect() {
      const open = await new Promise<number>((resolve) =>
        app.server.getConnections((error, connections) => resolve(error ? 0 : connections)),
      );
      this.set(open);
    },
  });

  // The database: its pool on PostgreSQL; PGlite is one in-process connection with no pool, whose
  // waits show as event-loop lag and request latency instead.
  const pool = app.database.pool;
  new Gauge({
    name: 'threadswap_database_info',
    help: 'The database this instance uses (kind: pglite or postgres); always 1.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.set({ kind: app.database.kind }, 1);
    },
  });
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      'threadswap_db_pool_connections',
      'Connections the pool holds (busy and idle).',
      () => pool.totalCount,
    );
    poolGauge(
      'threadswap_db_pool_idle_connections',
      'Connections of the pool not in use.',
      () => pool.idleCount,
    );
    poolGauge(
      'threadswap_db_pool_waiting_requests',
      'Queries waiting for a connection of the pool (all are busy).',
      () => pool.waitingCount,
    );
    poolGauge(
      'threadswap_db_pool_max_connections',
      'The pool size (DATABASE_POOL_SIZE).',
      () => pool.options.max,
    );
  }
  new Gauge({
    name: 'threadswap_database_size_bytes',
    help: 'Size of the database on disk (photos included: they are stored in it).',
    registers,
    async collect() {
      const [row] = await queryRows<{ size: string | number }>(
        app.db,
        sql`select pg_database_size(current_database()) as size`,
      );
      this.set(Number(row?.size ?? 0));
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    sweepObserver: (sweep) => ({
      taskEnded(task, seconds, outcome) {
        tasks.observe({ sweep, task, outcome }, seconds);
      },
    }),
    mailObserver: {
      sent: (kind) => sent.inc({ kind }),
      failed: (kind) => failed.inc({ kind }),
      gaveUp: (kind) => gaveUp.inc({ kind }),
    },
  };
}
