import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useChat } from '@client/features/chat';
import { useAuth } from '@client/lib/session';
import { useRealtimeEvent, useRealtimeReconnect } from '@client/lib/socket';
import { applyLiveEvent, PERSONAL_TARGETS, RECONNECT_TARGETS, refresh } from './live-refresh';

/**
 * Keeps every open page in step with what happens elsewhere, for a signed-in member: each pushed
 * event makes stale exactly what it changed (live-refresh.ts), a reconnect refetches everything
 * personal (what was pushed while the socket was down is lost), and the member's own lists
 * refetch when the window regains focus (changes made in another tab or device push nothing).
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const memberId = user?.id ?? null;
  const { openConversationId } = useChat();

  useRealtimeEvent((event) => {
    if (!memberId) return;
    void applyLiveEvent(queryClient, event, { memberId, openConversationId });
  });

  useRealtimeReconnect(() => {
    if (memberId) void refresh(queryClient, RECONNECT_TARGETS);
  });

  useEffect(() => {
    if (!memberId) return;
    const onFocus = () => void refresh(queryClient, PERSONAL_TARGETS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [memberId, queryClient]);
}

/** Mounted once, inside the chat provider (it needs the open conversation). */
export function LiveRefresh(): null {
  useLiveRefresh();
  return null;
}
