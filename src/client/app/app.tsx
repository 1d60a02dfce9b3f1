import { AppShell } from './layout/app-shell';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { ScrollToTop } from './scroll-to-top';

export function App() {
  return (
    <AppProviders>
      <ScrollToTop />
      <AppShell>
        <AppRouter />
      </AppShell>
    </AppProviders>
  );
}
