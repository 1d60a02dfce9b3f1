import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import i18next, { type Resource, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, INTL_TAGS, LOCALES, type Locale, toLocale } from '../../common/domain/locales';

/**
 * The server's member-facing texts (emails, notifications) in every language, through one i18next
 * instance without React. The catalogues live in src/server/i18n/locales/<language>/<namespace>.json
 * (never shipped to browsers) and follow the client's conventions (src/client/i18n/README.md): the
 * same keys in English and French, nested camelCase keys, `{{placeholders}}`, plural suffixes.
 * English texts are the product's exact copy: tests read them.
 *
 * Whose language: an email or a notification is in its recipient's stored choice (`users.locale`);
 * an email the member asked for themselves while signed out (a password reset) falls back to the
 * language of that request; anything else to English (`recipientLocale`).
 */
const LOCALES_DIR = fileURLToPath(new URL('../i18n/locales', import.meta.url));

function readCatalogues(): Resource {
  const resources: Resource = {};
  for (const locale of LOCALES) {
    resources[locale] = {};
    const dir = join(LOCALES_DIR, locale);
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      (resources[locale] as Record<string, unknown>)[file.slice(0, -'.json'.length)] = JSON.parse(
        readFileSync(join(dir, file), 'utf8'),
      );
    }
  }
  return resources;
}

const instance = i18next.createInstance();
const resources = readCatalogues();
void instance.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  defaultNS: 'emails',
  initAsync: false,
  // The HTML part escapes every value itself (composeEmail); the text part and notifications are plain.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language's `t`: `t('emails:passwordReset.subject', { name })`. */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

/**
 * A text to render later in its reader's language: a key and its values. A value may itself be a
 * text (a reason's label inside a message), rendered first in the same language, or a list of values
 * ("a, b and c" in that language). `count` picks the plural form. A TextRef is plain data: a
 * notification stores it (`notifications.texts`) and is worded again in whatever language its
 * reader has when they read it.
 */
export interface TextRef {
  key: string;
  params?: Record<string, TextParam>;
}
export interface ListParam {
  list: TextParam[];
}
export type TextParam = string | number | TextRef | ListParam;

function renderParam(locale: Locale, value: TextParam): string | number {
  if (typeof value !== 'object') return value;
  if ('list' in value)
    return listText(
      locale,
      value.list.map((part) => String(renderParam(locale, part))),
    );
  return renderText(locale, value);
}

export function renderText(locale: Locale, text: TextRef): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) values[name] = renderParam(locale, value);
  return translator(locale)(text.key, values);
}

/** "a, b and c" in the language, from texts of the catalogues. */
export function listText(locale: Locale, parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return translator(locale)('notifications:common.list', {
    first: parts.slice(0, -1).join(', '),
    last: parts[parts.length - 1],
  });
}

/** Shorthand for a TextRef. */
export const text = (key: string, params?: Record<string, TextParam>): TextRef => ({ key, params });

/** Shorthand for a list value ("a, b and c"). */
export const list = (parts: TextParam[]): ListParam => ({ list: parts });

/** The recipient's stored language, else the fallback (the request's language, when they asked), else English. */
export function recipientLocale(stored: string | null | undefined, fallback?: Locale | null): Locale {
  return toLocale(stored) ?? fallback ?? DEFAULT_LOCALE;
}

/** A whole number in the language's way ("1,234" / "1 234"). */
export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(INTL_TAGS[locale]).format(value);
}

/** A date in the language's way ("November 24, 2026" / "24 novembre 2026"). */
export function formatDate(
  locale: Locale,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
) {
  return new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone: 'UTC', ...options }).format(date);
}

/**
 * A catalogue text split around its placeholders (even indexes: text, odd: parameter names), memoised:
 * the catalogue does not change while the process runs, and every chat message's notice asks for the
 * same texts.
 */
const partsCache = new Map<string, string[]>();
function textParts(language: Locale, key: string, names: string[]) {
  const cacheKey = `${language}\0${key}\0${names.join('\0')}`;
  let parts = partsCache.get(cacheKey);
  if (!parts) {
    const markers = Object.fromEntries(names.map((name) => [name, `\uE000${name}\uE000`]));
    parts = translator(language)(key, markers).split(/\uE000(\w+)\uE000/);
    partsCache.set(cacheKey, parts);
  }
  return parts;
}

/**
 * A text rendered by the database, for statements that write notifications in one INSERT … SELECT:
 * `case <locale> when 'fr' then <French> else <English> end`, each the catalogue's text with the
 * `params` (SQL expressions) in place of its placeholders.
 */
export function textSql(key: string, locale: SQL, params: Record<string, SQL> = {}): SQL {
  const branch = (language: Locale) => {
    const parts = textParts(language, key, Object.keys(params));
    return sql.join(
      parts.map((part, index) => (index % 2 === 0 ? sql`${part}::text` : sql`(${params[part]})::text`)),
      sql` || `,
    );
  };
  const others = LOCALES.filter((language) => language !== DEFAULT_LOCALE);
  return sql`(case ${sql.join(
    others.map((language) => sql`when ${locale} = ${language} then ${branch(language)}`),
    sql` `,
  )} else ${branch(DEFAULT_LOCALE)} end)`;
}
