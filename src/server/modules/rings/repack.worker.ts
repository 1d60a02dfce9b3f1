import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type MarketInput, solveMarket } from './choose-rings';

/** The re-pack's worker thread: one market in, its chosen rings out (repack-worker.ts starts it). */
parentPort?.once('message', async (input: MarketInput) => {
  const solution = { ...(await solveMarket(input)), priority: getPriority(0) };
  parentPort?.postMessage(solution, [
    solution.items.buffer as ArrayBuffer,
    solution.ends.buffer as ArrayBuffer,
    solution.weights.buffer as ArrayBuffer,
  ]);
});
