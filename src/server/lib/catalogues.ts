import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../common/domain/locales';

/**
 * The interface's texts (src/common/i18n/locales/<language>/<namespace>.json), merged into one
 * object per language: `{ namespace: { key: text } }`. The server writes the page's language into
 * index.html (client-page.ts) so that the first render needs no request for it: for the pages
 * visitors land on, only the namespaces their first screen uses (FIRST_SCREEN), the rest following
 * from /i18n/<language>.json just after the first paint. The client build writes each language as
 * that file (vite.config.ts), which a change of language and the offline copy of the app load too.
 * Read once per process.
 */
const LOCALES_DIR = fileURLToPath(new URL('../../common/i18n/locales', import.meta.url));

export interface Catalogue {
  /** The namespaces as JSON text, safe to write inside a <script> element. */
  json: string;
  /** A short hash of the texts, for ETags. */
  version: string;
}

/** What every page's first render uses: the frame, shared words, vocabularies and item cards. */
const SHELL_NAMESPACES = ['common', 'layout', 'domain', 'auth', 'items', 'wishlist'];

/**
 * The namespaces written into the page for the paths visitors land on (the whole catalogue is 96 kB,
 * a fifth of the page's first download on a phone; these are a third of it). Any other path gets
 * every namespace, as its page, in a chunk of its own, may use any.
 */
const FIRST_SCREEN: Readonly<Record<string, readonly string[]>> = {
  '/': [...SHELL_NAMESPACES, 'home', 'stats'],
  '/browse': [...SHELL_NAMESPACES, 'browse'],
  '/how-it-works': [...SHELL_NAMESPACES, 'howItWorks'],
};

/** The namespaces to write into the page at `path`, or null for all of them. */
export function firstScreenNamespaces(path: string): readonly string[] | null {
  return FIRST_SCREEN[path] ?? null;
}

const loaded = new Map<string, Catalogue>();

/**
 * One language's namespaces (all, or those named) as JSON, '<' escaped so that no text can close a
 * <script> element.
 */
export function catalogueJson(locale: string, only?: readonly string[] | null): string {
  const dir = join(LOCALES_DIR, locale);
  const namespaces: Record<string, unknown> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    const name = file.slice(0, -'.json'.length);
    if (only && !only.includes(name)) continue;
    namespaces[name] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  }
  return JSON.stringify(namespaces).replace(/</g, '\\u003c');
}

function load(locale: Locale, only: readonly string[] | null): Catalogue {
  const json = catalogueJson(locale, only);
  return { json, version: createHash('sha256').update(json).digest('base64url').slice(0, 16) };
}

/** One language's texts: every namespace, or only those named. */
export function catalogue(locale: Locale, only: readonly string[] | null = null): Catalogue {
  const key = `${locale} ${only?.join(',') ?? '*'}`;
  let found = loaded.get(key);
  if (!found) {
    found = load(locale, only);
    loaded.set(key, found);
  }
  return found;
}

/** Every language's catalogue, read at start so that a broken file stops the server at once. */
export function loadCatalogues(): void {
  for (const locale of LOCALES) catalogue(locale);
}
