import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useAuth } from '@client/lib/session';
import { CountBadge } from '@client/components/ui/count-badge';
import { cn } from '@client/lib/utils';
import { isSomeoneElsesProfile } from './nav-links';

/** Where the tab bar shows: phones, below the sm breakpoint (640 px). */
export const TAB_BAR_HIDDEN_FROM = 'sm:hidden';

// Joined, not merged with cn(): nothing here conflicts, and a cn() call as the module loads would
// build tailwind-merge's tables inside the first bundle's evaluation, the page's longest task.
const TAB = [
  'relative flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 pt-1.5 pb-1 text-[0.6875rem] leading-tight font-medium text-muted-foreground transition-colors',
  'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
].join(' ');

/** The bar itself: fixed at the bottom of a phone's screen, five equal tabs. */
export function TabBarFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  return (
    <nav
      aria-label={t('nav.tabBar')}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/85',
        TAB_BAR_HIDDEN_FROM,
      )}
      data-testid="tab-bar"
    >
      <ul className="grid grid-cols-5">{children}</ul>
    </nav>
  );
}

/** Is `href` the page on screen? Home only at '/', the others also on their sub-addresses. */
function isCurrent(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

export function TabLink({
  href,
  label,
  icon: Icon,
  testId,
  badge = 0,
  badgeLabel,
}: {
  href: string;
  label: string;
  icon: LucideIcon;
  testId: string;
  /** A count shown on the icon (unread messages); its words go into the accessible name. */
  badge?: number;
  badgeLabel?: string;
}) {
  const [location] = useLocation();
  const search = useSearch();
  const { user } = useAuth();
  const current = isCurrent(location, href) && !isSomeoneElsesProfile(location, search, user?.id);
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        aria-label={badge > 0 && badgeLabel ? badgeLabel : undefined}
        className={cn(TAB, current && 'text-primary')}
        data-testid={testId}
      >
        <span className="relative">
          <Icon className="size-6" aria-hidden="true" />
          <CountBadge count={badge} className="-top-1.5 -right-2.5" testId={`${testId}-badge`} />
        </span>
        {label}
      </Link>
    </li>
  );
}

/** Sell: the List Item form (members) or the sign-in dialog (visitors); a button, not a page. */
export function SellTab({
  icon: Icon,
  onClick,
  onPointerEnter,
}: {
  icon: LucideIcon;
  onClick: () => void;
  onPointerEnter?: () => void;
}) {
  const { t } = useTranslation('layout');
  return (
    <li>
      <button
        type="button"
        aria-haspopup="dialog"
        className={TAB}
        onClick={onClick}
        onPointerEnter={onPointerEnter}
        onFocus={onPointerEnter}
        data-testid="tab-sell"
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {t('nav.sell')}
      </button>
    </li>
  );
}
