import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A locale's catalogues as the server hands them to a render (namespace → texts), read from
 * src/common/i18n/locales: for component tests, server-rendered or in a DOM (`setServerTexts`).
 * Paths, not `new URL(…)`: in a DOM test `URL` is the DOM library's, which node:fs does not take.
 */
export function catalogue(locale: string): Record<string, Record<string, unknown>> {
  const folder = join(dirname(fileURLToPath(import.meta.url)), '../../common/i18n/locales', locale);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>,
      ]),
  );
}
