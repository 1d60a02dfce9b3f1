import { LRUCache } from 'lru-cache';

export interface GenerationCacheOptions {
  /** How long an entry may be served at most; 0 turns the cache off (every read loads). */
  ttlMs: number;
  /** Upper bound of what the entries hold, in bytes, as measured by `sizeOf`. */
  maxBytes: number;
  /** An entry's size in bytes; by default strings count their length and anything else ~256 B. */
  sizeOf?: (value: NonNullable<unknown>) => number;
}

/**
 * A read-through cache for values many requests share, with one rule that keeps it honest:
 * `invalidate()` starts a new generation, and nothing loaded in an earlier generation is served
 * again, not even a load that was still in flight. A read that starts after a write has committed
 * and invalidated therefore always sees that write. Concurrent misses for one key share one load,
 * and a failed load is not kept.
 */
export interface GenerationCache {
  get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
  /** The current generation: it grows by one with every `invalidate()` (tests and metrics). */
  readonly generation: number;
}

const defaultSizeOf = (value: NonNullable<unknown>) => (typeof value === 'string' ? value.length : 256);

export function createGenerationCache(options: GenerationCacheOptions): GenerationCache {
  let generation = 0;
  if (options.ttlMs <= 0) {
    return {
      get: (_key, load) => load(),
      invalidate: () => {
        generation += 1;
      },
      get generation() {
        return generation;
      },
    };
  }
  type Load = () => Promise<NonNullable<unknown>>;
  const sizeOf = options.sizeOf ?? defaultSizeOf;
  const lru = new LRUCache<string, NonNullable<unknown>, Load>({
    maxSize: options.maxBytes,
    sizeCalculation: (value) => Math.max(1, sizeOf(value)),
    ttl: options.ttlMs,
    // Entries are keyed by generation: a load aborted by clear() may finish (its waiters get it),
    // and what it stores sits under a generation that is never read again.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    async get<T extends NonNullable<unknown>>(key: string, load: () => Promise<T>) {
      const value = await lru.fetch(`${generation}\u0000${key}`, { context: load });
      return value as T;
    },
    invalidate() {
      generation += 1;
      lru.clear();
    },
    get generation() {
      return generation;
    },
  };
}
