import { toast } from '@client/components/ui/use-toast';
import { i18n } from '@client/i18n';

/** How long the signed-out toast shows before the browser goes to sign in again. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let redirectScheduled = false;

/** The query parameter that tells the page a session ended elsewhere: the sign-in dialog says so. */
export const SIGNED_OUT_PARAM = 'signed-out';

/**
 * The address to sign in again at: the page the member was on, with the sign-in dialog open
 * (`auth=login`) saying why (`signed-out`). Signing in there shows that same page again.
 */
export function signInAgainUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.search);
  params.set('auth', 'login');
  params.set(SIGNED_OUT_PARAM, '1');
  return `${location.pathname}?${params.toString()}${location.hash}`;
}

/**
 * The one reaction to a lost session (docs/product.md, Screens), such as one ended from another
 * device (a password change, Sign out everywhere): a toast that explains it, then, after 500 ms, a
 * full-page navigation to the same page with the sign-in dialog open. Several failing calls at once
 * schedule one redirect.
 */
export function handleUnauthorized(): void {
  if (redirectScheduled) return;
  redirectScheduled = true;
  toast({
    title: i18n.t('layout:unauthorized.title'),
    description: i18n.t('layout:unauthorized.description'),
    variant: 'destructive',
  });
  window.setTimeout(() => {
    window.location.href = signInAgainUrl(window.location);
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
