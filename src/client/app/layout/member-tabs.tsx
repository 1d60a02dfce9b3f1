import { MessageCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useMessageUnreadCount } from '@client/features/chat';
import { LazyListItemDialog, preloadListItemDialog } from '@client/features/items';
import { SellTab, TabLink } from './tab-bar-parts';

/** The tab bar's Sell (the List Item form) and Messages (with the unread total) for a member. */
export function MemberTabs() {
  const [listing, setListing] = useState(false);
  const unread = useMessageUnreadCount(true).data?.count ?? 0;
  return (
    <>
      <SellTab icon={Plus} onClick={() => setListing(true)} onPointerEnter={preloadListItemDialog} />
      <TabLink
        href="/messages"
        label="Messages"
        icon={MessageCircle}
        testId="tab-messages"
        badge={unread}
        badgeLabel={`Messages, ${unread} unread`}
      />
      <LazyListItemDialog open={listing} onOpenChange={setListing} />
    </>
  );
}
