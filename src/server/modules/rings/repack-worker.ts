import { Worker } from 'node:worker_threads';
import type { MarketInput, MarketSolution } from './choose-rings';

/**
 * Defined by the server bundle (scripts/server-bundle.ts) as the URL of the worker bundled beside it,
 * which the thread imports with plain Node. Undefined where the sources run through tsx (`npm run
 * dev`, the tests): the thread then runs repack.worker.ts through tsx.
 */
declare const REPACK_WORKER_BUNDLE: string | undefined;
const workerEntry =
  typeof REPACK_WORKER_BUNDLE === 'string'
    ? REPACK_WORKER_BUNDLE
    : new URL('./repack.worker.ts', import.meta.url).href;

/**
 * Solves the market in a worker thread of its own, so that finding and packing every cycle of the
 * market never blocks the event loop that serves requests. The typed arrays are transferred, not
 * copied. One thread per re-pack: it runs every few minutes and ends with its answer.
 */
export function solveInWorker(input: MarketInput): Promise<MarketSolution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./repack-thread.mjs', import.meta.url), {
      workerData: { entry: workerEntry },
    });
    let settled = false;
    const finish = (error: Error | null, solution?: MarketSolution) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else if (solution) resolve(solution);
    };
    worker.once('message', (solution: MarketSolution) => finish(null, solution));
    worker.once('error', (error) => finish(error));
    worker.once('exit', (code) => finish(new Error(`the re-pack worker stopped (exit code ${code})`)));
    worker.postMessage(input, [
      input.owners.buffer as ArrayBuffer,
      input.arcFrom.buffer as ArrayBuffer,
      input.arcTo.buffer as ArrayBuffer,
      input.odds.buffer as ArrayBuffer,
      input.rejectedItems.buffer as ArrayBuffer,
      input.rejectedEnds.buffer as ArrayBuffer,
      input.blockedPairs.buffer as ArrayBuffer,
      ...(input.giveaways ? [input.giveaways.buffer as ArrayBuffer] : []),
    ]);
  });
}
