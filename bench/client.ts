import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type LighthouseRunner from 'lighthouse';
import { clientBuildIsStale } from '../scripts/ensure-client-build';
import { CHROME_FLAGS } from './options';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_DIR = join(ROOT, 'dist/client');

export interface AssetSize {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export interface RouteSize extends AssetSize {
  path: string;
  /** In the first bundle (no chunk of its own), or the page's chunk plus its static imports not already loaded. */
  initial: boolean;
}

export interface ClientSizes {
  /** The entry script and its modulepreload links (and anything they import statically). */
  initialJs: AssetSize;
  initialCss: AssetSize;
  routes: RouteSize[];
  /** The chunk holding three.js, when the build has one; it must not be part of the initial JS. */
  three: (AssetSize & { inInitial: boolean }) | null;
}

export interface LighthouseRow {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Largest Contentful Paint and Total Blocking Time of the (median) run, in ms. */
  lcpMs: number;
  tbtMs: number;
  /** Cumulative Layout Shift of the (median) run (unitless). */
  cls: number;
  /** The 1-minute load average when the (median) run ended: the machine is shared. */
  load: number;
  /**
   * Lighthouse's own CPU benchmark for the (median) run (lhr.environment.benchmarkIndex; about
   * 1,000+ on an idle desktop core, far less on a loaded machine), and the main thread's total work
   * in the trace, in ms: together they tell a slow page from a busy machine.
   */
  benchmarkIndex: number;
  mainThreadMs: number;
  /** Every run's performance score and load average, in order (the median run is one of them). */
  runs: { performance: number; load: number; benchmarkIndex: number }[];
  /** Lighthouse's runtime error, when the page could not be measured (the scores are then 0). */
  error?: string;
}

const gzipOf = (buffer: Buffer) => gzipSync(buffer).length;

/** The client build's index.html, or null while there is none (a build in progress empties dist/client). */
export function clientBuildStamp(clientDir = CLIENT_DIR): string | null {
  try {
    const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1] as string);
    return assets.every((file) => existsSync(join(clientDir, 'assets', file))) ? html : null;
  } catch {
    return null;
  }
}

/** Waits for a complete client build (another process may be rebuilding dist/client), up to 3 minutes. */
export async function waitForClientBuild(clientDir = CLIENT_DIR) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const stamp = clientBuildStamp(clientDir);
    if (stamp) return stamp;
    if (Date.now() > deadline) throw new Error(`no complete client build in ${clientDir}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A private copy of the current client build, for the app under test to serve; remove it with
 * rmSync. dist/client is shared: a rebuild there (`npm start`, a developer's `vite build`, another
 * benchmark) replaces the hashed chunk names, and an app started before it, which lists its files
 * once at startup, then answers the new index.html's scripts with 404: a blank page, which
 * Lighthouse reports as NO_FCP on every path. So the copy is taken from dist/client when that is
 * up to date, and otherwise built straight into a temporary directory, leaving dist/client (and
 * whoever serves it) alone.
 */
export async function privateClientBuild(clientDir = CLIENT_DIR): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'threadswap-bench-client-'));
  try {
    for (let attempt = 1; ; attempt += 1) {
      if (clientBuildIsStale()) {
        execFileSync(
          join(ROOT, 'node_modules/.bin/vite'),
          ['build', '--outDir', copy, '--emptyOutDir', '--logLevel', 'warn'],
          { cwd: ROOT, stdio: 'inherit' },
        );
        return copy;
      }
      const before = await waitForClientBuild(clientDir);
      try {
        cpSync(clientDir, copy, { recursive: true });
        if (clientBuildStamp(copy) === before && clientBuildStamp(clientDir) === before) return copy;
      } catch {
        // dist/client changed while it was being copied
      }
      rmSync(copy, { recursive: true, force: true });
      mkdirSync(copy);
      if (attempt === 5) throw new Error(`${clientDir} kept changing while it was being copied`);
    }
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Fails when the app at `baseUrl` serves a page whose scripts or stylesheets do not load (the page
 * would stay blank, and Lighthouse would only say NO_FCP).
 */
export async function checkServedClient(baseUrl: string, path = '/'): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`);
  const html = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string);
  if (assets.length === 0) throw new Error(`${path} references no /assets/ files: is the client built?`);
  for (const asset of assets) {
    const answer = await fetch(`${baseUrl}${asset}`, { method: 'HEAD' });
    if (!answer.ok)
      throw new Error(
        `${asset}, referenced by ${path}, answered ${answer.status}: the app serves a different build than its index.html`,
      );
  }
}

function assetSize(assets: string, files: Iterable<string>): AssetSize {
  const list = [...files].sort();
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of list) {
    const content = readFileSync(join(assets, file));
    bytes += content.length;
    gzipBytes += gzipOf(content);
  }
  return { files: list, bytes, gzipBytes };
}

/** `linked` plus the stylesheets index.html carries in <style> elements (vite.config.ts, inlineStylesheet). */
function withInlineStyles(linked: AssetSize, html: string): AssetSize {
  let { bytes, gzipBytes } = linked;
  const files = [...linked.files];
  for (const match of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    const content = Buffer.from(match[1] as string);
    bytes += content.length;
    gzipBytes += gzipOf(content);
    files.push('index.html <style>');
  }
  return { files, bytes, gzipBytes };
}

