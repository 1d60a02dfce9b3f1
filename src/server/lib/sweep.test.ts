import { describe, expect, it } from 'vitest';
import { createSweep } from './sweep';
import { openTestDatabase, testDriver } from '../test-support/test-database';

const silent = { error: () => undefined };

describe('sweep', () => {
  it('runs its tasks with the given clock, and a failing task does not stop the others', async () => {
    const errors: string[] = [];
    const sweep = createSweep({ log: { error: (_details, message) => errors.push(message) } });
    const seen: Date[] = [];
    sweep.register('fails', async () => {
      throw new Error('boom');
    });
    sweep.register('records', async (now) => {
      seen.push(now);
    });
    const now = new Date('2030-01-01T00:00:00Z');
    expect(await sweep.run(now)).toEqual(['records']);
    expect(seen).toEqual([now]);
    expect(errors).toEqual(['sweep task failed']);
  });

  it('refuses a task name twice, never overlaps itself, and stops cleanly', async () => {
    const sweep = createSweep({ log: silent });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    sweep.register('slow', async () => {
      runs += 1;
      await gate;
    });
    expect(() => sweep.register('slow', async () => undefined)).toThrow(/registered already/);
    const first = sweep.run();
    expect(await sweep.run()).toEqual([]);
    const stopping = sweep.stop();
    release();
    await stopping;
    expect(await first).toEqual(['slow']);
    expect(await sweep.run()).toEqual([]);
    expect(runs).toBe(1);
  });

  it('does not keep the process alive', async () => {
    const sweep = createSweep({ log: silent });
    sweep.start(60_000);
    await sweep.stop();
  });

  it.runIf(testDriver === 'postgres')(
    'on PostgreSQL only one of two instances sweeps while the other holds the advisory lock',
    async () => {
      const database = await openTestDatabase();
      try {
        const pool = database.pool;
        if (!pool) throw new Error('no pool');
        let release = () => undefined as void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const a = createSweep({ pool, log: silent, lockKey: 4242 });
        const b = createSweep({ pool, log: silent, lockKey: 4242 });
        let aRuns = 0;
        let bRuns = 0;
        a.register('task', async () => {
          aRuns += 1;
          await gate;
        });
        b.register('task', async () => {
          bRuns += 1;
        });
        const first = a.run();
        // Wait until a holds the lock and is inside its task.
        while (aRuns === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await b.run()).toEqual([]);
        release();
        expect(await first).toEqual(['task']);
        expect(await b.run()).toEqual(['task']);
        expect(bRuns).toBe(1);
      } finally {
        await database.close();
      }
    },
  );
});
