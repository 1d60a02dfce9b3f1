/**
 * `npm start` (scripts/start.mjs) runs the server bundled into dist/server/main.mjs by plain Node
 * (scripts/server-bundle.ts), after a freshness check in plain Node too (scripts/build-freshness.mjs).
 * The bundle must find what its sources find beside themselves: the migrations, the locale
 * catalogues and dist/client. This starts it on a new data directory in demo mode.
 *
 * That start is also a first start (one process serves both checks, as starting the demo market
 * costs tens of seconds on a busy machine): with no rendered photos cached on the machine (an
 * empty TMPDIR), the server listens first and draws the demo photos afterwards, while every photo
 * an item shows is served when asked for.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { clientBuildIsStale } from '../../scripts/ensure-client-build';
import {
  ensureServerBundle,
  repackWorkerBundle,
  serverBundle,
  serverBundleIsStale,
} from '../../scripts/server-bundle';
import { type MarketInput, type MarketSolution, solveMarket } from './modules/rings/choose-rings';
import { type RunningServer, startServer } from './test-support/server-process';

const scratch = mkdtempSync(join(tmpdir(), 'threadswap-bundle-'));
mkdirSync(join(scratch, 'tmp'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The message of a pino log line ('' for anything else). */
function messageOf(line: string) {
  try {
    return (JSON.parse(line) as { msg?: string }).msg ?? '';
  } catch {
    return '';
  }
}

describe('the bundled server', () => {
  it('is rebuilt only when stale, serves the demo market from a new data directory, and listens before drawing the demo photos', async () => {
    const bundle = await ensureServerBundle();
    expect(bundle).toBe(serverBundle);
    expect(serverBundleIsStale()).toBe(false);
    // Every source file's import.meta.url points at the source, not at the bundle: that is how the
    // migrations, the catalogues and dist/client are found (the first and last checked below).
    expect(readFileSync(bundle, 'utf8')).not.toContain('import.meta.url');

    // What `npm start` runs, when the client is built too (else it would build the client here):
    // with both fresh, it imports the bundle at once and builds nothing.
    const entry = clientBuildIsStale() ? bundle : 'scripts/start.mjs';
    server = await startServer(
      {
        DATA_DIR: join(scratch, 'data'),
        DEMO: 'true',
        // An empty temporary directory: no photo rendered by an earlier run can be reused.
        TMPDIR: join(scratch, 'tmp'),
        LOG_LEVEL: 'info',
      },
      { entry, stdio: 'pipe' },
    );
    const lines: string[] = [];
    let buffered = '';
    const rendered = new Promise<void>((resolve) => {
      server?.process.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const complete = buffered.split('\n');
        buffered = complete.pop() ?? '';
        for (const line of complete) {
          const message = messageOf(line);
          lines.push(message);
          if (message.startsWith('Rendered ')) resolve();
        }
      });
    });
    server.process.stderr?.resume();

    const items = await fetch(`${server.url}/api/items`);
    expect(items.status).toBe(200);
    const list = (await items.json()) as Array<{ images: string[] }>;
    expect(list.length).toBeGreaterThan(0);
    // A photo not drawn yet is drawn when asked for.
    const photo = list[0]?.images[0] as string;
    expect(photo).toMatch(/^\/images\//);
    const response = await fetch(`${server.url}${photo}?w=400`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');

    // The client is built by `npm install` (postinstall) or before the browser journeys; a checkout
    // that has not built it yet has no page to serve.
    if (existsSync('dist/client/index.html')) {
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
    }

    // The first start seeded, listened, and only then drew the demo photos.
    await rendered;
    const listening = lines.findIndex((line) => line.startsWith('Threadswap is running'));
    const drawn = lines.findIndex((line) => /^Rendered \d+ demo photos/.test(line));
    const seeded = lines.findIndex((line) => line.startsWith('Seeded '));
    expect(seeded).toBeGreaterThanOrEqual(0);
    expect(listening).toBeGreaterThan(seeded);
    expect(drawn).toBeGreaterThan(listening);
  }, 300_000);
});

describe('the bundled re-pack worker', () => {
  /** Two members who want each other's item: one ring of two. */
  const market = (): MarketInput => ({
    owners: Int32Array.from([0, 1]),
    arcFrom: Int32Array.from([0, 1]),
    arcTo: Int32Array.from([1, 0]),
    odds: Float64Array.from([0.9, 0.9]),
    rejectedItems: new Int32Array(0),
    rejectedEnds: new Int32Array(0),
    blockedPairs: new Int32Array(0),
  });

  it('is built beside the server bundle, which starts it instead of the TypeScript source (tsx is a development dependency)', async () => {
    await ensureServerBundle();
    const server = readFileSync(serverBundle, 'utf8');
    expect(server).toContain(JSON.stringify(pathToFileURL(repackWorkerBundle).href));
    for (const bundle of [server, readFileSync(repackWorkerBundle, 'utf8')])
      expect(bundle).not.toMatch(/from ["']tsx/);

    // The thread the server starts (its entry, then the bundled worker) answers what the engine
    // answers in process, at the lowest CPU priority.
    const worker = new Worker(new URL('./modules/rings/repack-thread.mjs', import.meta.url), {
      workerData: { entry: pathToFileURL(repackWorkerBundle).href },
    });
    const answered = new Promise<MarketSolution>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    worker.postMessage(market());
    const { priority, ...solution } = await answered.finally(() => worker.terminate());
    expect(solution.candidates).toBeGreaterThan(0);
    expect(solution).toEqual(await solveMarket(market()));
    if (process.platform === 'linux') expect(priority).toBe(19);
  }, 300_000);
});
