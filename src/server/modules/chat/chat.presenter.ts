import type { Message, MessageType, TradeCard } from '../../../common/api/chat';
import type { messages } from '../../db/schema';

/** A viewer row older than this is stale (its socket died without saying goodbye). */
export const VIEWER_TTL_MS = 90_000;

/** A message's text as its notification shows it. */
export const messagePreview = (content: string) =>
  content.length > 140 ? `${content.slice(0, 137)}...` : content;

/** What `messages.payload` holds: a photo message's image id, or a trade card. */
export type MessagePayload = { imageId: string } | TradeCard;

const imagePath = (id: string) => `/images/${id}`;

/** A stored message row (or the raw columns a statement answers) as the API shows it. */
export function presentMessageFields(row: {
  messageType: string;
  payload: unknown;
}): Pick<Message, 'messageType' | 'photo' | 'trade'> {
  const type: MessageType =
    row.messageType === 'photo' || row.messageType === 'trade' ? row.messageType : 'text';
  const payload = (row.payload ?? null) as MessagePayload | null;
  if (type === 'photo' && payload && 'imageId' in payload) {
    const url = imagePath(payload.imageId);
    return { messageType: type, photo: { url, thumbnailUrl: `${url}?w=400` }, trade: null };
  }
  if (type === 'trade' && payload && 'tradeId' in payload) {
    return { messageType: type, photo: null, trade: payload };
  }
  return { messageType: 'text', photo: null, trade: null };
}

export function presentMessage(row: typeof messages.$inferSelect): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    ...presentMessageFields(row),
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  };
}
