import { useTranslation } from 'react-i18next';
import { useConversations, useMessageUnreadCount } from '../api';
import { useChat } from '../chat-context';
import { ConversationList } from './conversation-list';

/** The Messages page's list: every conversation of the member, opening the chat on choice. */
export function MessagesInbox({ memberId }: { memberId: string }) {
  const { t } = useTranslation('chat');
  const query = useConversations(true);
  const { openConversation } = useChat();
  // Over every conversation, not only the pages loaded.
  const unread = useMessageUnreadCount(true).data?.count ?? 0;

  return (
    <section
      aria-labelledby="inbox-heading"
      className="overflow-hidden rounded-xl border bg-card"
      data-testid="section-inbox"
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id="inbox-heading" className="font-semibold">
          {t('conversations')}
        </h2>
        {unread > 0 ? (
          <span className="text-sm text-muted-foreground" data-testid="text-inbox-unread">
            {t('unread', { count: unread })}
          </span>
        ) : null}
      </div>
      <ConversationList query={query} memberId={memberId} onSelect={openConversation} />
    </section>
  );
}
