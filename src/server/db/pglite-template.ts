import { createHash } from 'node:crypto';
import {
  cpSync,
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
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
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

/** Names a migrations folder by the content of its files, so that a new or changed migration names another. */
function migrationsKey(folder: string) {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path.slice(folder.length)}\0`).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 16);
}

/** The extensions the migrations create: pg_trgm (typo search), btree_gin (the trigram index's date, 0040). */
export const pgliteExtensions = { pg_trgm, btree_gin };
const extensions = pgliteExtensions;

let key: string | undefined;
/**
 * The pristine template's file, or with `migrations` (a migrations folder) the file of the template
 * that has every migration of that folder applied.
 */
export function templatePath(migrations?: string) {
  key ??= buildKey();
  return join(cacheDir, migrations ? `${key}-migrated-${migrationsKey(migrations)}.tar.gz` : `${key}.tar.gz`);
}

/**
 * The migrated template as a closed data directory rather than a tarball: a new data directory on
 * disk is then a plain copy of it, opened like an existing one. Loading the tarball instead makes
 * PGlite's emulated file system write each file of the data directory, which cost a first start
 * about 2 s of CPU more. `npm install` prepares it (scripts/prepare-pglite.ts, with
 * prepareTemplateDirectory).
 */
export function templateDirectory(migrations: string) {
  return templatePath(migrations).replace(/\.tar\.gz$/, '');
}

/** Creates the migrated template directory (through `open`, which opens and closes a database there). */
export async function prepareTemplateDirectory(migrations: string, open: (dataDir: string) => Promise<void>) {
  const directory = templateDirectory(migrations);
  if (existsSync(join(directory, 'PG_VERSION'))) return directory;
  const temporary = `${directory}.${process.pid}.tmp`;
  await open(temporary);
  try {
    renameSync(temporary, directory);
  } catch {
    // A parallel install made it first.
  }
  return directory;
}

/** A cached data directory, or undefined when there is none (or it cannot be read). */
export function readTemplate(path = templatePath()): Blob | undefined {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return undefined;
  }
}

/** Saves the data directory of a client as a template; failures only cost time later. */
export async function saveTemplate(client: PGlite, path = templatePath()) {
  try {
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    // Write then rename, so that a parallel process never loads half a file.
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch {
    // The template only saves time.
  }
}

const isNewDataDir = (dataDir: string | undefined) => !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));

async function fromTemplate(dataDir: string | undefined, path: string) {
  const template = readTemplate(path);
  if (!template) return undefined;
  try {
    return await PGlite.create({ dataDir, extensions, loadDataDir: template });
  } catch {
    // A damaged template: forget it, and start this database another way.
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
    return undefined;
  }
}

/**
 * Opens PGlite with pg_trgm and btree_gin. A new database (in memory, or a data directory without one yet) starts
 * from the cached template when there is one; otherwise it runs initdb and, when `save` is true,
 * saves the template for the next one.
 *
 * With `migrations` (a migrations folder) and `migrate` (which applies it), a new database starts
 * from the template that already has that folder's migrations applied, keyed by their content: a
 * first start then skips replaying every migration (about 2 s of CPU). Without one, it starts from
 * the pristine template, migrates, and saves the migrated template for the next one. The caller
 * still runs its migrations on every open, which finds nothing left to apply on a migrated template.
 */
export async function createPglite(
  dataDir: string | undefined,
  options: { save?: boolean; migrations?: string; migrate?: (client: PGlite) => Promise<void> } = {},
) {
  if (!isNewDataDir(dataDir)) return PGlite.create({ dataDir, extensions });
  const migrated = options.migrations && options.migrate ? templatePath(options.migrations) : undefined;
  if (dataDir && options.migrations && options.migrate) {
    const directory = templateDirectory(options.migrations);
    if (existsSync(join(directory, 'PG_VERSION'))) {
      cpSync(directory, dataDir, { recursive: true });
      return PGlite.create({ dataDir, extensions });
    }
  }
  if (migrated) {
    const client = await fromTemplate(dataDir, migrated);
    if (client) return client;
  }
  let client = await fromTemplate(dataDir, templatePath());
  if (!client) {
    client = await PGlite.create({ dataDir, extensions });
    if (options.save !== false) await saveTemplate(client);
  }
  if (migrated && options.migrate) {
    await options.migrate(client);
    if (options.save !== false) await saveTemplate(client, migrated);
  }
  return client;
}
