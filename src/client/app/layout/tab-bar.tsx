import type { User } from '@common/api/users';
import { Compass, House, MessageCircle, Plus, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_REASONS, useAuthDialog } from '@client/features/auth';
import { SellTab, TabBarFrame, TabLink } from './tab-bar-parts';

/** The members' Sell and Messages tabs (the listing form, the unread count): a chunk of their own. */
const MemberTabs = lazy(() => import('./member-tabs').then((module) => ({ default: module.MemberTabs })));

/**
 * docs/product.md (Screens): the phone's bottom tab bar, below 640 px: Home, Browse, Sell (the
 * List Item form), Messages (with the unread count) and Profile. A visitor's Sell opens the
 * sign-in dialog, and Messages and Profile their sign-in prompts.
 */
export function TabBar({ user }: { user: User | null }) {
  const { t } = useTranslation('layout');
  return (
    <TabBarFrame>
      <TabLink href="/" label={t('nav.home')} icon={House} testId="tab-home" />
      <TabLink href="/browse" label={t('nav.browse')} icon={Compass} testId="tab-browse" />
      {user ? (
        <Suspense fallback={<VisitorTabs />}>
          <MemberTabs />
        </Suspense>
      ) : (
        <VisitorTabs />
      )}
      <TabLink href="/profile" label={t('nav.profile')} icon={UserRound} testId="tab-profile" />
    </TabBarFrame>
  );
}

function VisitorTabs() {
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  const { t } = useTranslation('layout');
  return (
    <>
      <SellTab
        icon={Plus}
        onClick={() => openAuthDialog('login', SIGN_IN_REASONS.sell)}
        onPointerEnter={preloadAuthDialog}
      />
      <TabLink href="/messages" label={t('nav.messages')} icon={MessageCircle} testId="tab-messages" />
    </>
  );
}
