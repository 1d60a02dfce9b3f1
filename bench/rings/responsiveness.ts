/**
 * The global re-pack as the app runs it, in its worker thread (rings/repack-worker.ts), with the
 * main thread meanwhile answering a list page over HTTP to a load generator in its own process:
 * the re-pack must not block the event loop that serves requests (issue budget: list p99 ≤ 25 ms
 * during the re-pack). The page is a fixed 24-item list serialised per request, so what is timed is
 * the main thread's availability, not the database.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MarketInput } from '../../src/server/modules/rings/choose-rings';
import { solveInWorker } from '../../src/server/modules/rings/repack-worker';
import type { Market } from '../rings-market';

export interface RepackResponsiveness {
  /** Wall clock of the whole re-pack in its thread: graph, cycles ≤ 5, packing. */
  seconds: number;
  rings: number;
  candidates: number;
  /** While the worker re-packs. */
  during: ListFigures;
  /** The same load for 5 s with no re-pack, just before it: what this machine gives anyway. */
  baseline: ListFigures;
}

export interface ListFigures {
  requests: number;
  errors: number;
  listP50Ms: number;
  listP99Ms: number;
  listMaxMs: number;
  /** The main thread's event-loop delay (perf_hooks, 10 ms resolution). */
  loopP99Ms: number;
  loopMaxMs: number;
}

const page = Array.from({ length: 24 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Listing ${i}`,
  brand: 'Brand',
  size: 'M',
  condition: 'good',
  estimatedValue: 20 + i,
  images: [`/images/${i}.webp`],
  owner: { id: `member-${i}`, name: `Member ${i}`, rating: 4.5 },
}));

export async function measureRepackResponsiveness(market: Market): Promise<RepackResponsiveness> {
  const input: MarketInput = {
    owners: Int32Array.from(market.owner),
    arcFrom: Int32Array.from(market.from),
    arcTo: Int32Array.from(market.to),
    odds: Float64Array.from(market.acceptance),
    rejectedItems: new Int32Array(0),
    rejectedEnds: new Int32Array(0),
    blockedPairs: new Int32Array(0),
  };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ items: page, total: page.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const baseline = await underLoad(url, () => new Promise((resolve) => setTimeout(resolve, 5000)));
  let seconds = 0;
  let solution: Awaited<ReturnType<typeof solveInWorker>> | undefined;
  const during = await underLoad(url, async () => {
    const started = performance.now();
    solution = await solveInWorker(input);
    seconds = (performance.now() - started) / 1000;
  });
  server.close();
  return {
    seconds,
    rings: solution?.ends.length ?? 0,
    candidates: solution?.candidates ?? 0,
    during,
    baseline,
  };
}

/** Runs `work` while a load generator in its own process requests `url`; its figures after. */
async function underLoad(url: string, work: () => Promise<unknown>): Promise<ListFigures> {
  const load = fork(new URL('./list-load.ts', import.meta.url), [url], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const figures = new Promise<{ requests: number; errors: number; p50: number; p99: number; max: number }>(
    (resolve, reject) => {
      load.once('message', (message) => resolve(message as never));
      load.once('exit', (code) => reject(new Error(`the load generator stopped (exit code ${code})`)));
    },
  );
  // Let the load generator start and connect first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await work();
  loop.disable();
  load.send('stop');
  const list = await figures;
  return {
    requests: list.requests,
    errors: list.errors,
    listP50Ms: list.p50,
    listP99Ms: list.p99,
    listMaxMs: list.max,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
  };
}
