import type { User } from '@common/api/users';
import { Bookmark, Heart, type LucideIcon, Repeat } from 'lucide-react';
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
      <HeaderIconLink
        href="/profile?tab=favorites"
        label={t('nav.favorites')}
        icon={Heart}
        testId="link-favorites"
      />
      <HeaderIconLink href="/rings" label={t('nav.rings')} icon={Repeat} testId="link-rings" />
      <HeaderIconLink href="/wishlist" label={t('nav.wishlist')} icon={Bookmark} testId="link-wishlist" />
      <MessagesLink />
      <NotificationBell />
      <ListItemButton className="hidden md:inline-flex" data-testid="button-list-item" />
      <div className="hidden md:block">
        <UserMenu user={user} />
      </div>
    </TooltipProvider>
  );
}

/** An icon-only header link with its name as the tooltip and the accessible name; shown from md up. */
function HeaderIconLink({
  href,
  label,
  icon: Icon,
  testId,
}: {
  href: string;
  label: string;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" className="hidden md:inline-flex">
          <Link href={href} aria-label={label} data-testid={testId}>
            <Icon className="size-5" aria-hidden="true" />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
