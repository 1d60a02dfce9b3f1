import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createGenerationCache } from '../../lib/generation-cache';
import { SharedJson } from '../../lib/json-response';
import { isRead } from '../../lib/read-only-route';
import { BUS_CHANNEL, type BusEvent } from '../realtime';
import {
  changeAffects,
  type MarketplaceCache,
  type EntryDeps,
  type MarketplaceChange,
  parseItemChanges,
} from '../../lib/marketplace-dependencies';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public item list and facets, cached per query (docs/performance.md). */
    marketplaceCache: MarketplaceCache;
    /** Repeated marketplace reads answered as ready bytes, before Fastify (`MarketplaceFront`). */
    marketplaceFront: MarketplaceFront;
  }
  interface FastifyContextConfig {
    /**
     * A write that never changes a listed item or an owner's name, photo or rating (signing in,
     * sessions, chat, notifications, uploads, blocks, reports, preferences, drafts, views): its
     * response does not wait for the database's change notifications. Should such a write still
     * touch items, the database triggers invalidate what it affects anyway.
     */
    keepsMarketplace?: boolean;
  }
}

/** Route config for such writes: `{ config: KEEPS_MARKETPLACE, schema: … }`. */
export const KEEPS_MARKETPLACE = { keepsMarketplace: true } as const;

/** What the cached list pages, facets and counts may hold at most. */
const MAX_BYTES = 32 * 1024 * 1024;
/** How long an affected entry may still be served while it is revalidated, when changes come fast. */
const STALE_MS = 1000;
/**
 * Changes heard per second from which affected entries are marked stale (served for at most
 * STALE_MS while one load revalidates them) rather than dropped.
 */
const BUSY_CHANGES_PER_SECOND = 20;
/** How long a write's response waits for its own notifications before emptying the cache instead. */
const BARRIER_TIMEOUT_MS = 500;

/** The JSON an entry holds: facets are JSON, list pages `{ json, total, … }`; counts hold none. */
function jsonOf(value: NonNullable<unknown>): SharedJson | undefined {
  if (value instanceof SharedJson) return value;
  if (typeof value === 'object' && 'json' in value && value.json instanceof SharedJson) return value.json;
  return undefined;
}

/** Entries are facets JSON, list pages and counts; counts are small. */
function entrySize(value: NonNullable<unknown>): number {
  return jsonOf(value)?.size ?? 256;
}

/** How many request URLs the front remembers the cache key of. */
const FRONT_URLS = 10_000;

/**
 * Repeated marketplace reads answered before Fastify: once the route has sent an entry's JSON to a
 * URL with an Accept-Encoding header, the very response (headers and bytes) is kept with the entry,
 * and the next GET of that URL with that header gets it from `serve`, with no routing, hooks,
 * validation or handler, as long as the entry is fresh. A stale, expired or dropped entry, a new
 * URL, HEAD, an upgrade or a closing server go to Fastify as before.
 */
export interface MarketplaceFront {
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** The route answers `request` with `json`, the value of the entry `key`. */
  offer(request: FastifyRequest, key: string, json: SharedJson): void;
  /** The route's onSend hook: keeps the response that went out for what was offered. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Requests answered by `serve` so far. */
  readonly served: number;
  /** Hears each answer `serve` gives, with its route's pattern and duration (the metrics count them). */
  observe(listener: (route: string, seconds: number) => void): void;
}

function createFront(cache: MarketplaceCache): MarketplaceFront & { close(): void } {
  // Each URL's cache key, and the pattern of the route that answered it.
  const keys = new LRUCache<string, { key: string; route: string }>({ max: FRONT_URLS });
  const offers = new WeakMap<FastifyRequest, { key: string; json: SharedJson }>();
  let open = true;
  let served = 0;
  let listener: ((route: string, seconds: number) => void) | undefined;
  return {
    serve(request, response) {
      if (!open || request.method !== 'GET' || request.headers.upgrade !== undefined) return false;
      const started = listener ? performance.now() : 0;
      const known = keys.get(request.url ?? '');
      const value = known === undefined ? undefined : cache.peek(known.key);
      const ready = value && jsonOf(value)?.ready(request.headers['accept-encoding'] ?? '');
      if (!ready || !known) return false;
      served += 1;
      response.writeHead(200, ready.headers).end(ready.body);
      listener?.(known.route, (performance.now() - started) / 1000);
      return true;
    },
    offer(request, key, json) {
      offers.set(request, { key, json });
    },
    async keep(request, reply, payload) {
      const offered = offers.get(request);
      if (!offered || request.method !== 'GET' || reply.statusCode !== 200 || !Buffer.isBuffer(payload))
        return payload;
      // Every onSend hook of the app has run (a route's run last): these are the headers that go out.
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
      if (headers['set-cookie'] !== undefined) return payload;
      headers['content-length'] = String(payload.length);
      offered.json.keepReady(request.headers['accept-encoding'] ?? '', { headers, body: payload });
      keys.set(request.url, { key: offered.key, route: request.routeOptions.url ?? '' });
      return payload;
    },
    get served() {
      return served;
    },
    observe(next) {
      listener = next;
    },
    close() {
      open = false;
    },
  };
}

