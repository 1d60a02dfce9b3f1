import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';
import { rings } from './rings';
import { tradeRequests } from './trades';
import { users } from './users';

/** After a completed trade each party reviews the other once; blind until both have or 7 days pass. */
export const reviews = pg.pgTable(
  'reviews',
  {
    id: id(),
    /** The reviewed trade, or null for a swap ring (ringId): exactly one is set. */
    tradeRequestId: pg.uuid('trade_request_id').references(() => tradeRequests.id, { onDelete: 'cascade' }),
    ringId: pg.uuid('ring_id').references(() => rings.id, { onDelete: 'cascade' }),
    reviewerId: pg.uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    revieweeId: memberId('reviewee_id'),
    rating: pg.smallint('rating').notNull(),
    communicationRating: pg.smallint('communication_rating').notNull(),
    itemConditionAccurate: pg.boolean('item_condition_accurate').notNull(),
    tradeCompleted: pg.boolean('trade_completed').notNull().default(true),
    comment: pg.text('comment').notNull().default(''),
    createdAt: createdAt(),
    /** Set when the review becomes visible. */
    publishedAt: pg.timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('reviews_trade_reviewer_idx').on(t.tradeRequestId, t.reviewerId),
    pg.uniqueIndex('reviews_ring_reviewer_idx').on(t.ringId, t.reviewerId),
    pg.check('reviews_subject_check', sql`(${t.tradeRequestId} is null) <> (${t.ringId} is null)`),
    pg.index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt.desc().nullsFirst()),
    pg
      .index('reviews_unpublished_idx')
      .on(t.createdAt)
      .where(sql`${t.publishedAt} is null`),
  ],
);
