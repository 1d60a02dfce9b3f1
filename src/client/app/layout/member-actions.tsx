import type { User } from '@common/api/users';
import { Bookmark, Heart, Repeat } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@client/components/ui/tooltip';
import { UserMenu } from '@client/features/auth';
import { MessagesLink } from '@client/features/chat';
import { ListItemButton } from '@client/features/items';
import { NotificationBell } from '@client/features/notifications';

/** The navigation bar's actions for a signed-in member (docs/product.md, Screens); their tooltips form one group. */
export function MemberActions({ user }: { user: User }) {
  return (
    <TooltipProvider>
      {/* One meaning per icon: the heart is Favourites (as on every item card), the bookmark the Wishlist. */}
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
            <Link href="/profile?tab=favorites" aria-label="Favourites" data-testid="link-favorites">
              <Heart className="size-5" aria-hidden="true" />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>Favourites</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
            <Link href="/rings" aria-label="Swap Rings" data-testid="link-rings">
              <Repeat className="size-5" aria-hidden="true" />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>Swap Rings</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
            <Link href="/wishlist" aria-label="Wishlist" data-testid="link-wishlist">
              <Bookmark className="size-5" aria-hidden="true" />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>Wishlist</TooltipContent>
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
