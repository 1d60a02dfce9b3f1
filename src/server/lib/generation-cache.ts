import { LRUCache } from 'lru-cache';

export interface GenerationCacheOptions<D = unknown, C = unknown> {
  /** How long an entry may be served at most; 0 turns the cache off (every read loads). */
  ttlMs: number;
  /** Upper bound of what the entries hold, in bytes, as measured by `sizeOf`. */
  maxBytes: number;
  /** An entry's size in bytes; by default strings count their length and anything else ~256 B. */
  sizeOf?: (value: NonNullable<unknown>) => number;
  /**
   * Whether a change may affect an entry with these dependencies (see `invalidateWhere`). When in
   * doubt it must answer true. Without it, every change affects every entry.
   */
  affects?: (deps: D, change: C) => boolean;
  /** How long an entry marked stale by a soft invalidation may still be served; 1 s by default. */
  staleMs?: number;
}

/** What a read declares it depends on; `refine` adds what only the loaded value tells (its page's ids). */
export interface Dependencies<D, T> {
  deps: D;
  refine?: (value: T, deps: D) => D;
}

export interface CacheStats {
  /** Reads answered from a fresh entry. */
  hits: number;
  /** Reads answered from an entry marked stale less than `staleMs` ago (a revalidation runs). */
  staleHits: number;
  /** Reads that waited for a load (their own or one they joined). */
  misses: number;
  /** Of those, reads of a key an invalidation had dropped (the rest were never cached or expired). */
  missesAfterInvalidation: number;
  /** Entries dropped or marked stale by invalidations. */
  invalidated: number;
  /** Invalidations (whole or partial). */
  invalidations: number;
}

/**
 * A read-through cache for values many requests share, with one rule that keeps it honest: once
 * a change is announced (`invalidate()` for everything, `invalidateWhere(change)` for the
 * entries it `affects`), nothing loaded before it that it may affect is served again, not even a
 * load that was still in flight. A read that starts after a write has committed and been announced
 * therefore sees that write. Concurrent misses for one key share one load; a failed load is not kept.
 *
 * A *soft* invalidation marks the affected entries stale instead of dropping them: for at most
 * `staleMs` after that, reads still get the old value while one load per key (never more)
 * revalidates it in the background. `harden(since)` drops what was marked stale since a time,
 * when a write's author must see it on their next read.
 */
export interface GenerationCache<D = unknown, C = unknown> {
  get<T extends NonNullable<unknown>>(
    key: string,
    load: () => Promise<T>,
    dependencies?: Dependencies<D, T>,
  ): Promise<T>;
  /**
   * The value of a fresh entry (not expired, not marked stale), counted as a hit, or undefined:
   * never loads, never waits. For a front path that serves ready answers without the route.
   */
  peek<T extends NonNullable<unknown>>(key: string): T | undefined;
  /** Every entry goes, at once. */
  invalidate(): void;
  /** The entries `change` may affect go (hard) or are marked stale (soft). Returns how many. */
  invalidateWhere(change: C, mode?: 'hard' | 'soft'): number;
  /** Drops every entry marked stale at or after `since` (a `performance.now()` time). */
  harden(since: number): void;
  stats(): CacheStats;
  /** Grows by one with every invalidation, whole or partial (tests and metrics). */
  readonly generation: number;
}

const defaultSizeOf = (value: NonNullable<unknown>) => (typeof value === 'string' ? value.length : 256);

interface Entry<D> {
  value: NonNullable<unknown>;
  deps: D | undefined;
  /** When the entry was first marked stale (soft invalidation), or undefined while fresh. */
  staleSince?: number;
  /** The latest soft invalidation that marked it. */
  markedAt?: number;
}

interface Flight<D> {
  promise: Promise<NonNullable<unknown>>;
  deps: D | undefined;
  /** A change that may affect it was announced while it ran: its value is not stored. */
  outdated: boolean;
}

