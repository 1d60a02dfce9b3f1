import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { BrandMark } from '@client/components/layout/brand-mark';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/lib/session';
import { GuestActions } from '@client/features/auth';
import { MobileNav } from './mobile-nav';
import { PRIMARY_NAV } from './nav-links';
import { NavLinkItem } from './nav-link-item';
import { SearchBox } from './search-box';

/** The members' actions (wishlist, the bell, List Item, the avatar menu): a chunk of their own. */
const MemberActions = lazy(() =>
  import('./member-actions').then((module) => ({ default: module.MemberActions })),
);

/**
 * docs/product.md (Screens): navigation bar. Row one: logo, search, account actions; row two (md and up): the
 * page links. Below md the actions and links move into the MobileNav sheet and the search box
 * wraps onto its own full-width row, so it stays reachable on a phone.
 */
export function SiteHeader() {
  const { user } = useAuth();
  const { t } = useTranslation('layout');
  const [location] = useLocation();
  // Browse has its own search box, the page's one search landmark: the header's stays out of it.
  const onBrowse = location === '/browse';

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <PageContainer>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 md:flex-nowrap md:gap-x-6">
          <Link
            href="/"
            className="flex shrink-0 items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            data-testid="link-logo"
          >
            <BrandMark />
            <span className="text-xl font-bold tracking-tight">Threadswap</span>
          </Link>

          {onBrowse ? null : (
            <SearchBox className="order-last w-full md:order-none md:max-w-md md:flex-1 lg:max-w-lg" />
          )}

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {user ? (
              <Suspense fallback={null}>
                <MemberActions user={user} />
              </Suspense>
            ) : (
              <div className="hidden md:block">
                <GuestActions layout="row" />
              </div>
            )}
            <MobileNav user={user} />
          </div>
        </div>

        <nav aria-label={t('nav.main')} className="-mb-px hidden items-center gap-1 md:flex">
          {PRIMARY_NAV.map((link) => (
            <NavLinkItem key={link.href} link={link} variant="bar" />
          ))}
        </nav>
      </PageContainer>
    </header>
  );
}
