import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once, in arrival order, and frees the slot after a failure', async () => {
    const run = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (index: number) =>
      run(async () => {
        started.push(index);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        if (index === 1) throw new Error('failed');
        return index;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
