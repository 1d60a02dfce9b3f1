/**
 * `npm start`: builds what is missing or stale (the client, the server bundle; through tsx, as
 * `npm install` does), then runs the server bundle in this same process. When nothing is stale, as
 * after `npm install`, the check is plain Node and costs a few milliseconds, not tsx's start. Building
 * needs the development dependencies (tsx, vite, esbuild); running the built bundle does not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientBuildIsStale, root, serverBundle, serverBundleIsStale } from './build-freshness.mjs';

if (clientBuildIsStale() || serverBundleIsStale()) {
  const tsx = join(root, 'node_modules/.bin/tsx');
  if (!existsSync(tsx)) {
    console.error(
      'dist/ is missing or older than the sources, and this install has no development dependencies (tsx, vite, esbuild) to build it: build it with a full install (`npm ci`) first; `npm ci --omit=dev` afterwards keeps it.',
    );
    process.exit(1);
  }
  const build = spawnSync(tsx, [join(root, 'scripts/ensure-build.ts')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(serverBundle).href);
