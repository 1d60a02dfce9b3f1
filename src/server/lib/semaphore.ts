/**
 * At most `limit` tasks run at once; the others wait their turn.
 *
 * A task may name whom it is for (`key`, e.g. a member's id). Then at most one task of that key runs
 * at a time, and a free slot goes to the key that has waited longest: keys take turns, so one key's
 * burst of tasks cannot queue ahead of another key's single task. Tasks of one key run in the order
 * they arrived. A task without a key is its own key, so keyless tasks are served first come first
 * served.
 */
export function createSemaphore(limit: number) {
  let running = 0;
  /** Keys with a task running. */
  const busy = new Set<unknown>();
  /** Each key's waiting tasks (their start signals), oldest first. */
  const waiting = new Map<unknown, Array<() => void>>();
  /** Keys with a waiting task and none running: whose turn comes next, longest waiting first. */
  const turns: unknown[] = [];

  const startNext = () => {
    while (running < limit && turns.length > 0) {
      const key = turns.shift();
      const queue = waiting.get(key) ?? [];
      const start = queue.shift();
      if (queue.length === 0) waiting.delete(key);
      if (!start) continue;
      busy.add(key);
      running += 1;
      start();
    }
  };

  return async function run<T>(task: () => Promise<T>, key: unknown = Symbol('task')): Promise<T> {
    await new Promise<void>((start) => {
      const queue = waiting.get(key);
      if (queue) queue.push(start);
      else {
        waiting.set(key, [start]);
        // A key with a task running takes its next turn when that task ends.
        if (!busy.has(key)) turns.push(key);
      }
      startNext();
    });
    try {
      return await task();
    } finally {
      busy.delete(key);
      running -= 1;
      // The key's next task goes to the back of the line; the slot passes straight on, so that a
      // newcomer cannot take it in between.
      if (waiting.has(key)) turns.push(key);
      startNext();
    }
  };
}
