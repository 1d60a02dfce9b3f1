import { z } from 'zod';
import { canonicalId, keysetCursor, pageLimit } from './common';
import { userSummary } from './users';
import { MAX_MESSAGE_LENGTH } from '../domain/limits';
import { RING_STATUSES } from '../domain/ring-state';

export const MESSAGE_PAGE_SIZE = 50;

/**
 * What happened to a barter request, as its card in the conversation says (docs/product.md § Chat):
 * the client words it in the reader's language.
 */
export const TRADE_CARD_EVENTS = [
  'requested',
  'countered',
  'accepted',
  'declined',
  'cancelled',
  'shipped',
  'received',
  'completed',
  'disputed',
  'expired',
] as const;
export type TradeCardEvent = (typeof TRADE_CARD_EVENTS)[number];

const cardItem = z.object({ id: z.string(), title: z.string(), imageUrl: z.string().nullable() });

/** A barter request card: the trade, what happened, who did it (null: the app, e.g. an expiry), and both sides then. */
export const tradeCard = z.object({
  tradeId: z.string(),
  event: z.enum(TRADE_CARD_EVENTS),
  actorId: z.string().nullable(),
  requested: z.array(cardItem),
  offered: z.array(cardItem),
  /** The trade's requester (whose items are `offered`); absent on cards written before it was kept. */
  requesterId: z.string().optional(),
  /** A 'shipped' card's carrier id (common/domain/carriers.ts); absent otherwise. */
  carrier: z.string().nullable().optional(),
});
export type TradeCard = z.infer<typeof tradeCard>;

/** 'text'; 'photo' (a member's photo, with optional text); 'trade' (a card only the server writes). */
export const MESSAGE_TYPES = ['text', 'photo', 'trade'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const message = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** For a trade card, the member who acted (or, for an expiry, the requester). */
  senderId: z.string(),
  /** The text; empty for a card and for a photo sent without text. */
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  /** A photo message's image: `url` the full size, `thumbnailUrl` the 400 px one. */
  photo: z.object({ url: z.string(), thumbnailUrl: z.string() }).nullable(),
  trade: tradeCard.nullable(),
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
    .object({
      id: z.string(),
      senderId: z.string(),
      content: z.string(),
      messageType: z.enum(MESSAGE_TYPES),
      /** A trade card's event, for the list's one-line preview. */
      tradeEvent: z.enum(TRADE_CARD_EVENTS).nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  lastMessageAt: z.string().nullable(),
  /** Messages from others that the caller has not read. */
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversation>;

/** Conversations in one page of the inbox, unless the request asks for another number. */
export const CONVERSATION_PAGE_SIZE = 20;

/**
 * Where an inbox page starts: the `nextCursor` of the page before, which is the last conversation's
 * position (when it last changed, in UTC to the microsecond, and its id). Clients pass it on as is.
 */
export const conversationListQuery = z
  .object({
    cursor: keysetCursor().optional(),
    limit: pageLimit(50, CONVERSATION_PAGE_SIZE),
  })
  .strict();

/** A page of the inbox, newest first; `nextCursor` asks for the next (older) one, null on the last page. */
export const conversationPage = z.object({
  conversations: z.array(conversation),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPage>;

export const conversationWithMessages = conversation.extend({
  /** Oldest first; `hasMore` says older ones exist (ask again with `before` = the first id). */
  messages: z.array(message),
  hasMore: z.boolean(),
});
export type ConversationWithMessages = z.infer<typeof conversationWithMessages>;

export const conversationQuery = z
  .object({
    before: canonicalId('before must be a message id').optional(),
    limit: pageLimit(100, MESSAGE_PAGE_SIZE),
  })
  .strict();

export const findOrCreateInput = z
  .object({
    otherUserId: canonicalId('otherUserId must be a member id'),
    relatedItemId: canonicalId('relatedItemId must be an item id').nullish(),
  })
  .strict();

export const messageContent = z
  .string({ message: 'content must be text' })
  .trim()
  .min(1, { message: 'The message is empty' })
  .max(MAX_MESSAGE_LENGTH, { message: `A message must be at most ${MAX_MESSAGE_LENGTH} characters` });

/**
 * A member's message: text, a photo (`imageId`, from POST /api/images) or both. Members cannot
 * choose the 'trade' type: only the server writes barter request cards.
 */
export const messageInput = z
  .object({
    conversationId: canonicalId('conversationId must be a conversation id'),
    content: z
      .string({ message: 'content must be text' })
      .trim()
      .max(MAX_MESSAGE_LENGTH, { message: `A message must be at most ${MAX_MESSAGE_LENGTH} characters` })
      .default(''),
    imageId: canonicalId('imageId must be an uploaded photo id').optional(),
    messageType: z.enum(['text', 'photo'], { message: "messageType must be 'text' or 'photo'" }).optional(),
    /**
     * An id the app makes for the message (a UUID), so that sending it again (a retry, a queue sent
     * on reconnect) never stores it twice: the second send answers the message stored first.
     */
    clientId: canonicalId('clientId must be a UUID').optional(),
  })
  .strict()
  .refine((input) => input.content.length > 0 || input.imageId !== undefined, {
    message: 'The message is empty',
    path: ['content'],
  });
export type MessageInput = z.input<typeof messageInput>;

export const totalUnread = z.object({ count: z.number().int() });

/** How many messages marking a conversation read changed. */
export const conversationRead = z.object({ read: z.number().int() });
