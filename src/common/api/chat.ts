import { z } from 'zod';
import { userSummary } from './users';
import { MAX_MESSAGE_LENGTH } from '../domain/limits';
import { RING_STATUSES } from '../domain/ring-state';

export const MESSAGE_PAGE_SIZE = 50;

export const message = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  messageType: z.literal('text'),
  createdAt: z.string(),
  /** Read by the recipient; in a group thread, by every member but the sender. */
  isRead: z.boolean(),
});
export type Message = z.infer<typeof message>;

/**
 * A conversation between two members (participant1/2 set, `ring` null) or a swap ring's group
 * thread (`ring` set, participants null). `members` lists everyone in it, the caller included.
 */
export const conversation = z.object({
  id: z.string(),
  participant1Id: z.string().nullable(),
  participant2Id: z.string().nullable(),
  participant1: userSummary.nullable(),
  participant2: userSummary.nullable(),
  members: z.array(userSummary),
  /** The swap ring of a group thread; it takes new messages only while `acceptsMessages`. */
  ring: z.object({ id: z.string(), status: z.enum(RING_STATUSES) }).nullable(),
  acceptsMessages: z.boolean(),
  relatedItem: z.object({ id: z.string(), title: z.string() }).nullable(),
  lastMessage: z
    .object({ id: z.string(), senderId: z.string(), content: z.string(), createdAt: z.string() })
    .nullable(),
  lastMessageAt: z.string().nullable(),
  /** Messages from others that the caller has not read. */
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversation>;

export const conversationWithMessages = conversation.extend({
  /** Oldest first; `hasMore` says older ones exist (ask again with `before` = the first id). */
  messages: z.array(message),
  hasMore: z.boolean(),
});
export type ConversationWithMessages = z.infer<typeof conversationWithMessages>;

export const conversationQuery = z
  .object({
    before: z.uuid({ message: 'before must be a message id' }).optional(),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int({ message: 'limit must be a whole number' })
      .min(1, { message: 'limit must be at least 1' })
      .max(100, { message: 'limit must be at most 100' })
      .default(MESSAGE_PAGE_SIZE),
  })
  .strict();

export const findOrCreateInput = z
  .object({
    otherUserId: z.uuid({ message: 'otherUserId must be a member id' }),
    relatedItemId: z.uuid({ message: 'relatedItemId must be an item id' }).nullish(),
  })
  .strict();

export const messageContent = z
  .string({ message: 'content must be text' })
  .trim()
  .min(1, { message: 'The message is empty' })
  .max(MAX_MESSAGE_LENGTH, { message: `A message must be at most ${MAX_MESSAGE_LENGTH} characters` });

export const messageInput = z
  .object({
    conversationId: z.uuid({ message: 'conversationId must be a conversation id' }),
    content: messageContent,
    messageType: z.literal('text', { message: "messageType must be 'text'" }).default('text'),
  })
  .strict();
export type MessageInput = z.input<typeof messageInput>;

export const totalUnread = z.object({ count: z.number().int() });

/** How many messages marking a conversation read changed. */
export const conversationRead = z.object({ read: z.number().int() });
