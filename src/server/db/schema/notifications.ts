import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES } from '../../../common/api/notifications';
import { IMMEDIATE_EMAIL_TYPES } from '../../../common/api/email-preferences';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt, updatedAt } from './columns';
import type { TextRef } from '../../lib/i18n';
import { conversations } from './chat';
import { users } from './users';

export const notifications = pg.pgTable(
  'notifications',
  {
    id: id(),
    userId: memberId('user_id'),
    type: pg.text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** The texts as first worded, in the recipient's language then (emails, and rows stored before `texts`). */
    title: pg.text('title').notNull(),
    message: pg.text('message').notNull(),
    /**
     * The texts as keys and values (lib/i18n.ts TextRef), worded again in the reader's language each
     * time they are read, so that a member who switches language reads their older notifications in
     * it too. Null for rows stored before it, and where only the title is a catalogue text (a chat
     * message's preview is the member's own words).
     */
    texts: pg.jsonb('texts').$type<{ title: TextRef; message: TextRef | null }>(),
    /** In-app path the notification concerns, opened on click. */
    link: pg.text('link'),
    isRead: pg.boolean('is_read').notNull().default(false),
    /** Prevents sending the same alert twice (wishlist and match alerts). */
    dedupeKey: pg.text('dedupe_key'),
    /**
     * The kind of email that tells of this at once (a barter request, an acceptance…); null for the
     * notifications the daily digest gathers instead.
     */
    emailType: pg.text('email_type', { enum: IMMEDIATE_EMAIL_TYPES }),
    /** When an email told of it (at once or in a digest), or it was settled that none will; null until then. */
    emailedAt: pg.timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // What the digest looks for: notifications no email has told of yet.
    pg
      .index('notifications_unemailed_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.emailedAt} is null`),
    // What the missed-email sweep looks for: an immediate email whose notification committed but was
    // never claimed (the process ended first).
    pg
      .index('notifications_immediate_unemailed_idx')
      .on(t.createdAt)
      .where(sql`${t.emailType} is not null and ${t.emailedAt} is null`),
    pg.index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    pg
      .index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
    pg.uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

/**
 * A member's email settings (common/api/email-preferences.ts); no row means every kind on. Also
 * when their last daily digest went out, so that they get one a day at most.
 */
export const emailPreferences = pg.pgTable('email_preferences', {
  userId: pg
    .uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tradeRequest: pg.boolean('trade_request').notNull().default(true),
  tradeAccepted: pg.boolean('trade_accepted').notNull().default(true),
  ringProposal: pg.boolean('ring_proposal').notNull().default(true),
  dispute: pg.boolean('dispute').notNull().default(true),
  unreadMessage: pg.boolean('unread_message').notNull().default(true),
  digest: pg.boolean('digest').notNull().default(true),
  lastDigestAt: pg.timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * The last "unread message" email for a member in a conversation: it covered the unread messages up
 * to `coveredUntil` (the newest then). Another goes out only once an unread message newer than that
 * is an hour old, that is, in the next unread spell after the member read the conversation.
 */
export const messageEmailAlerts = pg.pgTable(
  'message_email_alerts',
  {
    conversationId: pg
      .uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: memberId('user_id'),
    coveredUntil: pg.timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * Server-wide secrets made on first use and shared by every instance (the key that signs
 * unsubscribe links), so that no setting is needed and a restart keeps old links working.
 */
export const appSecrets = pg.pgTable('app_secrets', {
  name: pg.text('name').primaryKey(),
  secret: pg.text('secret').notNull(),
  createdAt: createdAt(),
});
