import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type MarketInput, solveMarket } from './choose-rings';

/**
 * The re-pack's worker thread: one market in, its chosen rings out (repack-worker.ts starts it). A
 * failure rejects this module's evaluation, which the thread reports as its 'error' event.
 */
const port = parentPort;
if (!port) throw new Error('repack.worker.ts runs in the re-pack worker thread (repack-worker.ts)');
const input = await new Promise<MarketInput>((resolve) => port.once('message', resolve));
const solution = { ...(await solveMarket(input)), priority: getPriority(0) };
port.postMessage(solution, [
  solution.items.buffer as ArrayBuffer,
  solution.ends.buffer as ArrayBuffer,
  solution.weights.buffer as ArrayBuffer,
]);
