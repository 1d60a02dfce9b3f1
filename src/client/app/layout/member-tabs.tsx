import { MessageCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageUnreadCount } from '@client/features/chat';
import { LazyListItemDialog, preloadListItemDialog } from '@client/features/items';
import { SellTab, TabLink } from './tab-bar-parts';

/** The tab bar's Sell (the List Item form) and Messages (with the unread total) for a member. */
export function MemberTabs() {
  const { t } = useTranslation('layout');
  const [listing, setListing] = useState(false);
  const unread = useMessageUnreadCount(true).data?.count ?? 0;
  return (
    <>
      <SellTab icon={Plus} onClick={() => setListing(true)} onPointerEnter={preloadListItemDialog} />
      <TabLink
        href="/messages"
        label={t('nav.messages')}
        icon={MessageCircle}
        testId="tab-messages"
        badge={unread}
        badgeLabel={t('nav.messagesUnread', { count: unread })}
      />
      <LazyListItemDialog open={listing} onOpenChange={setListing} />
    </>
  );
}
