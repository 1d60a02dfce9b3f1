import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime, useRealtimeEvent } from '@client/lib/socket';
import { messageSummary } from '../chat-format';

/**
 * Joined while open: the server then sends typing, and no message notifications for this chat.
 * Leaving stops the member's own typing signal first.
 */
export function useJoinedConversation(
  conversationId: string,
  open: boolean,
  ownTyping: { stop: () => void },
) {
  useEffect(() => {
    if (!open) return;
    realtime.joinConversation(conversationId);
    return () => {
      ownTyping.stop();
      realtime.leaveConversation(conversationId);
    };
  }, [open, conversationId, ownTyping]);
}

/**
 * The other members' messages as they arrive while the dialog is open: announced to screen readers
 * (the returned text, for a polite live region), and `onArrived` (read receipts).
 */
export function useIncomingAnnouncements({
  conversationId,
  memberId,
  open,
  names,
  otherName,
  onArrived,
}: {
  conversationId: string;
  memberId: string;
  open: boolean;
  names: ReadonlyMap<string, string> | null;
  otherName: string;
  onArrived: () => void;
}) {
  const { t } = useTranslation('chat');
  const [announcement, setAnnouncement] = useState('');
  useRealtimeEvent((event) => {
    if (event.type !== 'new_message' || !open) return;
    const { message } = event;
    if (message.conversationId !== conversationId || message.senderId === memberId) return;
    setAnnouncement(
      t('dialog.announcement', {
        name: names?.get(message.senderId) ?? otherName,
        message: messageSummary({ ...message, tradeEvent: message.trade?.event ?? null }),
      }),
    );
    onArrived();
  });
  return announcement;
}
