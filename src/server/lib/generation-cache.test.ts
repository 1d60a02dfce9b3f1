import { describe, expect, it } from 'vitest';
import { createGenerationCache } from './generation-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('generation cache', () => {
  const options = { ttlMs: 60_000, maxBytes: 1_000_000 };

  it('serves a value until invalidated, then loads again', async () => {
    const cache = createGenerationCache(options);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get('k', load)).toBe('value 1');
    expect(await cache.get('k', load)).toBe('value 1');
    expect(await cache.get('other', load)).toBe('value 2');
    cache.invalidate();
    expect(cache.generation).toBe(1);
    expect(await cache.get('k', load)).toBe('value 3');
  });

  it('shares one load among concurrent misses', async () => {
    const cache = createGenerationCache(options);
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const reads = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    pending.resolve('shared');
    expect(await Promise.all(reads)).toEqual(['shared', 'shared', 'shared']);
    expect(loads).toBe(1);
  });

  it('never serves a load that was in flight when it was invalidated', async () => {
    const cache = createGenerationCache(options);
    const before = deferred<string>();
    const early = cache.get('k', () => before.promise);
    cache.invalidate();
    // A read after the write does not join the earlier load: it loads the new state.
    const late = cache.get('k', async () => 'after the write');
    before.resolve('before the write');
    expect(await early).toBe('before the write');
    expect(await late).toBe('after the write');
    expect(await cache.get('k', async () => 'again')).toBe('after the write');
  });

  it('does not keep a failed load', async () => {
    const cache = createGenerationCache(options);
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('expires entries after the time to live', async () => {
    const cache = createGenerationCache({ ttlMs: 30, maxBytes: 1_000_000 });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get('k', load)).toBe('value 1');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', load)).toBe('value 2');
  });

  it('keeps within its size, dropping the least recently used', async () => {
    const cache = createGenerationCache({ ttlMs: 60_000, maxBytes: 2_500 });
    let loads = 0;
    const big = async () => `${++loads}`.padEnd(1_000, '.');
    await cache.get('a', big);
    await cache.get('b', big);
    await cache.get('c', big);
    expect(loads).toBe(3);
    await cache.get('a', big);
    expect(loads).toBe(4);
  });

  it('with a time to live of 0, loads every time', async () => {
    const cache = createGenerationCache({ ttlMs: 0, maxBytes: 1_000_000 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });
});

describe('generation cache with dependencies', () => {
  type Deps = { tag: string };
  type Change = { tag: string };
  const make = (staleMs = 1000) =>
    createGenerationCache<Deps, Change>({
      ttlMs: 60_000,
      maxBytes: 1_000_000,
      affects: (deps, change) => deps.tag === change.tag,
      staleMs,
    });

  it('drops only the entries a change affects', async () => {
    const cache = make();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    await cache.get('a', load, { deps: { tag: 'a' } });
    await cache.get('b', load, { deps: { tag: 'b' } });
    expect(cache.invalidateWhere({ tag: 'a' })).toBe(1);
    expect(await cache.get('b', load, { deps: { tag: 'b' } })).toBe('value 2');
    expect(await cache.get('a', load, { deps: { tag: 'a' } })).toBe('value 3');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3, missesAfterInvalidation: 1, invalidated: 1 });
  });

  it('records what only the loaded value tells (refine)', async () => {
    const cache = make();
    await cache.get('k', async () => 'loaded', { deps: { tag: 'before' }, refine: () => ({ tag: 'after' }) });
    expect(cache.invalidateWhere({ tag: 'before' })).toBe(0);
    expect(cache.invalidateWhere({ tag: 'after' })).toBe(1);
  });

  it('does not store a load in flight when a change affecting it arrives, and keeps one it does not affect', async () => {
    const cache = make();
    const a = deferred<string>();
    const b = deferred<string>();
    const early = cache.get('a', () => a.promise, { deps: { tag: 'a' } });
    const other = cache.get('b', () => b.promise, { deps: { tag: 'b' } });
    cache.invalidateWhere({ tag: 'a' });
    const late = cache.get('a', async () => 'after the write', { deps: { tag: 'a' } });
    a.resolve('before the write');
    b.resolve('b');
    expect(await early).toBe('before the write');
    expect(await late).toBe('after the write');
    expect(await other).toBe('b');
    expect(await cache.get('b', async () => 'reloaded', { deps: { tag: 'b' } })).toBe('b');
  });

  it('soft: serves the stale value for at most staleMs, with one revalidation at a time', async () => {
    const cache = make(80);
    expect(await cache.get('k', async () => 'old', { deps: { tag: 'k' } })).toBe('old');
    cache.invalidateWhere({ tag: 'k' }, 'soft');
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const reads = await Promise.all([1, 2, 3].map(() => cache.get('k', load, { deps: { tag: 'k' } })));
    expect(reads).toEqual(['old', 'old', 'old']);
    expect(loads).toBe(1);
    pending.resolve('new');
    await pending.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', load, { deps: { tag: 'k' } })).toBe('new');
    expect(cache.stats()).toMatchObject({ staleHits: 3 });
  });

  it('soft: once staleMs has passed, a read waits for the new value', async () => {
    const cache = make(30);
    await cache.get('k', async () => 'old', { deps: { tag: 'k' } });
    cache.invalidateWhere({ tag: 'k' }, 'soft');
    // The revalidation fails: the stale value stays, but only within staleMs.
    expect(await cache.get('k', async () => Promise.reject(new Error('down')), { deps: { tag: 'k' } })).toBe(
      'old',
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', async () => 'new', { deps: { tag: 'k' } })).toBe('new');
  });

  it('harden drops what was marked stale since a time, and keeps fresh entries', async () => {
    const cache = make();
    await cache.get('a', async () => 'old a', { deps: { tag: 'a' } });
    await cache.get('b', async () => 'b', { deps: { tag: 'b' } });
    const since = performance.now();
    cache.invalidateWhere({ tag: 'a' }, 'soft');
    cache.harden(since);
    expect(await cache.get('a', async () => 'new a', { deps: { tag: 'a' } })).toBe('new a');
    expect(await cache.get('b', async () => 'other', { deps: { tag: 'b' } })).toBe('b');
  });
});
