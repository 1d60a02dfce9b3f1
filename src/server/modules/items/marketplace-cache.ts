import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createGenerationCache } from '../../lib/generation-cache';
import { SharedJson } from '../../lib/json-response';
import { BUS_CHANNEL, type BusEvent } from '../realtime/event-bus';
import {
  changeAffects,
  type MarketplaceCache,
  type EntryDeps,
  type MarketplaceChange,
  parseItemChanges,
} from '../../lib/marketplace-dependencies';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public item list and facets, cached per query (README: Performance). */
    marketplaceCache: MarketplaceCache;
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
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long an affected entry may still be served while it is revalidated, when changes come fast. */
const STALE_MS = 1000;
/**
 * Changes heard per second from which affected entries are marked stale (served for at most
 * STALE_MS while one load revalidates them) rather than dropped.
 */
const BUSY_CHANGES_PER_SECOND = 20;
/** How long a write's response waits for its own notifications before emptying the cache instead. */
const BARRIER_TIMEOUT_MS = 500;

/** Entries are facets JSON, list pages (`{ json, total }`) and counts; counts are small. */
function entrySize(value: NonNullable<unknown>): number {
  if (value instanceof SharedJson) return value.size;
  if (typeof value === 'object' && 'json' in value && value.json instanceof SharedJson)
    return value.json.size;
  return 256;
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
    if (READS.has(request.method) || reply.statusCode >= 400 || request.routeOptions.config.keepsMarketplace)
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
