/**
 * The client's i18next instance as the server's rendering of a first screen uses it
 * (src/client/ssr.tsx): started without a backend, synchronously, and given for each render the
 * page's language and exactly the namespaces the page carries, so that the server's text is the
 * client's. A key the page's texts do not have is reported (`takeMissingTexts`) rather than shown:
 * that render is not used.
 */
import { initReactI18next } from 'react-i18next';
import { i18n, i18nOptions } from './index';

let missing: string[] = [];
let started = false;

function start() {
  if (started) return;
  started = true;
  const reporting = {
    saveMissing: true,
    missingKeyHandler: (_languages: readonly string[], namespace: string, key: string) => {
      missing.push(`${namespace}:${key}`);
    },
  };
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({ ...i18nOptions(), initAsync: false, ...reporting });
    return;
  }
  // Started already (a test in the same process, say): report missing keys and render through it all the same.
  Object.assign(i18n.options, reporting);
  initReactI18next.init(i18n);
}

/** Makes `texts` (namespace → keys) in `locale` the only texts, and `locale` the language. */
export function setServerTexts(locale: string, texts: Record<string, Record<string, unknown>>): void {
  start();
  missing = [];
  const store = i18n.store.data;
  for (const language of Object.keys(store)) {
    for (const namespace of Object.keys(store[language] ?? {}))
      i18n.removeResourceBundle(language, namespace);
  }
  for (const [namespace, resources] of Object.entries(texts)) {
    i18n.addResourceBundle(locale, namespace, resources, true, true);
  }
  void i18n.changeLanguage(locale);
  if (i18n.language !== locale) throw new Error(`i18next did not switch to ${locale} synchronously`);
}

/** The keys asked for since setServerTexts that the texts did not have. */
export function takeMissingTexts(): string[] {
  const found = missing;
  missing = [];
  return found;
}
