import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../common/domain/locales';

/**
 * The interface's texts (src/common/i18n/locales/<language>/<namespace>.json), merged into one
 * object per language: `{ namespace: { key: text } }`. The server writes the page's language into
 * index.html (client-page.ts) so that the first render needs no request for it; the client build
 * also writes each as /i18n/<language>.json (vite.config.ts), which a change of language and the
 * offline copy of the app load. Read once per process.
 */
const LOCALES_DIR = fileURLToPath(new URL('../../common/i18n/locales', import.meta.url));

export interface Catalogue {
  /** The namespaces as JSON text, safe to write inside a <script> element. */
  json: string;
  /** A short hash of the texts, for ETags. */
  version: string;
}

const loaded = new Map<Locale, Catalogue>();

/** One language's namespaces as JSON, '<' escaped so that no text can close a <script> element. */
export function catalogueJson(locale: string): string {
  const dir = join(LOCALES_DIR, locale);
  const namespaces: Record<string, unknown> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    namespaces[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  }
  return JSON.stringify(namespaces).replace(/</g, '\\u003c');
}

function load(locale: Locale): Catalogue {
  const json = catalogueJson(locale);
  return { json, version: createHash('sha256').update(json).digest('base64url').slice(0, 16) };
}

export function catalogue(locale: Locale): Catalogue {
  let found = loaded.get(locale);
  if (!found) {
    found = load(locale);
    loaded.set(locale, found);
  }
  return found;
}

/** Every language's catalogue, read at start so that a broken file stops the server at once. */
export function loadCatalogues(): void {
  for (const locale of LOCALES) catalogue(locale);
}
