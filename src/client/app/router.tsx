import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { FirstScreenHydrated } from '@client/components/layout/after-first-paint';
import { useAuth } from '@client/lib/session';
import { NotFoundPage } from '@client/pages/not-found';
import { PageErrorBoundary } from './page-error-boundary';
import { ADMIN_ROUTES, MEMBER_ROUTES, VISITOR_ROUTES } from './routes';

/**
 * Picks the route set from the session (admins also get the console, ADMIN_ROUTES). While the status call is in flight the visitor set
 * applies; an unknown path then renders nothing rather than flashing the not-found page at a
 * member who reloads /profile or /wishlist.
 */
export function AppRouter() {
  const { isAuthenticated, isLoading, user } = useAuth();
  // Deferred: when the status answer swaps the route set, a page whose code has not loaded yet
  // (the members' home page) replaces the one on screen once it is ready, with no spinner between.
  const session = useDeferredValue(
    isLoading ? 'loading' : !isAuthenticated ? 'visitor' : user?.isAdmin ? 'admin' : 'member',
  );
  const routes = session === 'admin' ? ADMIN_ROUTES : session === 'member' ? MEMBER_ROUTES : VISITOR_ROUTES;
  const [location] = useLocation();

  return (
    <PageErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {routes.map(({ path, component }) => (
            <Route key={path} path={path} component={component} />
          ))}
          {/* i18n-ignore: a session state, not a text */}
          <Route>{session === 'loading' ? null : <NotFoundPage />}</Route>
        </Switch>
        <FirstScreenHydrated />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Shown while a page's chunk loads: tells assistive tech, and keeps the footer below the first
 * screen so that it does not jump down when the page arrives (layout shift).
 */
function PageLoading() {
  const { t } = useTranslation('layout');
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center py-24" role="status">
      <span
        className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary"
        aria-hidden="true"
      />
      <span className="sr-only">{t('loadingPage')}</span>
    </div>
  );
}
