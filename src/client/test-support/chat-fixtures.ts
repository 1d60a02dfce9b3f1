import type { Message } from '@common/api/chat';

/*
 * A conversation between the member (ME) and their partner (PARTNER): the fixture of the chat's
 * component tests (its hooks, and the dialog in a DOM).
 */

export const ME = 'member-me';
export const PARTNER = 'member-partner';
export const CONVERSATION = 'conversation-1';

/** A text message of the conversation; its id's digits give its minute, so ids sort by time. */
export function message(id: string, senderId: string, content: string, isRead = false): Message {
  return {
    id,
    conversationId: CONVERSATION,
    senderId,
    content,
    messageType: 'text',
    photo: null,
    trade: null,
    createdAt: new Date(Date.UTC(2026, 10, 28, 10, Number(id.replace(/\D/g, '')) || 0)).toISOString(),
    isRead,
  };
}
