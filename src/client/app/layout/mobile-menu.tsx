import type { User } from '@common/api/users';
import { displayName } from '@common/domain/display-name';
import { LayoutDashboard, LogOut, MessageCircle, ShieldCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Separator } from '@client/components/ui/separator';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@client/components/ui/sheet';
import { BrandMark } from '@client/components/layout/brand-mark';
import { GuestActions, useLogoutMutation, UserAvatar } from '@client/features/auth';
import { useChat } from '@client/features/chat';
import { ListItemButton } from '@client/features/items';
import { MEMBER_NAV, PRIMARY_NAV } from './nav-links';
import { NavLinkItem } from './nav-link-item';

/**
 * The menu sheet of MobileNav: the navigation links and the account actions. Focus goes back to
 * the menu button when it closes.
 */
export function MobileMenu({
  user,
  open,
  onOpenChange,
  trigger,
}: {
  user: User | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('layout');
  const links = user ? [...PRIMARY_NAV, ...MEMBER_NAV] : PRIMARY_NAV;

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="gap-0"
        data-testid="sheet-mobile-menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader className="flex-row items-center gap-2 border-b">
          <BrandMark className="size-7" />
          <SheetTitle>Threadswap</SheetTitle>
          <SheetDescription className="sr-only">{t('nav.menuDescription')}</SheetDescription>
        </SheetHeader>

        {user ? (
          <div className="flex items-center gap-3 px-4 pt-4">
            <UserAvatar user={user} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{displayName(user)}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            </div>
          </div>
        ) : null}

        <nav aria-label={t('nav.mobile')} className="flex flex-col gap-1 p-3">
          {links.map((link) => (
            <SheetClose asChild key={link.href}>
              <NavLinkItem link={link} variant="menu" testIdPrefix="mobile-" />
            </SheetClose>
          ))}
        </nav>

        <Separator />

        <div className="flex flex-col gap-2 p-4">
          {user ? (
            <MemberMenuActions isModerator={Boolean(user.isModerator)} isAdmin={Boolean(user.isAdmin)} />
          ) : (
            <GuestActions layout="stack" testIdPrefix="mobile-" onAction={() => onOpenChange(false)} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function MemberMenuActions({ isModerator, isAdmin }: { isModerator: boolean; isAdmin: boolean }) {
  const logout = useLogoutMutation();
  const { openMessages } = useChat();
  const { t } = useTranslation('layout');
  return (
    <>
      <ListItemButton size="lg" data-testid="mobile-button-list-item" />
      {isModerator ? (
        <SheetClose asChild>
          <Button variant="outline" size="lg" asChild data-testid="mobile-menu-moderation">
            <Link href="/moderation">
              <ShieldCheck aria-hidden="true" />
              {t('nav.moderation')}
            </Link>
          </Button>
        </SheetClose>
      ) : null}
      {isAdmin ? (
        <SheetClose asChild>
          <Button variant="outline" size="lg" asChild data-testid="mobile-menu-admin">
            <Link href="/admin">
              <LayoutDashboard aria-hidden="true" />
              {t('nav.admin')}
            </Link>
          </Button>
        </SheetClose>
      ) : null}
      <SheetClose asChild>
        <Button variant="outline" size="lg" onClick={openMessages} data-testid="mobile-menu-messages">
          <MessageCircle aria-hidden="true" />
          {t('nav.messages')}
        </Button>
      </SheetClose>
      <Button
        variant="ghost"
        size="lg"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
        data-testid="mobile-menu-sign-out"
      >
        <LogOut aria-hidden="true" />
        {t('nav.signOut')}
      </Button>
    </>
  );
}
