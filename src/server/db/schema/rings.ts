import { sql } from 'drizzle-orm';
import { GENDERS, ITEM_CATEGORIES } from '../../../common/domain/taxonomy';
import { RING_STATUSES } from '../../../common/domain/ring-state';
import type { RingReason } from '../../../common/domain/ring-reasons';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt, updatedAt } from './columns';
import type { ItemTerms } from '../../../common/domain/trade-terms';
import type { ShipmentRecord } from '../../../common/domain/carriers';
import { items } from './items';
import { users } from './users';

/**
 * "I'd swap for…": what a member accepts in exchange for their listings (docs/decisions/007-swap-rings.md).
 * Empty arrays and nulls mean "any". The value band is relative to the item given.
 */
export const swapRules = pg.pgTable(
  'swap_rules',
  {
    id: id(),
    userId: memberId('user_id'),
    category: pg.text('category', { enum: ITEM_CATEGORIES }),
    gender: pg.text('gender', { enum: GENDERS }),
    /** Lower-cased. */
    sizes: pg
      .text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased. */
    brands: pg
      .text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The least acceptable condition rank (new 5 … poor 1), or null for any. */
    minConditionRank: pg.smallint('min_condition_rank'),
    colors: pg
      .text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minValueRatio: pg.real('min_value_ratio').notNull().default(0.67),
    maxValueRatio: pg.real('max_value_ratio').notNull().default(1.5),
    /** The member's items this rule applies to; empty for all of them. */
    itemIds: pg
      .uuid('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [pg.index('swap_rules_user_idx').on(t.userId, t.createdAt)],
);

/** A multi-member swap proposed by the ring engine; its legs are in ring_legs. */
export const rings = pg.pgTable(
  'rings',
  {
    id: id(),
    status: pg.text('status', { enum: RING_STATUSES }).notNull().default('proposed'),
    /**
     * 'ring': every member gives and receives. 'chain': started by a giveaway, its first giver
     * receives nothing and its last receiver gives nothing (docs/decisions/007-swap-rings.md).
     */
    kind: pg
      .text('kind', { enum: ['ring', 'chain'] })
      .notNull()
      .default('ring'),
    /** A chain's last member, who gives nothing, accepted then (no leg of theirs to record it on). */
    endAcceptedAt: pg.timestamp('end_accepted_at', { withTimezone: true }),
    /** |ring| · Π p(member) when it was proposed. */
    score: pg.real('score').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The proposal's deadline: until then its items are held for it. */
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: pg.timestamp('accepted_at', { withTimezone: true }),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
    cancelledAt: pg.timestamp('cancelled_at', { withTimezone: true }),
    /** Who declined or cancelled; null for expiries and the engine. */
    cancelledById: pg.uuid('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: pg.text('cancel_reason'),
    /** Cancelled while a party was suspended by moderators: it costs the canceller no reliability. */
    cancelExcused: pg.boolean('cancel_excused').notNull().default(false),
    /** The giver whose shipping deadline had passed with nothing sent when the ring was cancelled. */
    lateGiverId: pg.uuid('late_giver_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    pg
      .index('rings_open_idx')
      .on(t.status, t.expiresAt)
      .where(sql`${t.status} in ('proposed', 'accepted')`),
    // Completed rings per week (the admin console's dashboard).
    pg
      .index('rings_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * One leg of a ring: the giver sends their item to the receiver. Every member of a ring gives in
 * exactly one leg and receives in exactly one. `open` is true while the ring is proposed, accepted
 * or disputed: an item is in at most one open leg (the hold).
 */
export const ringLegs = pg.pgTable(
  'ring_legs',
  {
    ringId: pg
      .uuid('ring_id')
      .notNull()
      .references(() => rings.id, { onDelete: 'cascade' }),
    position: pg.smallint('position').notNull(),
    giverId: memberId('giver_id'),
    itemId: pg
      .uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    receiverId: memberId('receiver_id'),
    /** The item's deal fields when proposed. */
    terms: pg.jsonb('terms').$type<ItemTerms>().notNull(),
    /** Why the receiver wants this item (the rule, favourite or wishlist entry): a code and its values. */
    reason: pg.jsonb('reason').$type<RingReason>().notNull(),
    open: pg.boolean('open').notNull().default(true),
    /** When the giver accepted the ring; null while undecided. */
    acceptedAt: pg.timestamp('accepted_at', { withTimezone: true }),
    /** When the receiver confirmed receiving the item. */
    receivedAt: pg.timestamp('received_at', { withTimezone: true }),
    /** What the giver said they sent the item with (carrier, tracking); null before. */
    shipment: pg.jsonb('shipment').$type<ShipmentRecord>(),
    /** When the giver sent the item, by post or handed over at a meet-up; null until then. */
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    /** When the giver was reminded that their shipping deadline ends in a day (once). */
    remindedAt: pg.timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.ringId, t.position] }),
    pg
      .uniqueIndex('ring_legs_open_item_idx')
      .on(t.itemId)
      .where(sql`${t.open}`),
    pg.index('ring_legs_giver_idx').on(t.giverId),
    pg.index('ring_legs_receiver_idx').on(t.receiverId),
  ],
);
