import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage, seedFirstScreen } from './app/routes';
import { holdFirstPaint, whenFirstPainted } from './components/layout/after-first-paint';
import { completeCatalogue, startI18n } from './i18n';
import { prefetchAuthStatus } from './lib/session';
import { prefetchCommunity } from './lib/community';
import { queryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A visitor's / and /browse come with their first screen already rendered by the server
// (src/client/ssr.tsx): the app takes over that markup instead of rendering it again.
const serverRendered = container.hasAttribute('data-server-rendered');
/**
 * What the server could not render (a part in a chunk of its own behind a Suspense boundary) it
 * left for the client, which React reports as a recoverable error (#419) when it renders it:
 * that one is expected, any other is reported as usual.
 */
function onRecoverableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/#419\b|could not finish this Suspense boundary/.test(message)) return;
  reportError(error);
}

const start = serverRendered
  ? () => {
      holdFirstPaint();
      // As a transition hydration, like a first render, yields to the browser every few
      // milliseconds instead of blocking the main thread for the whole tree.
      startTransition(() => {
        hydrateRoot(container, app, { onRecoverableError });
      });
    }
  : () => {
      const root = createRoot(container);
      startTransition(() => {
        root.render(app);
      });
    };

/**
 * The app's start: the page's answers into the cache, the texts, then the first render or the
 * hydration. It runs in a task of its own, after the one that evaluates the first bundle: each
 * stays shorter, and the browser can paint and handle input between them.
 */
function boot() {
  prefetchAuthStatus(queryClient);
  // A server-rendered page is hydrated from exactly what it carries, never from this browser's copy.
  prefetchCommunity(queryClient, { fromStorage: !serverRendered });
  const { pathname, search } = window.location;
  // Hydration starts from exactly what the server rendered from (the page's data); otherwise the
  // page's requests start now, and on a page in a chunk of its own the first render waits for
  // that chunk (index.html shows the top of the navigation bar meanwhile); a chunk that fails to
  // load is left to the page's error boundary.
  const page = serverRendered ? (seedFirstScreen(pathname, search), null) : preloadPage(pathname);
  // The page's catalogue loads beside it: the first render is in the page's language.
  Promise.all([startI18n(), page]).then(start, start);
  // The page brought only its first screen's texts (src/server/lib/catalogues.ts): the rest load
  // once that screen is painted.
  whenFirstPainted(() => void completeCatalogue().catch(() => undefined));
}

setTimeout(boot, 0);
