import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { BrandMark } from '@client/components/layout/brand-mark';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/features/auth/api';
import { GuestActions } from '@client/features/auth/components/guest-actions';
import { UserMenu } from '@client/features/auth/components/user-menu';
import { ListItemButton } from '@client/features/items/components/list-item-button';
import { NotificationBell } from '@client/features/notifications/components/notification-bell';
import { MobileNav } from './mobile-nav';
import { PRIMARY_NAV } from './nav-links';
import { NavLinkItem } from './nav-link-item';
import { SearchBox } from './search-box';

/**
 * Spec §2 navigation bar. Row one: logo, search, account actions; row two (md and up): the
 * page links. Below md the actions and links move into the MobileNav sheet and the search box
 * wraps onto its own full-width row, so it stays reachable on a phone.
 */
export function SiteHeader() {
  const { user } = useAuth();

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

          <SearchBox className="order-last w-full md:order-none md:max-w-md md:flex-1 lg:max-w-lg" />

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {user ? (
              <>
                <Tooltip>
                  <TooltipTrigger asChild>
                    <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
                      <Link href="/wishlist" aria-label="Wishlist" data-testid="link-wishlist">
                        <Heart className="size-5" aria-hidden="true" />
                      </Link>
                    </Button>
                  </TooltipTrigger>
                  <TooltipContent>Wishlist</TooltipContent>
                </Tooltip>
                <NotificationBell />
                <ListItemButton className="hidden md:inline-flex" data-testid="button-list-item" />
                <div className="hidden md:block">
                  <UserMenu user={user} />
                </div>
              </>
            ) : (
              <div className="hidden md:block">
                <GuestActions layout="row" />
              </div>
            )}
            <MobileNav user={user} />
          </div>
        </div>

        <nav aria-label="Main" className="-mb-px hidden items-center gap-1 md:flex">
          {PRIMARY_NAV.map((link) => (
            <NavLinkItem key={link.href} link={link} variant="bar" />
          ))}
        </nav>
      </PageContainer>
    </header>
  );
}
