import type { User } from '@common/api/users';
import { displayName } from '@common/domain/display-name';
import {
  BellPlus,
  LayoutDashboard,
  LogOut,
  MessageCircle,
  Package,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useChat } from '@client/features/chat';
import { useSavedSearches } from '@client/features/saved-searches';
import { CountBadge } from '@client/components/ui/count-badge';
import { useLogoutMutation } from '../api';
import { UserAvatar } from './user-avatar';

/**
 * docs/product.md (Screens): avatar menu. Profile and Sign Out act; My Items opens the profile, whose first tab
 * lists the member's items; Messages opens the floating conversations panel.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const logout = useLogoutMutation();
  const { openMessages } = useChat();
  const name = displayName(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('menu.accountMenu', { name })}
        data-testid="button-user-menu"
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild data-testid="menu-profile">
          <Link href="/profile">
            <UserRound aria-hidden="true" />
            {t('menu.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild data-testid="menu-my-items">
          <Link href="/profile">
            <Package aria-hidden="true" />
            {t('menu.myItems')}
          </Link>
        </DropdownMenuItem>
        <SavedSearchesItem />
        <DropdownMenuItem onSelect={openMessages} data-testid="menu-messages">
          <MessageCircle aria-hidden="true" />
          {t('menu.messages')}
        </DropdownMenuItem>
        {user.isModerator ? (
          <DropdownMenuItem asChild data-testid="menu-moderation">
            <Link href="/moderation">
              <ShieldCheck aria-hidden="true" />
              {t('menu.moderation')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.isAdmin ? (
          <DropdownMenuItem asChild data-testid="menu-admin">
            <Link href="/admin">
              <LayoutDashboard aria-hidden="true" />
              {t('menu.admin')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
          data-testid="menu-sign-out"
        >
          <LogOut aria-hidden="true" />
          {t('menu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The menu's link to the saved searches, with how many new listings match them (read when the menu opens). */
function SavedSearchesItem() {
  const { t } = useTranslation('auth');
  const { data } = useSavedSearches();
  const fresh = (data ?? []).reduce((sum, search) => sum + search.newMatchCount, 0);
  return (
    <DropdownMenuItem asChild data-testid="menu-saved-searches">
      <Link href="/saved-searches">
        <BellPlus aria-hidden="true" />
        {t('menu.savedSearches')}
        <CountBadge count={fresh} className="static ml-auto ring-0" testId="badge-menu-saved-searches" />
        {fresh > 0 ? <span className="sr-only">{t('menu.newMatches', { count: fresh })}</span> : null}
      </Link>
    </DropdownMenuItem>
  );
}
