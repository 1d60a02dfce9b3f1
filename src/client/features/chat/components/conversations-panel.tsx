import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PopoverContent } from '@client/components/ui/popover';
import { useConversations, useMessageUnreadCount } from '../api';
import { ConversationList } from './conversation-list';

/**
 * The floating conversations panel (docs/product.md, Chat): each conversation with the other member, the
 * item it is about, the last message, its time (docs/product.md, Chat) and the unread count, newest first.
 * Choosing one opens the chat. Rendered inside the floating button's popover.
 */
export function ConversationsPanel({
  memberId,
  onSelect,
}: {
  memberId: string;
  onSelect: (conversationId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const query = useConversations(true);
  // Over every conversation, not only the pages loaded.
  const unread = useMessageUnreadCount(true).data?.count ?? 0;

  return (
    <PopoverContent
      side="top"
      align="start"
      sideOffset={10}
      collisionPadding={12}
      className="flex max-h-[min(34rem,calc(100dvh-6.5rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col p-0"
      aria-labelledby="conversations-heading"
      // Entry points elsewhere (the avatar menu) move focus back to themselves as they close;
      // that must not close the panel they just opened. Outside clicks and Escape still do.
      onFocusOutside={(event) => event.preventDefault()}
      data-testid="panel-conversations"
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id="conversations-heading" className="font-semibold">
          {t('messages')}
        </h2>
        <span className="flex items-center gap-3 text-sm">
          {unread > 0 ? (
            <span className="text-muted-foreground">{t('unread', { count: unread })}</span>
          ) : null}
          <Link
            href="/messages"
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-testid="link-all-messages"
          >
            {t('allMessages')}
          </Link>
        </span>
      </div>
      <ConversationList query={query} memberId={memberId} onSelect={onSelect} />
    </PopoverContent>
  );
}
