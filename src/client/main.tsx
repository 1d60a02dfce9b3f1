import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { whenFirstPainted } from './components/layout/after-first-paint';
import { completeCatalogue, startI18n } from './i18n';
import { prefetchAuthStatus } from './lib/session';
import { queryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const root = createRoot(container);
const render = () => {
  // As a transition the first render yields to the browser every few milliseconds instead of
  // blocking the main thread for the whole tree (Total Blocking Time on a phone).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

prefetchAuthStatus(queryClient);
// On a page in a chunk of its own, the first render waits for that chunk (index.html shows the
// top of the navigation bar meanwhile); a chunk that fails to load is left to the page's error
// boundary.
// The page's catalogue loads beside it: the first render is in the page's language.
const page = preloadPage(window.location.pathname);
Promise.all([startI18n(), page]).then(render, render);
// The page brought only its first screen's texts (src/server/lib/catalogues.ts): the rest load
// once that screen is painted.
whenFirstPainted(() => void completeCatalogue().catch(() => undefined));
