/**
 * `npm start` builds the client only when dist/client is missing or older than its sources.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientBuildIsStale, root } from './build-freshness.mjs';

export { clientBuildIsStale };

export function ensureClientBuild() {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (dist/client is missing or stale)...');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureClientBuild();
