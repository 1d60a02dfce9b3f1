/**
 * `npm install` (postinstall): saves the PGlite templates (scripts/prepare-pglite.ts), then builds the
 * client and the server bundle when stale (scripts/ensure-build.ts), both through tsx. Never fails the
 * install: without the templates databases only start slower, and `npm start` builds what is missing.
 *
 * Plain JavaScript, because an install without the development dependencies (`npm ci --omit=dev`)
 * has no tsx, nor the build tools (vite, esbuild): it prepares nothing and says so. Such an install
 * runs a checkout that a full install built before (README § Running in production on PostgreSQL).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-freshness.mjs';

const tsx = join(root, 'node_modules/.bin/tsx');
if (existsSync(tsx)) {
  for (const script of ['scripts/prepare-pglite.ts', 'scripts/ensure-build.ts']) {
    const run = spawnSync(tsx, [join(root, script)], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) {
      console.warn(`${script} failed: \`npm start\` builds what is missing`);
      break;
    }
  }
} else {
  console.log(
    'No development dependencies (tsx): the PGlite templates, the client and the server bundle are not built by this install.',
  );
}
