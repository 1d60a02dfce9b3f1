import { Code, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useDemoMode } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import { useDemoLoginMutation } from '../api';
import { useAuthDialog } from './auth-dialog-context';

/**
 * docs/product.md (Screens): signed-out actions: 'Dev Login' (only in a demo, DEMO on), 'Sign In' and 'Join Now'. `testIdPrefix` keeps the
 * test ids unique when the mobile menu renders a second copy.
 */
export function GuestActions({
  layout,
  testIdPrefix = '',
  onAction,
}: {
  layout: 'row' | 'stack';
  testIdPrefix?: string;
  /** Called after a button is used, e.g. to close the mobile menu. */
  onAction?: () => void;
}) {
  const { t } = useTranslation('auth');
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  const demoLogin = useDemoLoginMutation();
  const demo = useDemoMode();
  const size = layout === 'stack' ? 'lg' : 'default';

  return (
    <div className={cn('flex gap-2', layout === 'stack' ? 'flex-col' : 'items-center')}>
      {demo ? (
        <Button
          variant="outline"
          size={size}
          disabled={demoLogin.isPending}
          onClick={() => demoLogin.mutate()}
          data-testid={`${testIdPrefix}button-dev-login`}
        >
          {demoLogin.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Code className={cn(layout === 'row' && 'hidden lg:block')} aria-hidden="true" />
          )}
          {/* i18n-ignore: a developers' button, named as in the docs */}
          Dev Login
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size={size}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        onClick={() => {
          onAction?.();
          openAuthDialog('login');
        }}
        data-testid={`${testIdPrefix}button-sign-in`}
      >
        {t('common:actions.signIn')}
      </Button>
      <Button
        size={size}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        onClick={() => {
          onAction?.();
          openAuthDialog('register');
        }}
        data-testid={`${testIdPrefix}button-join-now`}
      >
        {t('guest.joinNow')}
      </Button>
    </div>
  );
}
