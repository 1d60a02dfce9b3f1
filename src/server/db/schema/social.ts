import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';

/** Friend requests and friendships; one row per pair, whoever asked. */
export const friendships = pgTable(
  'friendships',
  {
    id: id(),
    requesterId: memberId('requester_id'),
    addresseeId: memberId('addressee_id'),
    /** pending | accepted | declined (kept so that it cannot be sent again at once) */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friendships_pair_idx').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friendships_requester_idx').on(t.requesterId, t.status),
    index('friendships_addressee_idx').on(t.addresseeId, t.status),
  ],
);
