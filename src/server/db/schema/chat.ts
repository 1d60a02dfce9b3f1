import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';
import { items } from './items';
import { rings } from './rings';
import { users } from './users';

/**
 * A conversation: either between two members (participant1 < participant2 by id), one per pair and
 * related item, or a swap ring's group thread (`ring_id` set, no participants: its members are in
 * conversation_members). See docs/decisions/010-group-conversations.md.
 */
export const conversations = pg.pgTable(
  'conversations',
  {
    id: id(),
    participant1Id: pg.uuid('participant1_id').references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: pg.uuid('participant2_id').references(() => users.id, { onDelete: 'cascade' }),
    relatedItemId: pg.uuid('related_item_id').references(() => items.id, { onDelete: 'set null' }),
    /** The swap ring whose members talk here; null for a conversation between two members. */
    ringId: pg.uuid('ring_id').references(() => rings.id, { onDelete: 'cascade' }),
    lastMessageAt: pg.timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // ring_id is null for every pairwise row, so this is still one row per pair and item.
    pg
      .unique('conversations_pair_item_key')
      .on(t.participant1Id, t.participant2Id, t.relatedItemId, t.ringId)
      .nullsNotDistinct(),
    pg.uniqueIndex('conversations_ring_idx').on(t.ringId),
    pg.check(
      'conversations_kind_check',
      sql`(${t.ringId} is null and ${t.participant1Id} is not null and ${t.participant2Id} is not null)
        or (${t.ringId} is not null and ${t.participant1Id} is null and ${t.participant2Id} is null)`,
    ),
    pg.index('conversations_p1_idx').on(t.participant1Id, t.lastMessageAt.desc().nullsFirst()),
    pg.index('conversations_p2_idx').on(t.participant2Id, t.lastMessageAt.desc().nullsFirst()),
  ],
);

/** The members of a group conversation, each with how far they have read. */
export const conversationMembers = pg.pgTable(
  'conversation_members',
  {
    conversationId: pg
      .uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: memberId('user_id'),
    /** Messages created up to this time count as read by this member. */
    lastReadAt: pg.timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.conversationId, t.userId] }),
    pg.index('conversation_members_user_idx').on(t.userId),
  ],
);

export const messages = pg.pgTable(
  'messages',
  {
    id: id(),
    conversationId: pg
      .uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: memberId('sender_id'),
    content: pg.text('content').notNull(),
    /** 'text', 'photo' (payload: the image id) or 'trade' (a barter request card, written only by the server). */
    messageType: pg.text('message_type').notNull().default('text'),
    /** The photo's or the trade card's structured data (MessagePayload in chat-cards.ts); null for text. */
    payload: pg.jsonb('payload'),
    readAt: pg.timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The id the sender's app gave the message (optional): sending it again with the same id (a
     * retry after a lost answer, a queue sent on reconnect) stores nothing new and answers the first.
     */
    clientId: pg.uuid('client_id'),
  },
  (t) => [
    pg.uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    pg
      .index('messages_conversation_idx')
      .on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    pg
      .index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Who has a conversation open right now, on any instance; they get no message notification. */
export const conversationViewers = pg.pgTable(
  'conversation_viewers',
  {
    socketId: pg.text('socket_id').primaryKey(),
    conversationId: pg
      .uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: memberId('user_id'),
    seenAt: pg.timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('conversation_viewers_idx').on(t.conversationId, t.userId)],
);
