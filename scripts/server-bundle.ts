/**
 * `npm start` runs the server from one JavaScript file with plain Node, not through tsx: tsx
 * transpiles each of the server's few hundred modules on every start with a cold cache (a fresh
 * TMPDIR), which cost about 2 s of CPU before the first page. `npm install` (postinstall) and
 * `npm start` build that file with esbuild, dist/server/main.mjs (beside dist/client), when it is
 * missing or its sources changed: it is keyed by the content of src/server and src/common,
 * tsconfig.json, package-lock.json and this checkout's path. `npm run dev` and the tests still run
 * the TypeScript sources through tsx.
 *
 * The re-pack's worker thread is bundled beside it (dist/server/repack.worker.mjs), and the server
 * bundle starts that file (REPACK_WORKER_BUNDLE, rings/repack-worker.ts): with both bundled, the
 * server runs without tsx, which is a development dependency.
 *
 * Only the project's own modules are bundled; packages stay imports from node_modules, which Node
 * finds from the bundle's folder (dist/server resolves upwards to node_modules). Source
 * files find their neighbours (migrations, locale catalogues, dist/client, the re-pack worker)
 * through `import.meta.url`, so each bundled file's `import.meta.url` is replaced by its own source
 * file's URL: every such path resolves as it does under tsx.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  repackWorkerBundle,
  root,
  serverBundle,
  serverBundleIsStale,
  serverKeyFile as keyFile,
  serverSourcesKey,
} from './build-freshness.mjs';

export { repackWorkerBundle, serverBundle, serverBundleIsStale, serverSourcesKey };

/** Each bundle and the source it starts from. */
const bundles = [
  { source: 'src/server/modules/rings/repack.worker.ts', output: repackWorkerBundle },
  { source: 'src/server/main.ts', output: serverBundle },
];

/** Builds the bundles when either is missing or they are stale; answers the server bundle's path. */
export async function ensureServerBundle(): Promise<string> {
  const key = serverSourcesKey();
  if (!serverBundleIsStale(key)) return serverBundle;
  const { build } = await import('esbuild');
  const sourceRoot = join(root, 'src');
  const temporary = join(dirname(serverBundle), `.build-${process.pid}`);
  mkdirSync(dirname(serverBundle), { recursive: true });
  await build({
    entryPoints: bundles.map(({ source, output }) => ({
      in: join(root, source),
      out: basename(output, '.mjs'),
    })),
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    logLevel: 'warning',
    define: { REPACK_WORKER_BUNDLE: JSON.stringify(pathToFileURL(repackWorkerBundle).href) },
    plugins: [
      {
        name: 'source-import-meta-url',
        setup(esbuild) {
          esbuild.onLoad({ filter: /\.tsx?$/ }, (args) => {
            if (!args.path.startsWith(sourceRoot)) return undefined;
            const text = readFileSync(args.path, 'utf8');
            return {
              contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
  // Rename (the worker before the server that starts it) then write the key, so that a parallel
  // start never runs half a build under a valid key.
  for (const { output } of bundles) renameSync(join(temporary, basename(output)), output);
  rmSync(temporary, { recursive: true, force: true });
  writeFileSync(keyFile, key);
  return serverBundle;
}