export function createGenerationCache<D = unknown, C = unknown>(
  options: GenerationCacheOptions<D, C>,
): GenerationCache<D, C> {
  let generation = 0;
  const counters: CacheStats = {
    hits: 0,
    staleHits: 0,
    misses: 0,
    missesAfterInvalidation: 0,
    invalidated: 0,
    invalidations: 0,
  };
  const stats = () => ({ ...counters });
  if (options.ttlMs <= 0) {
    return {
      get: (_key, load) => {
        counters.misses += 1;
        return load();
      },
      peek: () => undefined,
      invalidate: () => {
        generation += 1;
      },
      invalidateWhere: () => {
        generation += 1;
        return 0;
      },
      harden: () => undefined,
      stats,
      get generation() {
        return generation;
      },
    };
  }
  const sizeOf = options.sizeOf ?? defaultSizeOf;
  const staleMs = options.staleMs ?? 1000;
  const affects = (deps: D | undefined, change: C) =>
    deps === undefined || !options.affects || options.affects(deps, change);
  const lru = new LRUCache<string, Entry<D>>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)),
    ttl: options.ttlMs,
  });
  const flights = new Map<string, Flight<D>>();
  /** Keys invalidations dropped, until next read (for `missesAfterInvalidation`); bounded. */
  const dropped = new Set<string>();
  const drop = (key: string) => {
    if (dropped.size >= 10_000) dropped.clear();
    dropped.add(key);
  };

  function start<T extends NonNullable<unknown>>(
    key: string,
    load: () => Promise<T>,
    dependencies: Dependencies<D, T> | undefined,
  ): Promise<T> {
    const flight: Flight<D> = {
      promise: undefined as unknown as Promise<T>,
      deps: dependencies?.deps,
      outdated: false,
    };
    flights.set(key, flight);
    const promise = load().then(
      (value) => {
        if (flights.get(key) === flight) flights.delete(key);
        if (!flight.outdated) {
          const deps = dependencies?.refine
            ? dependencies.refine(value, dependencies.deps)
            : dependencies?.deps;
          lru.set(key, { value, deps });
        }
        return value;
      },
      (error: unknown) => {
        if (flights.get(key) === flight) flights.delete(key);
        throw error;
      },
    );
    flight.promise = promise;
    return promise;
  }

  return {
    async get<T extends NonNullable<unknown>>(
      key: string,
      load: () => Promise<T>,
      dependencies?: Dependencies<D, T>,
    ) {
      const entry = lru.get(key);
      if (entry && entry.staleSince === undefined) {
        counters.hits += 1;
        return entry.value as T;
      }
      const flight = flights.get(key);
      if (entry && entry.staleSince !== undefined && performance.now() - entry.staleSince <= staleMs) {
        counters.staleHits += 1;
        // One revalidation per key at a time; its failure leaves the stale entry until it expires.
        if (!flight) start(key, load, dependencies).catch(() => undefined);
        return entry.value as T;
      }
      counters.misses += 1;
      if (dropped.delete(key)) counters.missesAfterInvalidation += 1;
      if (flight) return flight.promise as Promise<T>;
      return start(key, load, dependencies);
    },
    peek<T extends NonNullable<unknown>>(key: string) {
      const entry = lru.get(key);
      if (!entry || entry.staleSince !== undefined) return undefined;
      counters.hits += 1;
      return entry.value as T;
    },
    invalidate() {
      generation += 1;
      counters.invalidations += 1;
      counters.invalidated += lru.size;
      for (const key of lru.keys()) drop(key);
      lru.clear();
      for (const flight of flights.values()) flight.outdated = true;
      flights.clear();
    },
    invalidateWhere(change, mode = 'hard') {
      generation += 1;
      counters.invalidations += 1;
      const now = performance.now();
      let count = 0;
      // Collected first: the LRU is not changed while it is being walked.
      for (const [key, entry] of [...lru.entries()]) {
        if (!affects(entry.deps, change)) continue;
        count += 1;
        if (mode === 'hard') {
          lru.delete(key);
          drop(key);
        } else {
          entry.staleSince ??= now;
          entry.markedAt = now;
        }
      }
      for (const [key, flight] of flights) {
        if (!affects(flight.deps, change)) continue;
        flight.outdated = true;
        flights.delete(key);
      }
      counters.invalidated += count;
      return count;
    },
    harden(since) {
      for (const [key, entry] of [...lru.entries()])
        if (entry.markedAt !== undefined && entry.markedAt >= since) {
          lru.delete(key);
          drop(key);
        }
    },
    stats,
    get generation() {
      return generation;
    },
  };
}
