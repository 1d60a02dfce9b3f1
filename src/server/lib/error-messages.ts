import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import type { ErrorCode } from '../../common/api/errors';

/**
 * The English `message` of an error answer, rendered from the English catalogue's text for its code
 * (src/common/i18n/locales/en/errors.json, the one the client translates from): one source of truth
 * for what an error says. Plural forms follow `count`; read once per process.
 */
const CATALOGUE = fileURLToPath(new URL('../../common/i18n/locales/en/errors.json', import.meta.url));

const english = i18next.createInstance();
void english.init({
  resources: { en: { errors: JSON.parse(readFileSync(CATALOGUE, 'utf8')) as Record<string, unknown> } },
  lng: 'en',
  ns: ['errors'],
  defaultNS: 'errors',
  nsSeparator: ':',
  keySeparator: '.',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function englishMessage(code: ErrorCode, params?: Record<string, string | number>): string {
  return english.t(`errors:${code}`, params ?? {});
}
