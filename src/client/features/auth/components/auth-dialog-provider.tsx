import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '@client/lib/session';
import { AuthDialogContext, type AuthTab } from './auth-dialog-context';

/** The dialog (forms, react-hook-form, zod) is its own chunk: members never need it. */
const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

function isAuthTab(value: string | null): value is AuthTab {
  return value === 'login' || value === 'register';
}

/**
 * Owns the one authentication dialog. `?auth=login` / `?auth=register` (where the server's
 * /api/login and sign-up paths redirect to) open it on that tab for a visitor; the parameter is
 * then removed from the URL so that a reload or a shared link does not reopen it.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');
  const { isAuthenticated, isLoading } = useAuth();
  const search = useSearch();
  const [location, navigate] = useLocation();

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('auth') || isLoading) return;
    const requested = params.get('auth');
    if (!isAuthenticated && isAuthTab(requested)) {
      setTab(requested);
      setOpen(true);
      setEverOpened(true);
    }
    params.delete('auth');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate, isAuthenticated, isLoading]);

  const controls = useMemo(
    () => ({
      openAuthDialog: (nextTab: AuthTab) => {
        setTab(nextTab);
        setOpen(true);
        setEverOpened(true);
      },
      preloadAuthDialog: () => void loadAuthDialog(),
    }),
    [],
  );

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {everOpened ? (
        <Suspense fallback={null}>
          <AuthDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}
