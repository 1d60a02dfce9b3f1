import type { User } from '@common/api/users';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';

/** The sheet (a Radix dialog with its focus trap and scroll lock) is its own chunk, fetched on first use. */
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/**
 * Below the md breakpoint the navigation bar collapses into this menu: the same links and actions.
 * Its code loads when the pointer or focus reaches the button, and the sheet opens once it is there.
 */
export function MobileNav({ user }: { user: User | null }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  // Dev Login in the menu signs in without a reload: the menu closes, as a fresh page's would be.
  const memberId = user?.id ?? null;
  const [openedFor, setOpenedFor] = useState(memberId);
  if (openedFor !== memberId) {
    setOpenedFor(memberId);
    setOpen(false);
  }
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => void loadMobileMenu();

  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
        data-testid="button-mobile-menu"
      >
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      {everOpened ? (
        <Suspense fallback={null}>
          <MobileMenu user={user} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
