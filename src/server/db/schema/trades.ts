import { sql } from 'drizzle-orm';
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, TRADE_STATUSES } from '../../../common/domain/trade-state';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt, updatedAt } from './columns';
import type { ItemTerms } from '../../../common/domain/trade-terms';
import { GIVEAWAY_REQUEST_STATUSES } from '../../../common/api/giveaways';
import type { ShipmentRecord } from '../../../common/domain/carriers';
import { items } from './items';
import { rings } from './rings';
import { users } from './users';

/** Barter requests and the trades they become; their states and transitions are in common/domain/trade-state.ts. */
export const tradeRequests = pg.pgTable(
  'trade_requests',
  {
    id: id(),
    requestedItemId: pg
      .uuid('requested_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /**
     * The requester's first item; null for a giveaway handover (docs/decisions/027-giveaway-handovers.md):
     * the owner gives, the requester gives nothing and has no side rows.
     */
    offeredItemId: pg.uuid('offered_item_id').references(() => items.id, { onDelete: 'cascade' }),
    requesterId: memberId('requester_id'),
    ownerId: memberId('owner_id'),
    message: pg.text('message').notNull(),
    /**
     * The terms: both items' deal fields when the request was made, taken again at acceptance
     * (what was accepted). The trade screens show these, not the live items.
     */
    requestedTerms: pg.jsonb('requested_terms').$type<ItemTerms>().notNull(),
    /** Null with offeredItemId (a giveaway handover). */
    offeredTerms: pg.jsonb('offered_terms').$type<ItemTerms>(),
    status: pg.text('status', { enum: TRADE_STATUSES }).notNull().default('pending'),
    requesterReceivedAt: pg.timestamp('requester_received_at', { withTimezone: true }),
    ownerReceivedAt: pg.timestamp('owner_received_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
    /** When the owner accepted: the start of the accepted-trade expiry and of the reliability figures. */
    acceptedAt: pg.timestamp('accepted_at', { withTimezone: true }),
    /** When a pending request was withdrawn or an accepted trade cancelled, however it happened. */
    cancelledAt: pg.timestamp('cancelled_at', { withTimezone: true }),
    /** The party who cancelled; null when the sweep or a moderator did (no member is to blame). */
    cancelledById: pg.uuid('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: pg.text('cancel_reason'),
    /** Cancelled while a party was suspended by moderators: it costs the canceller no reliability. */
    cancelExcused: pg.boolean('cancel_excused').notNull().default(false),
    /** What the requester sent their item with (carrier and tracking number); null until they say. */
    requesterShipment: pg.jsonb('requester_shipment').$type<ShipmentRecord>(),
    /** What the owner sent their item with; null until they say. */
    ownerShipment: pg.jsonb('owner_shipment').$type<ShipmentRecord>(),
    /**
     * When the requester sent their items, by post or handed over at a meet-up (null until then):
     * what the shipping deadline and "I received it" read. Recording a shipment sets it too.
     */
    requesterSentAt: pg.timestamp('requester_sent_at', { withTimezone: true }),
    /** When the owner sent or handed over their items; null until then. */
    ownerSentAt: pg.timestamp('owner_sent_at', { withTimezone: true }),
    /** When the requester was reminded that their shipping deadline ends in a day (once). */
    requesterRemindedAt: pg.timestamp('requester_reminded_at', { withTimezone: true }),
    /** When the owner was reminded that their shipping deadline ends in a day (once). */
    ownerRemindedAt: pg.timestamp('owner_reminded_at', { withTimezone: true }),
    /**
     * The party whose shipping deadline had passed with nothing sent when the trade was cancelled:
     * their reliability counts the cancellation, not the canceller's.
     */
    lateSenderId: pg.uuid('late_sender_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The latest version of the offer (1 = the request as sent; each counter-offer adds one). Only
     * the latest can be accepted, and only by the party who did not propose it.
     */
    offerVersion: pg.integer('offer_version').notNull().default(1),
    /** Who proposed the latest version; null means the requester (the request itself). */
    offeredById: pg.uuid('offered_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the latest version was proposed; null means createdAt. A pending offer expires from here. */
    offeredAt: pg.timestamp('offered_at', { withTimezone: true }),
  },
  (t) => [
    pg
      .uniqueIndex('trade_requests_pending_pair_idx')
      .on(t.requestedItemId, t.offeredItemId)
      .where(sql`${t.status} = 'pending'`),
    pg.index('trade_requests_requester_idx').on(t.requesterId, t.createdAt.desc().nullsFirst()),
    pg.index('trade_requests_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    // A page of one Barter Management list, each side and status newest first (trade-list.query.ts).
    pg
      .index('trade_requests_requester_page_idx')
      .on(t.requesterId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    pg
      .index('trade_requests_owner_page_idx')
      .on(t.ownerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    pg.index('trade_requests_requested_item_idx').on(t.requestedItemId, t.status),
    pg.index('trade_requests_offered_item_idx').on(t.offeredItemId, t.status),
    pg
      .index('trade_requests_completed_idx')
      .on(t.status)
      .where(sql`${t.status} = 'completed'`),
    // Completed swaps per week (the admin console's dashboard).
    pg
      .index('trade_requests_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    // What the lifecycle sweep looks for: open requests and trades by age.
    pg
      .index('trade_requests_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
);

/**
 * Every item of a trade's current terms, on both sides (a bundle has up to 5 a side). The trade row's
 * requestedItemId / offeredItemId are the first item of each side; trades made before bundles have
 * no rows here, and their two columns are their items (trade-sides.ts reads both).
 */
export const tradeRequestItems = pg.pgTable(
  'trade_request_items',
  {
    tradeRequestId: pg
      .uuid('trade_request_id')
      .notNull()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    itemId: pg
      .uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** requested: the owner's items; offered: the requester's. */
    side: pg.text('side', { enum: ['requested', 'offered'] }).notNull(),
    position: pg.smallint('position').notNull(),
    /** The item's deal fields when this version was proposed, and again at acceptance. */
    terms: pg.jsonb('terms').$type<ItemTerms>().notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.tradeRequestId, t.itemId] }),
    pg.index('trade_request_items_item_idx').on(t.itemId),
  ],
);

/**
 * A member asking for a giveaway listing ("free to a good home") without offering anything. The
 * owner picks one open ask: it becomes a handover (a trade whose requester gives nothing, named by
 * tradeRequestId) and every other open ask on the item is declined (giveaways.service.ts).
 */
export const giveawayRequests = pg.pgTable(
  'giveaway_requests',
  {
    id: id(),
    itemId: pg
      .uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    requesterId: memberId('requester_id'),
    message: pg.text('message'),
    status: pg.text('status', { enum: GIVEAWAY_REQUEST_STATUSES }).notNull().default('open'),
    /** The handover made when this ask was picked. */
    tradeRequestId: pg.uuid('trade_request_id').references(() => tradeRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When it was picked, declined or withdrawn. */
    closedAt: pg.timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One open ask per member per item.
    pg
      .uniqueIndex('giveaway_requests_open_idx')
      .on(t.itemId, t.requesterId)
      .where(sql`${t.status} = 'open'`),
    // The owner's list of askers, oldest first.
    pg.index('giveaway_requests_item_idx').on(t.itemId, t.status, t.createdAt),
    pg.index('giveaway_requests_requester_idx').on(t.requesterId, t.status),
  ],
);

/** One item of a version of an offer, with its deal fields when that version was proposed. */
export interface OfferItemTerms {
  itemId: string;
  terms: ItemTerms;
}

/** The history of a trade's offers: the request (version 1) and every counter-offer after it. */
export const tradeOffers = pg.pgTable(
  'trade_offers',
  {
    tradeRequestId: pg
      .uuid('trade_request_id')
      .notNull()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    version: pg.integer('version').notNull(),
    proposedById: pg.uuid('proposed_by_id').references(() => users.id, { onDelete: 'set null' }),
    message: pg.text('message').notNull(),
    requested: pg.jsonb('requested').$type<OfferItemTerms[]>().notNull(),
    offered: pg.jsonb('offered').$type<OfferItemTerms[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.primaryKey({ columns: [t.tradeRequestId, t.version] })],
);

/**
 * A dispute over an accepted trade: it freezes the trade (status disputed) until a moderator
 * resolves it as completed or cancelled. One per trade.
 */
export const tradeDisputes = pg.pgTable(
  'trade_disputes',
  {
    id: id(),
    /** The disputed trade, or null for a swap ring's leg (ringId, ringPosition). */
    tradeRequestId: pg
      .uuid('trade_request_id')
      .unique()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    /** The swap ring whose leg `ringPosition` (its item, against its giver) is disputed. */
    ringId: pg.uuid('ring_id').references(() => rings.id, { onDelete: 'cascade' }),
    ringPosition: pg.smallint('ring_position'),
    openedById: pg.uuid('opened_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The other party: the member whose side of the trade is in question. */
    againstId: pg.uuid('against_id').references(() => users.id, { onDelete: 'set null' }),
    reason: pg.text('reason', { enum: DISPUTE_REASONS }).notNull(),
    text: pg.text('text').notNull(),
    /** Image ids uploaded by the opener through /api/images. */
    photoIds: pg
      .uuid('photo_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    /** Set once resolved. */
    outcome: pg.text('outcome', { enum: DISPUTE_OUTCOMES }),
    resolutionNote: pg.text('resolution_note'),
    resolvedById: pg.uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: pg.timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    pg
      .index('trade_disputes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    pg.index('trade_disputes_against_idx').on(t.againstId),
    pg.uniqueIndex('trade_disputes_ring_leg_idx').on(t.ringId, t.ringPosition),
    pg.check(
      'trade_disputes_subject_check',
      sql`(${t.tradeRequestId} is null) <> (${t.ringId} is null) and (${t.ringId} is null) = (${t.ringPosition} is null)`,
    ),
  ],
);

/**
 * A proposed meet-up of an accepted trade: one per trade, replaced by a new proposal (of either
 * party) while it is not accepted. The other party accepts or declines it.
 */
export const tradeMeetups = pg.pgTable('trade_meetups', {
  tradeRequestId: pg
    .uuid('trade_request_id')
    .primaryKey()
    .references(() => tradeRequests.id, { onDelete: 'cascade' }),
  proposedById: memberId('proposed_by_id'),
  place: pg.text('place').notNull(),
  at: pg.timestamp('at', { withTimezone: true }).notNull(),
  status: pg
    .text('status', { enum: ['proposed', 'accepted', 'declined'] })
    .notNull()
    .default('proposed'),
  /**
   * Each giver's handover code (6 digits), random, made when the meet-up is accepted; shown only to
   * that giver. Cleared once used.
   */
  ownerCode: pg.text('owner_code'),
  requesterCode: pg.text('requester_code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Wrong handover codes entered, per trade: at most HANDOVER_ATTEMPTS an hour (meetups.service.ts). */
export const handoverAttempts = pg.pgTable(
  'handover_attempts',
  {
    id: id(),
    tradeRequestId: pg
      .uuid('trade_request_id')
      .notNull()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    memberId: memberId('member_id'),
    createdAt: createdAt(),
  },
  (t) => [pg.index('handover_attempts_trade_idx').on(t.tradeRequestId, t.createdAt)],
);
