import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';

/**
 * Mail kept instead of sent when no SMTP server is configured (lib/mail.ts); readable at
 * /dev/outbox in demo mode only.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/**
 * Mail a committed write promised and that is not delivered yet: written in the same transaction
 * as that write (`effects.mail`), delivered after the commit, and deleted once the SMTP server (or,
 * without SMTP_URL, the outbox table) took it. A failed attempt is retried later with a growing
 * delay (`next_attempt_at`); an instance claims a row for a lease (`claimed_until`) before sending,
 * so that no two instances send the same row. Not the demo's outbox above: this is the way out.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: id(),
    /** What kind of email it is ("password-reset"): the only thing the logs and metrics say about it. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Attempts started so far (claims), the one under way included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while an instance sends it: nobody else claims it before then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The last failure's code (an SMTP response code or a network error code), never its text. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);
