import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A new PGlite database runs initdb inside WebAssembly: about 9 s of CPU, more than everything else a
 * first start does. Its result depends only on the PGlite build, so one pristine data directory (no
 * migrations applied) is kept as a gzip tarball per PGlite build, in node_modules/.cache, and every
 * later new database — a first start, each test file's in-memory database — loads it instead (about
 * 2 s). `npm install` prepares it (scripts/prepare-pglite.ts); otherwise the first new database saves it.
 */
const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cacheDir = join(projectRoot, 'node_modules', '.cache', 'threadswap');

/** Names the build: PGlite's version and the size and time of its WebAssembly and data files. */
function buildKey() {
  const dist = dirname(pgliteEntry);
  const pkg = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version: string };
  const files = readdirSync(dist)
    .filter((name) => name.endsWith('.wasm') || name.endsWith('.data'))
    .sort()
    .map((name) => {
      const stat = statSync(join(dist, name));
      return `${name}:${stat.size}:${stat.mtimeMs}`;
    });
  const hash = createHash('sha256').update(files.join('|')).digest('hex').slice(0, 16);
  return `pglite-${pkg.version}-trgm-${hash}`;
}

let key: string | undefined;
export function templatePath() {
  key ??= buildKey();
  return join(cacheDir, `${key}.tar.gz`);
}

/** The cached pristine data directory, or undefined when there is none (or it cannot be read). */
export function readTemplate(): Blob | undefined {
  try {
    return new Blob([readFileSync(templatePath())]);
  } catch {
    return undefined;
  }
}

/** Saves the pristine data directory of a client that has just been created; failures only cost time later. */
export async function saveTemplate(client: PGlite) {
  try {
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    // Write then rename, so that a parallel process never loads half a file.
    const temporary = `${templatePath()}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, templatePath());
  } catch {
    // The template only saves time.
  }
}

const isNewDataDir = (dataDir: string | undefined) => !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Opens PGlite with pg_trgm. A new database (in memory, or a data directory without one yet) starts
 * from the cached template when there is one; otherwise it runs initdb and, when `save` is true,
 * saves the template for the next one.
 */
export async function createPglite(dataDir: string | undefined, options: { save?: boolean } = {}) {
  const extensions = { pg_trgm };
  if (!isNewDataDir(dataDir)) return PGlite.create({ dataDir, extensions });
  const template = readTemplate();
  if (template) {
    try {
      return await PGlite.create({ dataDir, extensions, loadDataDir: template });
    } catch {
      // A damaged template: forget it, and start this database the slow way.
      try {
        unlinkSync(templatePath());
      } catch {
        // Already gone.
      }
    }
  }
  const client = await PGlite.create({ dataDir, extensions });
  if (options.save !== false) await saveTemplate(client);
  return client;
}
