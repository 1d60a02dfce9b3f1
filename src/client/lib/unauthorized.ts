import { toast } from '@client/components/ui/use-toast';
import { i18n } from '@client/i18n';

/** As docs/product.md (Screens) has it: how long the 'Unauthorized' toast shows before the browser goes to sign in. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let redirectScheduled = false;

/**
 * The one reaction to a lost session (docs/product.md, Screens): toast 'Unauthorized', then a full-page
 * navigation to /api/login after 500 ms. Several failing calls at once schedule one redirect.
 */
export function handleUnauthorized(): void {
  toast({
    title: i18n.t('layout:unauthorized.title'),
    description: i18n.t('layout:unauthorized.description'),
    variant: 'destructive',
  });
  if (redirectScheduled) return;
  redirectScheduled = true;
  window.setTimeout(() => {
    window.location.href = '/api/login';
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
