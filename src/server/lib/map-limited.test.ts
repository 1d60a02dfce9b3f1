import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapLimited', () => {
  it('answers in the list order however the work finishes', async () => {
    const delays = [5, 1, 3, 0, 2];
    const out = await mapLimited(delays, 2, async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms * 10;
    });
    expect(out).toEqual([50, 10, 30, 0, 20]);
  });

  it('never runs more than `limit` at once, and runs that many when it can', async () => {
    let running = 0;
    let peak = 0;
    await mapLimited(
      Array.from({ length: 12 }, (_, i) => i),
      3,
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
      },
    );
    expect(peak).toBe(3);
  });

  it('treats a limit below 1 as 1, and an empty list as nothing to do', async () => {
    let running = 0;
    let peak = 0;
    const work = async (n: number) => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      return n;
    };
    expect(await mapLimited([1, 2, 3], 0, work)).toEqual([1, 2, 3]);
    expect(peak).toBe(1);
    expect(await mapLimited([], 4, work)).toEqual([]);
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapLimited([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two failed');
        return n;
      }),
    ).rejects.toThrow('two failed');
  });
});
