import type { FastifyInstance } from 'fastify';
import { createGenerationCache, type GenerationCache } from '../../lib/generation-cache';
import { SharedJson } from '../../lib/json-response';
import { BUS_CHANNEL } from '../realtime/event-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public item list and facets, cached per query (README: Performance). */
    marketplaceCache: GenerationCache;
  }
  interface FastifyContextConfig {
    /**
     * A write that never changes a listed item or an owner's name, photo or rating (signing in,
     * sessions, chat, notifications, uploads, blocks, reports, preferences): it leaves the
     * marketplace cache alone. Should such a write still touch items, the database triggers
     * (migration 0009) empty the cache anyway.
     */
    keepsMarketplace?: boolean;
  }
}

/** Route config for such writes: `{ config: KEEPS_MARKETPLACE, schema: … }`. */
export const KEEPS_MARKETPLACE = { keepsMarketplace: true } as const;

/** What the cached list pages, facets and counts may hold at most. */
const MAX_BYTES = 32 * 1024 * 1024;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Entries are facets JSON, list pages (`{ json, total }`) and counts; counts are small. */
function entrySize(value: NonNullable<unknown>): number {
  if (value instanceof SharedJson) return value.size;
  if (typeof value === 'object' && 'json' in value && value.json instanceof SharedJson)
    return value.json.size;
  return 256;
}

/**
 * The marketplace reads are the same for every visitor and by far the most frequent requests, so
 * each instance keeps their JSON for up to MARKETPLACE_CACHE_SECONDS. It is emptied:
 * - by every successful write request to this instance, before its response leaves, so a member
 *   always sees their own change (favourites, listings, trades, reviews, profile names), except
 *   the frequent ones marked KEEPS_MARKETPLACE, which touch none of that;
 * - by the `marketplace` bus event, which database triggers (migration 0009) send on any change to
 *   items or to their owners' public fields, so the other instances follow within milliseconds.
 *   The embedded PGlite database has no bus connection: its notifications are heard here directly,
 *   which also covers changes made while serving a read (reviews published when due, for one).
 */
export async function installMarketplaceCache(app: FastifyInstance) {
  const cache = createGenerationCache({
    ttlMs: app.config.marketplaceCacheSeconds * 1000,
    maxBytes: MAX_BYTES,
    sizeOf: entrySize,
  });
  app.decorate('marketplaceCache', cache);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!READS.has(request.method) && reply.statusCode < 400 && !request.routeOptions.config.keepsMarketplace)
      cache.invalidate();
    return payload;
  });
  const unsubscribe = app.bus.subscribe((event) => {
    if (event.kind === 'marketplace') cache.invalidate();
  });
  const unlisten = await app.database.pglite?.listen(BUS_CHANNEL, (payload) => {
    if (payload.includes('"marketplace"')) cache.invalidate();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await unlisten?.().catch(() => undefined);
  });
}
