import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@client/lib/socket';
import { addMessageToCache, markReadInCache } from './api';

/**
 * Writes what the socket pushes into the cached conversations: a new message into its
 * conversation, read receipts onto the messages. Which lists a live event makes stale (the
 * conversation list, the unread total, the bell, ...) is decided in one place, the app's live
 * refresh (app/live-refresh.ts).
 */
export function useChatSync(memberId: string | null): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (!memberId) return;
    if (event.type === 'new_message') addMessageToCache(queryClient, event.message);
    else if (event.type === 'messages_read' && event.readerId !== memberId) {
      markReadInCache(queryClient, event.conversationId, event.readerId);
    }
  });
}
