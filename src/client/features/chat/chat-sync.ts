import { useQueryClient } from '@tanstack/react-query';
import {
  invalidateNotificationList,
  invalidateNotifications,
  setUnreadNotificationCount,
} from '@client/features/notifications';
import { useRealtimeEvent, useRealtimeReconnect } from '@client/lib/socket';
import {
  addMessageToCache,
  conversationsKey,
  invalidateAllChat,
  invalidateConversationList,
  markReadInCache,
  messageUnreadKey,
} from './api';

/**
 * Keeps the caches in step with the socket: the bell (notifications and their unread count), the
 * conversation list, the unread-message badge and every cached conversation. After a reconnect it
 * refetches all of them, since whatever was pushed while the socket was down is lost.
 * `openConversationId` is the chat on screen: its incoming messages are read at once, so they
 * do not bump the badge.
 */
export function useChatSync(memberId: string | null, openConversationId: string | null): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (!memberId) return;
    switch (event.type) {
      case 'notification':
        void invalidateNotifications(queryClient);
        return;
      case 'unread':
        // The bell's count comes with the event; the list refetches once it is on screen. The same
        // event follows a conversation read in another tab, so the message counts refresh too.
        setUnreadNotificationCount(queryClient, event.count);
        void invalidateNotificationList(queryClient);
        void invalidateConversationList(queryClient);
        return;
      case 'new_message': {
        const { message } = event;
        addMessageToCache(queryClient, message);
        void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
        if (message.senderId !== memberId && message.conversationId !== openConversationId) {
          void queryClient.invalidateQueries({ queryKey: messageUnreadKey, exact: true });
        }
        return;
      }
      case 'messages_read':
        if (event.readerId !== memberId) markReadInCache(queryClient, event.conversationId, event.readerId);
        return;
      default:
        return;
    }
  });

  useRealtimeReconnect(() => {
    void invalidateAllChat(queryClient);
    void invalidateNotifications(queryClient);
  });
}
