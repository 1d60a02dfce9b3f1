/**
 * The server's rendering of a visitor's first screen on `/` and `/browse` (docs/decisions/
 * 018-server-rendered-first-screen.md). The build compiles this file for Node (dist/ssr,
 * vite.config.ts); the server (src/server/lib/first-screen-markup.ts) renders the app's first
 * render here into the page's #root, from exactly what the page carries for the client: the
 * signed-out session answer, the first lists and the first screen's texts. The client then
 * hydrates that markup (main.tsx) instead of rendering it again, so the page's largest paint (the
 * first photo on Browse, the hero on the landing page) no longer waits for the scripts.
 *
 * Rendering is synchronous and each call starts from an empty query cache and sets the language
 * and texts first, so the client's module-level state (query cache, i18next) serves one render at
 * a time.
 */
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { FirstScreenData } from '@common/api/first-screen';
import { App } from './app/app';
import { seedFirstScreen } from './app/routes';
import { setServerTexts, takeMissingTexts } from './i18n/server';
import { setFirstScreenData } from './lib/first-screen';
import { queryClient } from './lib/query-client';
import { prefetchAuthStatus } from './lib/session';
import { prefetchCommunity } from './lib/community';

export interface FirstScreenRender {
  path: '/' | '/browse';
  /** The address's query string, with its '?' or empty. */
  search: string;
  locale: string;
  /** The namespaces the page carries, as the page writes them. */
  texts: Record<string, Record<string, unknown>>;
  data: FirstScreenData;
}

/** The app's first render as HTML, for the page's #root. Throws if any part cannot render on a server. */
export function renderFirstScreen({ path, search, locale, texts, data }: FirstScreenRender): string {
  queryClient.clear();
  try {
    setServerTexts(locale, texts);
    // The page's data, copied: taking an answer removes it.
    setFirstScreenData(structuredClone(data));
    prefetchAuthStatus(queryClient);
    prefetchCommunity(queryClient, { fromStorage: false });
    seedFirstScreen(path, search);
    const html = renderToString(
      <Router ssrPath={path} ssrSearch={search.replace(/^\?/, '')}>
        <App />
      </Router>,
    );
    const missing = takeMissingTexts();
    if (missing.length > 0) throw new Error(`The page's texts lack ${missing.join(', ')}`);
    return html;
  } finally {
    setFirstScreenData(undefined);
    queryClient.clear();
  }
}
