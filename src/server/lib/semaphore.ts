/** At most `limit` tasks run at once; the others wait their turn, first come first served. */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next task, so a newcomer cannot take it in between.
      if (next) next();
      else running -= 1;
    }
  };
}
