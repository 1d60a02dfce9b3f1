/**
 * What the event bus brings to this instance's sockets: notifications, unread counts, messages,
 * typing and read receipts go to the members who have a socket here; a member's ended sessions close
 * their sockets. Every instance delivers to its own sockets only.
 */
import type { ServiceContext } from '../../lib/service-context';
import * as chat from '../chat';
import { getNotification, unreadCount } from '../notifications';
import { type Connection, type ConnectionsByMember, present, sendTo } from './connections';
import type { BusEvent } from './event-bus';

export function busDelivery(
  ctx: ServiceContext,
  byUser: ConnectionsByMember,
  checkSessions: (list: Connection[]) => Promise<unknown>,
) {
  const here = (userId: string) => present(byUser, userId);
  return async function deliver(event: BusEvent) {
    switch (event.kind) {
      case 'notification': {
        if (!here(event.userId)) return;
        const notification = await getNotification(ctx, event.userId, event.notificationId);
        if (notification) sendTo(byUser, event.userId, { type: 'notification', notification });
        sendTo(byUser, event.userId, { type: 'unread', count: await unreadCount(ctx, event.userId) });
        return;
      }
      case 'unread':
        if (here(event.userId))
          sendTo(byUser, event.userId, { type: 'unread', count: await unreadCount(ctx, event.userId) });
        return;
      case 'message': {
        const local = event.participants.filter(here);
        if (local.length === 0) return;
        const message = event.message ?? (await chat.loadMessage(ctx, event.messageId));
        if (message) sendTo(byUser, local, { type: 'new_message', message });
        return;
      }
      case 'typing':
        sendTo(byUser, event.recipientId, {
          type: 'typing',
          conversationId: event.conversationId,
          userId: event.userId,
          isTyping: event.isTyping,
        });
        return;
      case 'messages_read':
        sendTo(byUser, event.recipientId, {
          type: 'messages_read',
          conversationId: event.conversationId,
          readerId: event.readerId,
        });
        return;
      case 'sessions_ended':
        await checkSessions([...(byUser.get(event.userId) ?? [])]);
        return;
      case 'marketplace':
      case 'marketplace_barrier':
      case 'members':
        return;
    }
  };
}
