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
