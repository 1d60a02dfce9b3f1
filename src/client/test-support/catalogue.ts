import { readdirSync, readFileSync } from 'node:fs';

/**
 * A locale's catalogues as the server hands them to a render (namespace → texts), read from
 * src/common/i18n/locales: for component tests that render on the server (`setServerTexts`).
 */
export function catalogue(locale: string): Record<string, Record<string, unknown>> {
  const folder = new URL(`../../common/i18n/locales/${locale}/`, import.meta.url);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, unknown>,
      ]),
  );
}
