import type { Message } from '../../../common/api/chat';
import type { messages } from '../../db/schema';

/** A viewer row older than this is stale (its socket died without saying goodbye). */
export const VIEWER_TTL_MS = 90_000;

/** A message's text as its notification shows it. */
export const messagePreview = (content: string) =>
  content.length > 140 ? `${content.slice(0, 137)}...` : content;

export function presentMessage(row: typeof messages.$inferSelect): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    messageType: 'text',
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  };
}