/** Counts changes in the current and the previous second. */
function createRateMeter() {
  let second = Math.floor(performance.now() / 1000);
  let current = 0;
  let previous = 0;
  return {
    /** Counts one change; true when changes come at BUSY_CHANGES_PER_SECOND or faster. */
    tick() {
      const now = Math.floor(performance.now() / 1000);
      if (now !== second) {
        previous = now === second + 1 ? current : 0;
        current = 0;
        second = now;
      }
      current += 1;
      return Math.max(current, previous) >= BUSY_CHANGES_PER_SECOND;
    },
  };
}

/**
 * The marketplace reads are the same for every visitor and by far the most frequent requests, so
 * each instance keeps their JSON for up to MARKETPLACE_CACHE_SECONDS (decisions 004 and 015).
 *
 * Each entry records what it depends on (its category and gender filters, its sort, its page's
 * item ids). The database triggers (migrations 0009 and 0030) announce every change on the bus
 * channel, naming the changed items with their category and gender and what kind of column
 * changed; an instance drops only the entries such a change may affect. Changes to owners
 * (name, photo, rating, holiday) and changes of many items at once name no items: everything goes.
 *
 * - A write request to this instance (not KEEPS_MARKETPLACE, status < 400) waits before its
 *   response leaves until its own notifications have been heard (a barrier event on the
 *   PostgreSQL bus; on PGlite they arrive with the commit itself), then drops whatever was marked
 *   stale meanwhile: its author sees the change on their next read. A write that changed nothing
 *   public sent no notification and empties nothing.
 * - When changes come faster than BUSY_CHANGES_PER_SECOND, those heard from elsewhere (other
 *   instances, scripts, background jobs) mark the affected entries stale instead: they are served
 *   for at most STALE_MS more while one load per key revalidates them.
 * - Without a bus that hears the database (the PostgreSQL tests' local bus), or with
 *   MARKETPLACE_CACHE_INVALIDATION=whole, every write empties the whole cache as before.
 */
export async function installMarketplaceCache(app: FastifyInstance) {
  const cache: MarketplaceCache = createGenerationCache<EntryDeps, MarketplaceChange>({
    ttlMs: app.config.marketplaceCacheSeconds * 1000,
    maxBytes: MAX_BYTES,
    sizeOf: entrySize,
    affects: changeAffects,
    staleMs: STALE_MS,
  });
  app.decorate('marketplaceCache', cache);
  const front = createFront(cache);
  app.decorate('marketplaceFront', front);
  // A closing server answers 503 to requests on open connections: Fastify's, not the front's.
  app.addHook('preClose', async () => front.close());
  const pglite = app.database.pglite;
  const fine =
    app.config.marketplaceCacheInvalidation !== 'whole' && Boolean(pglite || app.bus.hearsDatabase);
  const rate = createRateMeter();
  /** Barrier tokens this instance waits for. */
  const barriers = new Map<string, () => void>();
  const instanceToken = randomUUID();
  let barrierCount = 0;

  function changed(event: Extract<BusEvent, { kind: 'marketplace' }>) {
    const items = parseItemChanges(event.items);
    if (!fine || !items) return cache.invalidate();
    cache.invalidateWhere({ items }, rate.tick() ? 'soft' : 'hard');
  }

  /** Resolves once every notification committed before it was called has been heard. */
  async function settle() {
    // PGlite delivers a transaction's notifications with the answer to its COMMIT.
    if (pglite) return;
    const token = `${instanceToken}:${++barrierCount}`;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
      barriers.set(token, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await app.bus.publish({ kind: 'marketplace_barrier', token });
      if (!(await heard)) cache.invalidate();
    } catch {
      cache.invalidate();
    } finally {
      barriers.delete(token);
    }
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (isRead(request) || reply.statusCode >= 400 || request.routeOptions.config.keepsMarketplace)
      return payload;
    if (!fine) {
      cache.invalidate();
      return payload;
    }
    const startedAt = performance.now() - reply.elapsedTime;
    await settle();
    cache.harden(startedAt);
    return payload;
  });
  const unsubscribe = app.bus.subscribe((event) => {
    if (event.kind === 'marketplace') changed(event);
    else if (event.kind === 'marketplace_barrier') barriers.get(event.token)?.();
  });
  const unlisten = await pglite?.listen(BUS_CHANNEL, (payload) => {
    if (!payload.includes('"marketplace"')) return;
    try {
      changed(JSON.parse(payload) as Extract<BusEvent, { kind: 'marketplace' }>);
    } catch {
      cache.invalidate();
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await unlisten?.().catch(() => undefined);
    const file = app.config.marketplaceCacheStatsFile;
    if (file) {
      try {
        writeFileSync(file, JSON.stringify(cache.stats()));
      } catch (error) {
        app.log.warn({ err: error }, 'could not write the marketplace cache counters');
      }
    }
  });
}
