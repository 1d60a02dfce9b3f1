import type { User } from '@common/api/users';
import { Bookmark, Heart, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@client/components/ui/tooltip';
import { UserMenu } from '@client/features/auth';
import { MessagesLink } from '@client/features/chat';
import { ListItemButton } from '@client/features/items';
import { NotificationBell } from '@client/features/notifications';

/** The navigation bar's actions for a signed-in member (docs/product.md, Screens); their tooltips form one group. */
export function MemberActions({ user }: { user: User }) {
  const { t } = useTranslation('layout');
  return (
    <TooltipProvider>
      {/* One meaning per icon: the heart is Favourites (as on every item card), the bookmark the Wishlist. */}
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
            <Link href="/profile?tab=favorites" aria-label={t('nav.favorites')} data-testid="link-favorites">
              <Heart className="size-5" aria-hidden="true" />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t('nav.favorites')}</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
            <Link href="/rings" aria-label={t('nav.rings')} data-testid="link-rings">
              <Repeat className="size-5" aria-hidden="true" />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t('nav.rings')}</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
            <Link href="/wishlist" aria-label={t('nav.wishlist')} data-testid="link-wishlist">
              <Bookmark className="size-5" aria-hidden="true" />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t('nav.wishlist')}</TooltipContent>
      </Tooltip>
      <MessagesLink />
      <NotificationBell />
      <ListItemButton className="hidden md:inline-flex" data-testid="button-list-item" />
      <div className="hidden md:block">
        <UserMenu user={user} />
      </div>
    </TooltipProvider>
  );
}
