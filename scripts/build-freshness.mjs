/**
 * Whether the built client (dist/client, with the server's renderer dist/ssr) and the server bundle
 * (dist/server/main.mjs and its re-pack worker) are older than their sources. Plain JavaScript, so
 * that `npm start` (scripts/start.mjs) checks this with Node alone, without loading tsx (about 1 s of
 * CPU before the first page), and only builds, through tsx, when something is stale.
 * scripts/ensure-client-build.ts and scripts/server-bundle.ts build; this file only tells whether
 * they must.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const clientStamp = join(root, 'dist/client/index.html');
/** The server's rendering of the first screen, built with the client (vite.config.ts). */
const serverRendering = join(root, 'dist/ssr/ssr.mjs');
const clientSources = [
  'src/client',
  'src/common',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(path) {
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

/** dist/client or dist/ssr is missing, or older than a client source. */
export function clientBuildIsStale() {
  if (!existsSync(clientStamp) || !existsSync(serverRendering)) return true;
  const built = statSync(clientStamp).mtimeMs;
  return clientSources.some((source) => newestMtime(join(root, source)) > built);
}

export const serverBundle = join(root, 'dist/server/main.mjs');
/** The re-pack's worker thread (src/server/modules/rings/repack.worker.ts), bundled beside the server. */
export const repackWorkerBundle = join(root, 'dist/server/repack.worker.mjs');
/** Where `ensureServerBundle` writes the key of the sources it built from. */
export const serverKeyFile = `${serverBundle}.key`;
const serverSources = [
  'src/server',
  'src/common',
  'tsconfig.json',
  'package-lock.json',
  'scripts/server-bundle.ts',
  'scripts/build-freshness.mjs',
];
const isTest = (name) => /\.test\.tsx?$/.test(name) || name === 'test-support';

/** A hash of every non-test server source file's path and content, and of this checkout's path. */
export function serverSourcesKey() {
  const hash = createHash('sha256').update(root);
  const add = (path) => {
    if (!existsSync(path)) return;
    const entries = readdirSync(path, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (isTest(entry.name)) continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) add(child);
      else hash.update(`${relative(root, child)}\0`).update(readFileSync(child));
    }
  };
  for (const source of serverSources) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    if (source.includes('.')) hash.update(`${source}\0`).update(readFileSync(path));
    else add(path);
  }
  return hash.digest('hex');
}

/** The server bundle or its worker is missing, or was built from other sources than `key`. */
export function serverBundleIsStale(key = serverSourcesKey()) {
  try {
    return (
      !existsSync(serverBundle) ||
      !existsSync(repackWorkerBundle) ||
      readFileSync(serverKeyFile, 'utf8') !== key
    );
  } catch {
    return true;
  }
}
