/**
 * The interface's languages (docs/product.md § Languages): one i18next instance for the whole
 * client. The texts live in src/common/i18n/locales/<language>/<namespace>.json; the server writes
 * the page's language into index.html (`<script id="i18n-catalogue">`), so the first render waits
 * for no request; the build writes each language as /i18n/<language>.json, loaded when the member
 * switches and by the offline copy of the app (whose index.html has no texts written in).
 * See README.md in this folder for the conventions.
 */
import i18next, { type BackendModule, type i18n as I18n, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  INTL_TAGS,
  LOCALE_COOKIE,
  type Locale,
  pickLocale,
  toLocale,
} from '@common/domain/locales';
import { keptCommunity } from '@client/lib/community-storage';

type Catalogue = Record<string, Record<string, unknown>>;

/**
 * The texts written into the page by the server, if they are in `locale`. For the pages visitors
 * land on they are only the first screen's namespaces (`data-namespaces="some"`): the rest follow
 * (completeCatalogue).
 */
function inlineCatalogue(locale: Locale): { namespaces: Catalogue; complete: boolean } | null {
  const element = document.getElementById('i18n-catalogue');
  if (!element || element.dataset.locale !== locale) return null;
  try {
    const namespaces = JSON.parse(element.textContent ?? '') as Catalogue;
    return { namespaces, complete: element.dataset.namespaces !== 'some' };
  } catch {
    return null;
  }
}

const fetched = new Map<Locale, Promise<Catalogue>>();

/** The whole catalogue of `locale` (/i18n/<locale>.json), requested once. */
function fetchCatalogue(locale: Locale): Promise<Catalogue> {
  let found = fetched.get(locale);
  if (!found) {
    found = fetch(`/i18n/${locale}.json`, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`The ${locale} texts did not load (${response.status})`);
      return (await response.json()) as Catalogue;
    });
    found.catch(() => fetched.delete(locale));
    fetched.set(locale, found);
  }
  return found;
}

export const i18n: I18n = i18next.createInstance();

/**
 * Where i18next gets a namespace the page did not bring: from the whole catalogue. A component
 * that needs one before completeCatalogue has added it suspends until it is there.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const locale = toLocale(language);
    if (!locale) return callback(null, {});
    fetchCatalogue(locale).then(
      (all) => callback(null, (all[namespace] ?? {}) as ResourceKey),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/** The languages whose every namespace is loaded. */
const complete = new Set<Locale>();

/**
 * Adds each namespace that is not there yet, as it is: no deep merge (there is nothing to merge
 * into) and no copy (the catalogue was just parsed from the page or a response, and nothing else
 * holds it). Merging and copying all of a page's texts took a third of the app's start task.
 */
function addNamespaces(locale: Locale, namespaces: Catalogue) {
  for (const [namespace, resources] of Object.entries(namespaces)) {
    if (!i18n.hasResourceBundle(locale, namespace))
      i18n.addResourceBundle(locale, namespace, resources, false, false, { skipCopy: true });
  }
}

async function addCatalogue(locale: Locale) {
  if (complete.has(locale)) return;
  const inline = inlineCatalogue(locale);
  if (inline) addNamespaces(locale, inline.namespaces);
  if (inline?.complete) {
    complete.add(locale);
    return;
  }
  // Without texts in the page (the offline copy, the dev server), the first render waits for them.
  if (!inline) await completeCatalogue(locale);
}

/**
 * Adds the namespaces the page did not bring. main.tsx calls it once the first screen is painted,
 * so that later pages, dialogs and messages find their texts at once.
 */
export async function completeCatalogue(locale: Locale = currentLocale()): Promise<void> {
  if (complete.has(locale)) return;
  addNamespaces(locale, await fetchCatalogue(locale));
  complete.add(locale);
}

/**
 * The page's language. A page the server wrote carries its choice (member's, cookie's, browser's)
 * with its texts; the service worker's copy of the app (and the dev server) do not, so the `lang`
 * cookie decides there, then the browser's languages weighed against the community's default
 * language as this browser last saw it (pickLocale, the server's very rule).
 */
function pageLocale(): Locale {
  const written = toLocale(document.getElementById('i18n-catalogue')?.dataset.locale);
  if (written) return written;
  const cookie = document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return pickLocale({
    cookie,
    acceptLanguage: navigator.languages?.join(',') || navigator.language,
    community: keptCommunity()?.language,
  });
}

let ready: Promise<unknown> | undefined;

/**
 * How i18next is started, here and for the server's rendering of a first screen
 * (./server.ts), which must produce the very texts the client's first render does. A new object
 * each time: i18next keeps `resources` as its store and adds to `ns`.
 */
export const i18nOptions = (): InitOptions => ({
  fallbackLng: false,
  defaultNS: 'common',
  // Keys are always paths ('namespace:group.key'): declared, i18next takes them as such instead of
  // testing each key of every t() call for natural language (a regular expression per call).
  nsSeparator: ':',
  keySeparator: '.',
  ns: [],
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads the page's catalogue and starts i18next; the first render waits for it. */
export function startI18n(locale: Locale = pageLocale()): Promise<unknown> {
  ready ??= (async () => {
    await i18n
      .use(initReactI18next)
      .use(catalogueBackend)
      .init({ ...i18nOptions(), lng: locale });
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
  await completeCatalogue(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}
