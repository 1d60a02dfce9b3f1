import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EXTERNAL_SIGN_IN_ERRORS, type ExternalSignInError } from '@common/domain/external-sign-in';
import { useAuth } from '@client/lib/session';
import { SIGNED_OUT_PARAM } from '@client/lib/unauthorized';
import { SIGN_IN_REASONS } from '../sign-in-reasons';
import { AuthDialogContext, type AuthReason, type AuthTab } from './auth-dialog-context';
import { keepInvitation } from '../invitation';

/** The dialog (forms, react-hook-form, zod) is its own chunk: members never need it. */
const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

function isAuthTab(value: string | null): value is AuthTab {
  return value === 'login' || value === 'register';
}

function isExternalError(value: string | null): value is ExternalSignInError {
  return value !== null && Object.hasOwn(EXTERNAL_SIGN_IN_ERRORS, value);
}

/**
 * Owns the one authentication dialog. `?auth=login` / `?auth=register` (where the server's
 * /api/login and sign-up paths redirect to) open it on that tab for a visitor; the parameter is
 * then removed from the URL so that a reload or a shared link does not reopen it. `&invitation=`
 * (an invitation link) is kept for the sign-up form and removed the same way. `&error={code}`
 * (a failed external sign-in) is shown in the dialog and removed the same way.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');
  const [externalError, setExternalError] = useState<ExternalSignInError | null>(null);
  const [reason, setReason] = useState<AuthReason | null>(null);
  const { isAuthenticated, isLoading } = useAuth();
  const search = useSearch();
  const [location, navigate] = useLocation();

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('auth') || isLoading) return;
    // An invitation link (POST /api/invitations): kept for the sign-up form, out of the address.
    const invitation = params.get('invitation');
    if (invitation) keepInvitation(invitation);
    params.delete('invitation');
    const requested = params.get('auth');
    const error = params.get('error');
    const signedOut = params.has(SIGNED_OUT_PARAM);
    if (!isAuthenticated && isAuthTab(requested)) {
      setTab(requested);
      setReason(signedOut ? SIGN_IN_REASONS.signedOut : null);
      setExternalError(isExternalError(error) ? error : null);
      setOpen(true);
      setEverOpened(true);
    }
    params.delete('auth');
    params.delete('error');
    params.delete(SIGNED_OUT_PARAM);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate, isAuthenticated, isLoading]);

  const controls = useMemo(
    () => ({
      openAuthDialog: (nextTab: AuthTab, nextReason?: AuthReason) => {
        setTab(nextTab);
        setReason(nextReason ?? null);
        setExternalError(null);
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
          <AuthDialog
            open={open}
            onOpenChange={setOpen}
            tab={tab}
            onTabChange={setTab}
            externalError={externalError}
            reason={reason}
          />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}
