import type { Conversation } from '@common/api/chat';
import { displayName } from '@common/domain/display-name';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoaderCircle, MessagesSquare, Tag, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import {
  countBadge,
  memberNames,
  inboxPreview,
  nameList,
  otherMembers,
  otherParticipant,
  ringThreadTitle,
} from '../chat-format';
import { type ConversationListPages, flattenConversations } from '../api';
import { useNow } from '../hooks/use-now';
import { MemberAvatars, ParticipantAvatar } from './participant-avatar';

/**
 * The member's conversations (docs/product.md, Chat): each with the other member, the item it is
 * about, the last message, its time and the unread count, newest first. Choosing one opens the
 * chat. Shown in the floating panel and on the Messages page, a page at a time: "Show more" at the
 * end of the list loads the next one.
 */
export function ConversationList({
  query,
  memberId,
  onSelect,
}: {
  query: UseInfiniteQueryResult<ConversationListPages>;
  memberId: string;
  onSelect: (conversationId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const { data, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const conversations = flattenConversations(data);
  const now = useNow();

  useEffect(() => {
    // As docs/product.md (Chat) has it: chat load errors are only logged.
    if (isError) console.error('Failed to load conversations', error);
  }, [isError, error]);

  return (
    <>
      {isPending ? (
        <div className="grid gap-4 p-4" role="status">
          <span className="sr-only">{t('list.loading')}</span>
          {[0, 1, 2].map((index) => (
            <div key={index} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : isError && !data ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
          <p>{t('list.unavailable')}</p>
          <button
            type="button"
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onClick={() => void refetch()}
          >
            {t('list.retry')}
          </button>
        </div>
      ) : conversations.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 px-6 py-10 text-center"
          data-testid="text-no-conversations"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <MessagesSquare className="size-5" aria-hidden="true" />
          </span>
          <p className="font-medium">{t('list.empty')}</p>
          <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
        </div>
      ) : (
        <div className="min-h-0 overflow-y-auto overscroll-contain">
          <ul className="divide-y" aria-label={t('conversations')}>
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow
                  conversation={conversation}
                  memberId={memberId}
                  now={now}
                  onSelect={onSelect}
                />
              </li>
            ))}
          </ul>
          {hasNextPage ? (
            <div className="flex justify-center border-t p-3">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void fetchNextPage()}
                disabled={isFetchingNextPage}
                data-testid="button-more-conversations"
              >
                {isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {isFetchingNextPage ? t('list.loadingMore') : t('list.showMore')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}

function ConversationRow({
  conversation,
  memberId,
  now,
  onSelect,
}: {
  conversation: Conversation;
  memberId: string;
  now: Date;
  onSelect: (conversationId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  const other = otherParticipant(conversation, memberId);
  const others = otherMembers(conversation, memberId);
  const isRing = conversation.ring !== null;
  const name = isRing || !other ? ringThreadTitle(conversation) : displayName(other);
  const { lastMessage, unreadCount, relatedItem } = conversation;
  const time = conversation.lastMessageAt ?? lastMessage?.createdAt ?? conversation.createdAt;
  const preview = lastMessage
    ? inboxPreview(
        lastMessage,
        memberId,
        isRing || !other ? null : displayName(other),
        isRing ? (memberNames(conversation).get(lastMessage.senderId) ?? t('list.aMember')) : null,
      )
    : t('list.noMessages');

  return (
    <button
      type="button"
      onClick={() => onSelect(conversation.id)}
      className={cn(
        'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
        unreadCount > 0 && 'bg-secondary/50',
      )}
      data-testid={`conversation-${conversation.id}`}
    >
      {isRing || !other ? (
        <MemberAvatars users={others} className="size-10" />
      ) : (
        <ParticipantAvatar user={other} className="size-10" />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
          <time dateTime={time} className="shrink-0 text-xs text-muted-foreground">
            {format.relative(time, now)}
          </time>
        </span>
        {isRing ? (
          <span className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-primary">
            <Users className="size-3 shrink-0" aria-hidden="true" />
            <span className="truncate" data-testid={`text-conversation-members-${conversation.id}`}>
              {t('list.with', { names: nameList(others.map((user) => displayName(user))) })}
            </span>
          </span>
        ) : null}
        {relatedItem ? (
          <span className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-primary">
            <Tag className="size-3 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('list.about')}</span>
            <span className="truncate">{relatedItem.title}</span>
          </span>
        ) : null}
        <span className="mt-0.5 flex items-center gap-2">
          <span
            className={cn(
              'min-w-0 flex-1 truncate text-sm',
              unreadCount > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            {preview}
          </span>
          {unreadCount > 0 ? (
            <>
              <span
                aria-hidden="true"
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums"
                data-testid={`text-conversation-unread-${conversation.id}`}
              >
                {countBadge(unreadCount)}
              </span>
              <span className="sr-only">{t('list.unreadMessages', { count: unreadCount })}</span>
            </>
          ) : null}
        </span>
      </span>
    </button>
  );
}
