/**
 * The interface's languages (docs/product.md § Languages): one i18next instance for the whole
 * client. The texts live in src/common/i18n/locales/<language>/<namespace>.json; the server writes
 * the page's language into index.html (`<script id="i18n-catalogue">`), so the first render waits
 * for no request; the build writes each language as /i18n/<language>.json, loaded when the member
 * switches and by the offline copy of the app (whose index.html has no texts written in).
 * See README.md in this folder for the conventions.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  INTL_TAGS,
  LOCALE_COOKIE,
  type Locale,
  pickLocale,
  toLocale,
} from '@common/domain/locales';

type Catalogue = Record<string, Record<string, unknown>>;

/** The texts written into the page by the server, if they are in `locale`. */
function inlineCatalogue(locale: Locale): Catalogue | null {
  const element = document.getElementById('i18n-catalogue');
  if (!element || element.dataset.locale !== locale) return null;
  try {
    return JSON.parse(element.textContent ?? '') as Catalogue;
  } catch {
    return null;
  }
}

async function fetchCatalogue(locale: Locale): Promise<Catalogue> {
  const response = await fetch(`/i18n/${locale}.json`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The ${locale} texts did not load (${response.status})`);
  return (await response.json()) as Catalogue;
}

export const i18n: I18n = i18next.createInstance();

async function addCatalogue(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'common')) return;
  const namespaces = inlineCatalogue(locale) ?? (await fetchCatalogue(locale));
  for (const [namespace, resources] of Object.entries(namespaces)) {
    i18n.addResourceBundle(locale, namespace, resources, true, true);
  }
}

/**
 * The language the server chose for this page (`<html lang>`), or the cookie's, else the browser's.
 * `<html lang>` counts only when the server wrote the page (with its texts): the offline copy the
 * service worker serves on later visits keeps the build's `lang="en"`, which says nothing.
 */
function pageLocale(): Locale {
  const cookie = document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  const served = document.getElementById('i18n-catalogue') ? document.documentElement.lang : null;
  return pickLocale({ stored: served, cookie, acceptLanguage: navigator.language });
}

let ready: Promise<unknown> | undefined;

/** Loads the page's catalogue and starts i18next; the first render waits for it. */
export function startI18n(locale: Locale = pageLocale()): Promise<unknown> {
  ready ??= (async () => {
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      defaultNS: 'common',
      ns: [],
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    await addCatalogue(locale);
    document.documentElement.lang = locale;
  })();
  return ready;
}

/** The language shown now. */
export function currentLocale(): Locale {
  return toLocale(i18n.language) ?? DEFAULT_LOCALE;
}

/** The BCP 47 tag for Intl formatters in the language shown now ('en-US', 'fr-FR'). */
export function intlTag(locale: Locale = currentLocale()): string {
  return INTL_TAGS[locale];
}

/**
 * Switches the interface to `locale` without a reload and remembers it in the `lang` cookie (a
 * year), which the server reads for the next page. Members' choice is also stored on their
 * account by the caller (useChooseLocale).
 */
export async function changeLocale(locale: Locale): Promise<void> {
  await addCatalogue(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}
