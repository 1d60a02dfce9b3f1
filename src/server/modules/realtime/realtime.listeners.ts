import type { DomainEvents } from '../../lib/domain-events';
import { type EventBus, INLINE_MESSAGE_MAX_BYTES } from './event-bus';

/**
 * What members' open sockets must hear goes on the bus once committed, so that the instance that
 * holds each socket delivers it (gateway.ts).
 */
export function registerRealtimeListeners(events: DomainEvents, bus: EventBus) {
  events.afterCommit('notifications.stored', async ({ notifications }) => {
    for (const row of notifications)
      await bus.publish({ kind: 'notification', userId: row.userId, notificationId: row.id });
  });
  events.afterCommit('notifications.read', ({ memberId }) =>
    bus.publish({ kind: 'unread', userId: memberId }),
  );
  events.afterCommit('sessions.ended', ({ memberId }) =>
    bus.publish({ kind: 'sessions_ended', userId: memberId }),
  );
  events.afterCommit('messages.read', (event) => bus.publish({ kind: 'messages_read', ...event }));
  events.afterCommit('message.sent', async ({ message, participants, notification }) => {
    const inline = Buffer.byteLength(JSON.stringify(message)) <= INLINE_MESSAGE_MAX_BYTES;
    // Published together: the bus sends what is published in the same tick as one statement.
    await Promise.all([
      bus.publish({
        kind: 'message',
        conversationId: message.conversationId,
        messageId: message.id,
        participants,
        ...(inline ? { message } : {}),
      }),
      notification
        ? bus.publish({ kind: 'notification', userId: notification.userId, notificationId: notification.id })
        : undefined,
    ]);
  });
}
