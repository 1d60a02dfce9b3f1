/**
 * `npm start`: builds what is missing or stale (the client, the server bundle; through tsx, as
 * `npm install` does), then runs the server bundle in this same process. When nothing is stale, as
 * after `npm install`, the check is plain Node and costs a few milliseconds, not tsx's start.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientBuildIsStale, root, serverBundle, serverBundleIsStale } from './build-freshness.mjs';

if (clientBuildIsStale() || serverBundleIsStale()) {
  const tsx = join(root, 'node_modules/.bin/tsx');
  const build = spawnSync(tsx, [join(root, 'scripts/ensure-build.ts')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(serverBundle).href);