/** The chunks `file` imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function staticClosure(assets: string, roots: Iterable<string>) {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(join(assets, file))) continue;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([\w.-]+\.js)["']/g))
      queue.push(match[1] as string);
  }
  return seen;
}

/** Route paths and the page module each one loads lazily, read from the client's route table. */
function lazyRoutes(): Array<{ path: string; page: string | null }> {
  const source = readFileSync(join(ROOT, 'src/client/app/routes.tsx'), 'utf8');
  const pageOf = new Map<string, string>();
  for (const match of source.matchAll(
    /const (\w+) = lazy(?:Page)?\(\s*\(\)\s*=>(?:(?!\blazy(?:Page)?\()[\s\S])*?import\('@client\/pages\/([\w-]+)'\)/g,
  ))
    pageOf.set(match[1] as string, match[2] as string);
  const routes = new Map<string, string | null>();
  for (const match of source.matchAll(/\{ path: '([^']+)', component: (\w+) \}/g)) {
    const page = pageOf.get(match[2] as string) ?? null;
    if (!routes.has(match[1] as string) || page === null) routes.set(match[1] as string, page);
  }
  return [...routes].map(([path, page]) => ({ path, page }));
}

/** Sizes of the built client (dist/client), gzipped as a server would send them. */
export function measureBuild(clientDir = CLIENT_DIR): ClientSizes {
  const assets = join(clientDir, 'assets');
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const local = (url: string) => url.replace(/^\/assets\//, '');
  const entry = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) =>
    local(m[1] as string),
  );
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) =>
    local(m[1] as string),
  );
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) =>
    local(m[1] as string),
  );
  if (entry.length === 0) throw new Error(`no entry script in ${clientDir}/index.html`);
  const initial = staticClosure(assets, [...entry, ...preloads]);

  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const routes: RouteSize[] = lazyRoutes().map(({ path, page }) => {
    const chunk = page ? files.find((file) => new RegExp(`^${page}-[\\w-]{8}\\.js$`).test(file)) : undefined;
    if (!chunk) return { path, initial: true, files: [], bytes: 0, gzipBytes: 0 };
    const extra = [...staticClosure(assets, [chunk])].filter((file) => !initial.has(file));
    return { path, initial: false, ...assetSize(assets, extra) };
  });

  // three.js keeps "THREE." in its warnings through minification.
  const threeChunks = files
    .filter((file) => readFileSync(join(assets, file), 'utf8').includes('THREE.'))
    .map((file) => ({ file, bytes: readFileSync(join(assets, file)).length }))
    .sort((x, y) => y.bytes - x.bytes);
  const threeFile = threeChunks[0]?.file;
  return {
    initialJs: assetSize(assets, initial),
    initialCss: withInlineStyles(assetSize(assets, css), html),
    routes,
    three: threeFile ? { ...assetSize(assets, [threeFile]), inInitial: initial.has(threeFile) } : null,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

const MAX_ATTEMPTS = 3;

type Lighthouse = typeof LighthouseRunner;

async function measurePage(
  lighthouse: Lighthouse,
  port: number,
  baseUrl: string,
  path: string,
): Promise<LighthouseRow> {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    load: loadavg()[0] ?? 0,
    benchmarkIndex: environment?.benchmarkIndex ?? 0,
    mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? 0,
    runs: [],
    ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
  };
}

/**
 * Lighthouse (its default mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown)
 * on each path, in a fresh headless Chromium profile; with several runs, the run with the median
 * performance score is reported.
 */
export async function runLighthouse(
  baseUrl: string,
  paths: readonly string[],
  runs: number,
  chromePath: string,
  log: (line: string) => void,
): Promise<LighthouseRow[]> {
  // Loaded here: they are heavy, and the smoke run skips Lighthouse.
  const [{ launch }, { default: lighthouse }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
  ]);
  await checkServedClient(baseUrl);
  const profile = mkdtempSync(join(tmpdir(), 'threadswap-bench-chromium-'));
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
    logLevel: 'silent',
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      const results: LighthouseRow[] = [];
      for (let run = 0; run < runs; run += 1) {
        // A trace can fail to record on a busy machine (NO_NAVSTART, NO_FCP): such a run is retried.
        for (let attempt = 1; ; attempt += 1) {
          const row = await measurePage(lighthouse, chrome.port, baseUrl, path);
          if (!row.error || attempt === MAX_ATTEMPTS) {
            results.push(row);
            break;
          }
          log(`  Lighthouse ${path}: ${row.error}; again`);
        }
      }
      const middle = median(results.map((row) => row.performance));
      const chosen = {
        ...(results.find((row) => row.performance === middle) as LighthouseRow),
        runs: results.map(({ performance, load, benchmarkIndex }) => ({ performance, load, benchmarkIndex })),
      };
      log(
        `  Lighthouse ${path}: performance ${chosen.performance}, accessibility ${chosen.accessibility}, best practices ${chosen.bestPractices}${chosen.error ? ` (${chosen.error})` : ''}`,
      );
      rows.push(chosen);
    }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}
