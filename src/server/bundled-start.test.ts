/**
 * `npm start` (scripts/start.mjs) runs the server bundled into dist/server/main.mjs by plain Node
 * (scripts/server-bundle.ts), after a freshness check in plain Node too (scripts/build-freshness.mjs).
 * The bundle must find what its sources find beside themselves: the migrations, the locale
 * catalogues and dist/client. This starts it on a new data directory in demo mode.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientBuildIsStale } from '../../scripts/ensure-client-build';
import { ensureServerBundle, serverBundle, serverBundleIsStale } from '../../scripts/server-bundle';
import { type RunningServer, startServer } from './test-support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-bundle-'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('is rebuilt only when stale, and serves the demo market from a new data directory', async () => {
    const bundle = await ensureServerBundle();
    expect(bundle).toBe(serverBundle);
    expect(serverBundleIsStale()).toBe(false);
    // Every source file's import.meta.url points at the source, not at the bundle: that is how the
    // migrations, the catalogues and dist/client are found (the first and last checked below).
    expect(readFileSync(bundle, 'utf8')).not.toContain('import.meta.url');

    // What `npm start` runs, when the client is built too (else it would build the client here):
    // with both fresh, it imports the bundle at once and builds nothing.
    const entry = clientBuildIsStale() ? bundle : 'scripts/start.mjs';
    server = await startServer({ DATA_DIR: dataDir, DEMO: 'true' }, { entry });
    const items = await fetch(`${server.url}/api/items`);
    expect(items.status).toBe(200);
    expect(((await items.json()) as unknown[]).length).toBeGreaterThan(0);

    // The client is built by `npm install` (postinstall) or before the browser journeys; a checkout
    // that has not built it yet has no page to serve.
    if (existsSync('dist/client/index.html')) {
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
    }
  }, 180_000);
});
