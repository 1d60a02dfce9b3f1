/**
 * `npm start` builds the client only when dist/client is missing or older than its sources.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist/client/index.html');
const sources = [
  'src/client',
  'src/common',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The server's rendering of the first screen, built with the client (vite.config.ts). */
const serverRendering = join(root, 'dist/ssr/ssr.mjs');

export function clientBuildIsStale(): boolean {
  if (!existsSync(stamp) || !existsSync(serverRendering)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

export function ensureClientBuild() {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (dist/client is missing or stale)...');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureClientBuild();
