import { displayName } from '@common/domain/display-name';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenMessages, useConversationMessages } from '../api';
import { lastOwnMessage, memberNames, otherMembers, otherParticipant } from '../chat-format';

/**
 * A conversation as the dialog shows it: its pages and messages, the other member (or, in a ring's
 * thread, the other members and each one's name), the name to address, which of the member's
 * messages shows 'Seen', and whether it still accepts messages. Load errors are only logged
 * (docs/product.md, Chat).
 */
export function useConversationView(conversationId: string, memberId: string) {
  const { t } = useTranslation('chat');
  const query = useConversationMessages(conversationId);
  const { data, isError, error } = query;
  const conversation = data?.pages[0];
  const messages = useMemo(() => flattenMessages(data), [data]);
  const isRing = conversation?.ring != null;
  const other = conversation && !isRing ? otherParticipant(conversation, memberId) : null;
  const others = conversation ? otherMembers(conversation, memberId) : [];
  // In a ring's thread each message shows its sender; 'Seen' is for conversations of two.
  const names = useMemo(
    () => (conversation && isRing ? memberNames(conversation) : null),
    [conversation, isRing],
  );
  const otherName = isRing ? t('dialog.theRing') : other ? displayName(other) : t('dialog.thisMember');
  const lastOwn = lastOwnMessage(messages, memberId);

  useEffect(() => {
    if (isError) console.error('Failed to load the conversation', error);
  }, [isError, error]);

  return {
    query,
    conversation,
    messages,
    loaded: data !== undefined,
    isRing,
    other,
    others,
    names,
    otherName,
    seenMessageId: !isRing && lastOwn?.isRead ? lastOwn.id : null,
    closed: conversation?.acceptsMessages === false,
  };
}
