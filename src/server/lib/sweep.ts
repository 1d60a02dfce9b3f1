import type pg from 'pg';

/** One piece of periodic work; `now` is the sweep's clock, so tests can run it at any moment. */
export type SweepTask = (now: Date) => Promise<void>;

export interface SweepLogger {
  error(details: object, message: string): void;
}

/** Hears how long each task of a run took (the metrics). */
export interface SweepObserver {
  taskEnded(task: string, seconds: number, outcome: 'ok' | 'failed'): void;
}

export interface SweepOptions {
  /** PostgreSQL: the advisory lock is taken on one of its connections. Absent on PGlite. */
  pool?: pg.Pool;
  log: SweepLogger;
  observer?: SweepObserver | undefined;
  /** Stable key of the advisory lock; every instance of the app uses the same one. */
  lockKey?: number;
}

/** An arbitrary constant shared by every instance ("sweep" in ASCII). */
const DEFAULT_LOCK_KEY = 0x73776565;

/**
 * Runs named tasks periodically. On PostgreSQL a run first takes a session advisory lock with
 * `pg_try_advisory_lock`, so that of several instances only one sweeps at a time and the others
 * skip that round; PGlite is one process, so a run there only has to avoid overlapping itself.
 * A failing task is logged and does not stop the others. The timer never keeps the process alive,
 * and `stop()` waits for a run in progress.
 */
export function createSweep(options: SweepOptions) {
  const tasks = new Map<string, SweepTask>();
  const lockKey = options.lockKey ?? DEFAULT_LOCK_KEY;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string[]> | undefined;
  let stopped = false;

  async function runTasks(now: Date): Promise<string[]> {
    const ran: string[] = [];
    for (const [name, task] of tasks) {
      if (stopped) break;
      const started = performance.now();
      const took = () => (performance.now() - started) / 1000;
      try {
        await task(now);
        ran.push(name);
        options.observer?.taskEnded(name, took(), 'ok');
      } catch (error) {
        options.observer?.taskEnded(name, took(), 'failed');
        options.log.error({ err: error, task: name }, 'sweep task failed');
      }
    }
    return ran;
  }

  async function runLocked(now: Date): Promise<string[]> {
    if (!options.pool) return runTasks(now);
    const client = await options.pool.connect();
    // The client holds the lock, idle, while the tasks run on other connections: a server that goes
    // away meanwhile must not crash the process (the pool listens only to idle clients); the unlock
    // below then fails and the run reports it.
    let lost: Error | undefined;
    const ignoreLostConnection = (error: Error) => {
      lost = error;
    };
    client.on('error', ignoreLostConnection);
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        lockKey,
      ]);
      if (!rows[0]?.locked) return [];
      try {
        return await runTasks(now);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [lockKey]);
      }
    } finally {
      client.off('error', ignoreLostConnection);
      // A lost connection is destroyed rather than handed back to the pool.
      client.release(lost);
    }
  }

  return {
    /** Adds a task; names are unique so that a module cannot register twice by mistake. */
    register(name: string, task: SweepTask) {
      if (tasks.has(name)) throw new Error(`sweep task ${name} is registered already`);
      tasks.set(name, task);
    },
    /**
     * Runs every task once, unless another run (here, or on another instance) holds the lock.
     * Answers the names of the tasks that ran to completion.
     */
    async run(now: Date = new Date()): Promise<string[]> {
      if (stopped) return [];
      if (running) return [];
      running = runLocked(now).catch((error: unknown) => {
        options.log.error({ err: error }, 'sweep failed');
        return [];
      });
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    start(intervalMs: number) {
      if (intervalMs <= 0 || timer || stopped) return;
      timer = setInterval(() => void this.run(), intervalMs);
      timer.unref();
    },
    /** No new run starts; a run in progress finishes its current task. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type Sweep = ReturnType<typeof createSweep>;
