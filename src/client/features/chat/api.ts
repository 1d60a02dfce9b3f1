import type { Conversation, ConversationPage, ConversationWithMessages, Message } from '@common/api/chat';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { invalidateNotifications } from '@client/features/notifications';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { realtime } from '@client/lib/socket';

const CONVERSATIONS_URL = '/api/conversations';
const MESSAGE_UNREAD_URL = '/api/conversations/unread-count';

/*
 * Cache keys. The list, the total unread count and each conversation's messages are separate
 * entries (their first parts differ), so refreshing the list never refetches an open chat.
 */
export const conversationsKey = [CONVERSATIONS_URL] as const;
export const messageUnreadKey = [MESSAGE_UNREAD_URL] as const;
export const conversationKey = (conversationId: string) =>
  [`${CONVERSATIONS_URL}/${conversationId}`, 'messages'] as const;

export type ConversationPages = InfiniteData<ConversationWithMessages>;

/** Every chat cache entry: the list, the unread count and each conversation's messages. */
function isChatQuery(queryKey: readonly unknown[]): boolean {
  const [first] = queryKey;
  return typeof first === 'string' && first.startsWith(CONVERSATIONS_URL);
}

export type ConversationListPages = InfiniteData<ConversationPage>;

/**
 * The member's conversations, newest first, a page at a time: fetchNextPage loads the next (older)
 * page from the last one's `nextCursor`. Loaded while the panel or the Messages page is open.
 */
export function useConversations(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: conversationsKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiJson<ConversationPage>(
        'GET',
        pageParam ? `${CONVERSATIONS_URL}?cursor=${encodeURIComponent(pageParam)}` : CONVERSATIONS_URL,
        undefined,
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The conversations of every loaded page, newest first. */
export function flattenConversations(data: ConversationListPages | undefined): Conversation[] {
  return data?.pages.flatMap((page) => page.conversations) ?? [];
}

/** Unread messages over all conversations: the floating button's badge. */
export function useMessageUnreadCount(enabled: boolean) {
  return useQuery<{ count: number }>({ queryKey: messageUnreadKey, enabled });
}

/**
 * One conversation with its messages, newest page first; fetchNextPage loads earlier messages
 * ('before' the oldest one shown). Live messages are added to the first page as they arrive.
 */
export function useConversationMessages(conversationId: string) {
  return useInfiniteQuery({
    queryKey: conversationKey(conversationId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      return apiJson<ConversationWithMessages>(
        'GET',
        `${CONVERSATIONS_URL}/${conversationId}${query}`,
        undefined,
        { signal },
      );
    },
    getNextPageParam: (page) => (page.hasMore ? (page.messages[0]?.id ?? null) : null),
  });
}

/** The messages of every loaded page, oldest first. */
export function flattenMessages(data: ConversationPages | undefined): Message[] {
  if (!data) return [];
  const messages: Message[] = [];
  for (let index = data.pages.length - 1; index >= 0; index -= 1) {
    messages.push(...(data.pages[index]?.messages ?? []));
  }
  return messages;
}

/** Adds a message (live, or the answer to a send) to its conversation's cache, once. */
export function addMessageToCache(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<ConversationPages>(conversationKey(message.conversationId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    if (data.pages.some((page) => page.messages.some((entry) => entry.id === message.id))) return data;
    const lastMessage = {
      id: message.id,
      senderId: message.senderId,
      content: message.content,
      messageType: message.messageType,
      tradeEvent: message.trade?.event ?? null,
      createdAt: message.createdAt,
    };
    return {
      ...data,
      pages: [
        { ...first, messages: [...first.messages, message], lastMessage, lastMessageAt: message.createdAt },
        ...rest,
      ],
    };
  });
}

/** After a 'messages_read' event: everything not sent by the reader is now read. */
export function markReadInCache(queryClient: QueryClient, conversationId: string, readerId: string): void {
  queryClient.setQueryData<ConversationPages>(conversationKey(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((entry) =>
              entry.senderId !== readerId && !entry.isRead ? { ...entry, isRead: true } : entry,
            ),
          })),
        }
      : data,
  );
}

/** Refetch the conversation list only (a new message moves its conversation up). */
export function invalidateConversations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
}

/** Refetch the unread-message total (the badges). */
export function invalidateMessageUnread(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messageUnreadKey, exact: true });
}

/** Refetch the conversation list and the unread total (when on screen; otherwise on next use). */
export function invalidateConversationList(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: messageUnreadKey, exact: true }),
  ]).then(() => undefined);
}

/** After a reconnect: anything chat-related may have changed meanwhile. */
export function invalidateAllChat(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isChatQuery(query.queryKey) });
}

/** find-or-create: the conversation between the member and another, about an item. */
export function useFindOrCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { otherUserId: string; relatedItemId?: string | null }) => {
      const response = await apiRequest('POST', `${CONVERSATIONS_URL}/find-or-create`, input);
      return (await response.json()) as Conversation;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    },
  });
}

/**
 * Marks everything the other member sent in a conversation read (and its message notification).
 * The list and the badge drop at once; the server's answer then refreshes them.
 */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest('PATCH', `${CONVERSATIONS_URL}/${conversationId}/read`),
    onMutate: (conversationId) => {
      const list = flattenConversations(queryClient.getQueryData<ConversationListPages>(conversationsKey));
      const unread = list.find((entry) => entry.id === conversationId)?.unreadCount ?? 0;
      if (unread > 0) {
        queryClient.setQueryData<ConversationListPages>(conversationsKey, (current) =>
          current
            ? {
                ...current,
                pages: current.pages.map((page) => ({
                  ...page,
                  conversations: page.conversations.map((entry) =>
                    entry.id === conversationId ? { ...entry, unreadCount: 0 } : entry,
                  ),
                })),
              }
            : current,
        );
        queryClient.setQueryData<{ count: number }>(messageUnreadKey, (current) =>
          current ? { count: Math.max(0, current.count - unread) } : current,
        );
      }
    },
    onError: (error) => console.error('Failed to mark the conversation read', error),
    onSettled: () => {
      void invalidateConversationList(queryClient);
      // With the socket up the server pushes the bell's new count; without it, ask.
      if (!realtime.isOpen()) void invalidateNotifications(queryClient);
    },
  });
}

/**
 * Sends a message: over the socket when it is connected (the echo arrives as 'new_message'),
 * else with POST /api/messages, whose answer goes straight into the cache.
 */
export async function sendMessage(
  queryClient: QueryClient,
  conversationId: string,
  content: string,
): Promise<'socket' | Message> {
  if (realtime.send({ type: 'send_message', message: { conversationId, content, messageType: 'text' } })) {
    return 'socket';
  }
  const response = await apiRequest('POST', '/api/messages', {
    conversationId,
    content,
    messageType: 'text',
  });
  const message = (await response.json()) as Message;
  addMessageToCache(queryClient, message);
  void invalidateConversationList(queryClient);
  return message;
}

/**
 * Sends a photo (already uploaded with POST /api/images) with optional text. Always over HTTP: the
 * socket carries text only. The answer goes into the cache; the socket's echo is then a duplicate
 * that addMessageToCache ignores.
 */
export async function sendPhotoMessage(
  queryClient: QueryClient,
  conversationId: string,
  imageId: string,
  content: string,
): Promise<Message> {
  const response = await apiRequest('POST', '/api/messages', {
    conversationId,
    content,
    imageId,
    messageType: 'photo',
  });
  const message = (await response.json()) as Message;
  addMessageToCache(queryClient, message);
  void invalidateConversationList(queryClient);
  return message;
}
