/** The timers a hook's logic uses: the window's, or a test's. */
export interface Timers {
  setTimeout: (run: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

export const windowTimers: Timers = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};
