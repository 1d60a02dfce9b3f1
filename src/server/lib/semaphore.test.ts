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

describe('createSemaphore with keys', () => {
  /** Tasks that run until the test lets them finish, recording when each starts. */
  function gatedTasks(run: ReturnType<typeof createSemaphore>) {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const running = new Map<string, number>();
    let peakPerKey = 0;
    const submit = (key: string, name: string) =>
      run(async () => {
        started.push(name);
        running.set(key, (running.get(key) ?? 0) + 1);
        peakPerKey = Math.max(peakPerKey, running.get(key) ?? 0);
        await new Promise<void>((resolve) => finish.set(name, resolve));
        running.set(key, (running.get(key) ?? 0) - 1);
      }, key);
    const end = async (name: string) => {
      const resolve = finish.get(name);
      if (!resolve) throw new Error(`${name} has not started (started: ${started.join(', ')})`);
      resolve();
      // The finished task's slot is handed on in its `finally`, a few microtasks later.
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { submit, end, started, peakPerKey: () => peakPerKey };
  }

  it('runs one task per key at a time, and gives a free slot to the key that waited longest', async () => {
    const tasks = gatedTasks(createSemaphore(2));
    // Member a sends a burst of five; b and then c send one each, after the burst.
    const all = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => tasks.submit('a', name)),
      tasks.submit('b', 'b1'),
      tasks.submit('c', 'c1'),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    // a holds one slot with its first task; b takes the other one at once, ahead of a's burst.
    expect(tasks.started).toEqual(['a1', 'b1']);
    await tasks.end('a1');
    // c waited longer than a's next turn: a went to the back of the line when a1 ended.
    expect(tasks.started).toEqual(['a1', 'b1', 'c1']);
    await tasks.end('b1');
    expect(tasks.started).toEqual(['a1', 'b1', 'c1', 'a2']);
    await tasks.end('c1');
    await tasks.end('a2');
    await tasks.end('a3');
    await tasks.end('a4');
    await tasks.end('a5');
    await Promise.all(all);
    expect(tasks.started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4', 'a5']);
    expect(tasks.peakPerKey()).toBe(1);
  });

  it('takes a newcomer’s turn after the keys already waiting', async () => {
    const tasks = gatedTasks(createSemaphore(1));
    const all = [tasks.submit('a', 'a1'), tasks.submit('a', 'a2'), tasks.submit('b', 'b1')];
    await new Promise((resolve) => setImmediate(resolve));
    await tasks.end('a1');
    // b1 runs; a waits for its next turn, and c comes after it.
    all.push(tasks.submit('c', 'c1'));
    await tasks.end('b1');
    await tasks.end('a2');
    await tasks.end('c1');
    await Promise.all(all);
    expect(tasks.started).toEqual(['a1', 'b1', 'a2', 'c1']);
  });
});
