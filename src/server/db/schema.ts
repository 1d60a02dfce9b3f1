import { type SQL, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES } from '../../common/api/notifications';
import { IMMEDIATE_EMAIL_TYPES } from '../../common/api/email-preferences';
import { REPORT_REASONS } from '../../common/api/safety';
import { MEMBER_ROLES, MODERATION_ACTIONS } from '../../common/api/moderation';
import {
  AVAILABILITY,
  CONDITIONS,
  GENDERS,
  ITEM_CATEGORIES,
  STYLES,
  SUBCATEGORIES,
  WISHLIST_CATEGORIES,
} from '../../common/domain/taxonomy';
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, TRADE_STATUSES } from '../../common/domain/trade-state';
import { RING_STATUSES } from '../../common/domain/ring-state';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ItemTerms } from '../../common/domain/trade-terms';
import type { ShipmentRecord } from '../../common/domain/carriers';
import type { DraftFields } from '../../common/api/drafts';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique ignoring case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** Where the member is, in their own words ("Leeds, UK"); shown on their profile. */
    location: text('location'),
    bio: text('bio'),
    preferredCategories: text('preferred_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredSizes: jsonb('preferred_sizes').$type<Record<string, string[]>>().notNull().default({}),
    /** Average of the member's visible review ratings; kept by the reviews module. */
    ratingAverage: real('rating_average'),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * 'member', 'moderator' or 'admin' (who can do all a moderator can, and set roles). Granted from
     * the shell (`npm run moderator`, `npm run admin`) or by an admin, never by registering: an
     * address cannot carry a role to whoever signs up with it next.
     */
    role: text('role', { enum: MEMBER_ROLES }).notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member proved they read mail at `email` (the link sent at registration or on an email
     * change); null until then. Members from before verification existed count as verified.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set when the member deleted their account; the row stays, anonymised, for others' trade history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Holiday mode: the member is away until this moment (the start of their return date, UTC).
     * While it is in the future their items leave every marketplace list and match, and new trade
     * requests for them are refused; once it passes, it ends by itself (lib/item-visibility.ts).
     */
    holidayUntil: timestamp('holiday_until', { withTimezone: true }),
    /**
     * True from registration until the member finishes or skips the welcome flow (sizes, styles,
     * location, a first listing), so that it shows once. Members from before it existed never see it.
     */
    onboardingPending: boolean('onboarding_pending').notNull().default(false),
    /**
     * The language the member chose ('en' or 'fr'); null until they choose, when the browser's
     * Accept-Language decides. Their pages, emails and notifications are in it.
     */
    locale: text('locale'),
    /**
     * Suspended by a moderator from this moment: the member cannot sign in and their listings are
     * held (items.held_by_suspension). Null when not suspended. The suspension is over once
     * `suspendedUntil` passes (sign-in checks that at once; the sweep releases the listings).
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** When the suspension ends; null while suspended means until a moderator lifts it. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason', { enum: REPORT_REASONS }),
    suspensionNote: text('suspension_note'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The few members away at any time: what `ownerPresent` looks up for every listed item.
    index('users_holiday_idx')
      .on(t.holidayUntil)
      .where(sql`${t.holidayUntil} is not null`),
  ],
);

/**
 * A member's account at an external OpenID Connect provider (OIDC_ISSUER): the provider's issuer
 * and subject identify the member on every later sign-in, whatever their email becomes.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Login and register attempt counters, shared by every instance on PostgreSQL, so that limits hold behind a load balancer. The layout
 * is the one rate-limiter-flexible's RateLimiterPostgres reads and writes (lib/rate-limit.ts).
 */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  /** Epoch milliseconds. */
  expire: bigint('expire', { mode: 'number' }),
});

/** Server-side sessions: the cookie holds an opaque token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the member's session list shows and ends sessions by: never the token or its hash. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent at sign-in, cut to 512 characters: the session list names the device by it. */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_id_idx').on(t.id)],
);

export const EMAIL_TOKEN_PURPOSES = ['password-reset', 'verify-email', 'email-change'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens sent by email (password reset, email verification, email change): the link
 * holds a random token, only its SHA-256 is stored; used or expired ones are refused.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The address an email change moves to (email-change only). */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Mail kept instead of sent when no SMTP server is configured (lib/mail.ts); readable at
 * /dev/outbox in demo mode only.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);

/** Uploaded photos, re-encoded to WebP; kept in the database so that app servers stay stateless. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** At most 1200 px wide. */
    full: bytea('full').notNull(),
    /** 400 px wide. */
    thumb: bytea('thumb').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_user_idx').on(t.userId)],
);

/**
 * Listed and open to rings, as the ring engine's reads spell it (want-graph.ts `listedText`), so
 * that the planner can use the partial indexes below for them.
 */
const RINGABLE = sql.raw(
  `is_active and deleted_at is null and availability in ('available', 'pending') and not direct_swaps_only`,
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    // Enum-typed columns are plain text in the database: the types only say what the app writes.
    category: text('category', { enum: ITEM_CATEGORIES }).notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    style: text('style', { enum: STYLES }),
    /** A node of the category tree under `category` (taxonomy.ts SUBCATEGORY_TREE); null for older listings. */
    subcategory: text('subcategory', { enum: SUBCATEGORIES }),
    condition: text('condition', { enum: CONDITIONS }).notNull(),
    /** new 5 … poor 1, for the condition sort. */
    conditionRank: smallint('condition_rank').generatedAlwaysAs(
      (): SQL =>
        sql`case ${items.condition} when 'new' then 5 when 'like-new' then 4 when 'good' then 3 when 'fair' then 2 else 1 end`,
    ),
    brand: text('brand'),
    size: text('size'),
    /** Integer cents. */
    estimatedValue: integer('estimated_value').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seasons: text('seasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    location: text('location'),
    /** Listed in the marketplace: false once deleted (soft) or traded. */
    isActive: boolean('is_active').notNull().default(true),
    /** available | pending (has pending requests) | reserved (in an accepted trade) | traded. */
    availability: text('availability', { enum: [...AVAILABILITY, 'traded'] })
      .notNull()
      .default('available'),
    favoriteCount: integer('favorite_count').notNull().default(0),
    /**
     * The 'trending' order: members' views (one per member a day) and 3 per favourite, over the
     * last 7 days. Raised as they happen, recomputed by the sweep as days fall out (items/trending.ts).
     */
    trendingScore: integer('trending_score').notNull().default(0),
    /** The owner swaps this item one-for-one only: the ring engine never puts it in a ring. */
    directSwapsOnly: boolean('direct_swaps_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Moderation holds. Each takes the item out of the marketplace (is_active false) while it lasts:
     * removed by a moderator (`removedAt`, with the reason and note its owner reads), hidden after
     * reports from several members until a moderator looks (`reportHiddenAt`), or its owner is
     * suspended (`heldBySuspension`). `listedBeforeHold` remembers whether the owner had it listed
     * when the first hold began (null while none holds it): releasing the last hold restores that.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removalReason: text('removal_reason', { enum: REPORT_REASONS }),
    removalNote: text('removal_note'),
    reportHiddenAt: timestamp('report_hidden_at', { withTimezone: true }),
    heldBySuspension: boolean('held_by_suspension').notNull().default(false),
    listedBeforeHold: boolean('listed_before_hold'),
    /** Weighted full-text document: title and brand A, tags B, description C. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${items.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${items.brand}, '')), 'A') || setweight(to_tsvector('english', threadswap_join_words(${items.tags})), 'B') || setweight(to_tsvector('english', coalesce(${items.description}, '')), 'C')`,
    ),
    /** Title, brand and tags only: what wishlist entries match their words against. */
    titleVector: tsvector('title_vector').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('english', ${items.title} || ' ' || coalesce(${items.brand}, '') || ' ' || threadswap_join_words(${items.tags}))`,
    ),
    /** Lower-cased title, brand and tags, for typo-tolerant trigram matching. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${items.title} || ' ' || coalesce(${items.brand}, '') || ' ' || threadswap_join_words(${items.tags}))`,
    ),
  },
  (t) => [
    index('items_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // INCLUDE (user_id), from migration 0033 (drizzle-kit cannot declare it): the owner-away filter
    // reads from the index, so newest-first pages and counts are index-only (decision 016).
    index('items_active_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    // The sort indexes below INCLUDE (user_id) too, from migration 0035: sorted pages down to the
    // deepest one served are index-only as well. The value index also INCLUDEs category and gender
    // (migration 0042): one category or department sorted by price walks it index-only and stops at
    // the 10,001st listing (decision 016, ninth pass).
    index('items_active_value_idx')
      .on(t.estimatedValue, t.id)
      .where(sql`${t.isActive}`),
    index('items_active_condition_idx')
      .on(t.conditionRank.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    index('items_active_trending_idx')
      .on(t.trendingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    // The few items with a score, which the sweep recomputes (every other item stays at 0).
    index('items_trending_scored_idx')
      .on(t.id)
      .where(sql`${t.trendingScore} > 0`),
    index('items_active_popular_idx')
      .on(t.favoriteCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    index('items_active_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.isActive}`),
    index('items_active_brand_idx')
      .on(sql`lower(${t.brand})`, t.id)
      .where(sql`${t.isActive}`),
    // A category, subcategory or department, newest first, with the id (the list's tiebreak) and, from
    // migration 0041, INCLUDE (user_id): a Browse page of one category walks its index in the page's
    // order, index-only, and stops at the 10,001st listing, instead of reading and sorting every
    // listing of the category (decision 016, ninth pass).
    index('items_active_category_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    index('items_active_subcategory_idx')
      .on(t.subcategory, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    index('items_active_gender_idx')
      .on(t.gender, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    // A size filter's listed items in price order (migration 0039, which also INCLUDEs user_id,
    // category, gender and condition): a size-filtered page sorted by price walks this index and
    // checks the other filters in it, stopping at the 10,001st match, instead of reading the heap
    // rows of every listed item of that size to sort them (decision 016, fifth pass).
    index('items_active_size_value_idx')
      .on(t.size, t.estimatedValue, t.id)
      .where(sql`${t.isActive}`),
    // Similar items: the listed items of one category and department in a value band.
    index('items_active_similar_idx')
      .on(t.category, t.gender, t.estimatedValue)
      .where(sql`${t.isActive}`),
    // The swap-ring engine's reads (want-graph.ts): the listed items open to rings, by the
    // criterion a swap rule names and the value band it asks for.
    index('items_ringable_brand_value_idx')
      .on(sql`lower(${t.brand})`, t.estimatedValue)
      .where(RINGABLE),
    // A rule naming brands and sizes at once: one index range per (brand, size) and value band.
    index('items_ringable_brand_size_value_idx')
      .on(sql`lower(${t.brand})`, sql`lower(${t.size})`, t.estimatedValue)
      .where(RINGABLE),
    index('items_ringable_size_value_idx')
      .on(sql`lower(${t.size})`, t.estimatedValue)
      .where(RINGABLE),
    index('items_ringable_category_value_idx').on(t.category, t.estimatedValue).where(RINGABLE),
    index('items_ringable_value_idx').on(t.estimatedValue).where(RINGABLE),
    // Listed items only: every full-text search is of listed items (docs/decisions/016, fourth pass).
    index('items_active_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.isActive}`),
    // Listed items only (migration 0039): title-word and colour matches are of listed items, and a
    // whole-table bitmap was ANDed with a bitmap of every listed item (decision 016, fifth pass).
    index('items_active_title_vector_idx')
      .using('gin', t.titleVector)
      .where(sql`${t.isActive}`),
    // Listed items only, as the search vector's (migration 0039): every typo search is of listed items.
    // With the listing hour (btree_gin, migration 0040): a typo search looks among its newest
    // listings first, and the index hands over only the candidates in that window (decision 016, sixth pass).
    index('items_active_search_text_trgm_hour_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`, sql`threadswap_listing_hour(${t.createdAt})`)
      .where(sql`${t.isActive}`),
    index('items_brand_trgm_idx').using('gin', sql`lower(${t.brand}) gin_trgm_ops`),
    index('items_location_trgm_idx').using('gin', sql`lower(${t.location}) gin_trgm_ops`),
    index('items_tags_idx').using('gin', t.tags),
    index('items_active_colors_idx')
      .using('gin', t.colors)
      .where(sql`${t.isActive}`),
    index('items_seasons_idx').using('gin', t.seasons),
  ],
);

/**
 * The unfiltered facets, kept by triggers on items (migration 0036; decision 008 "Facets kept by
 * triggers"): how many listed items (`is_active`) have each value of each facet dimension, owner
 * away or not. `dimension` is 'all' (value null: every listed item), 'category', 'gender',
 * 'condition', 'subcategory', 'size' or 'brand'; a null value counts the items without one. The
 * triggers only ever append to `item_facet_deltas`, so writers never wait for one another on a
 * count; `foldItemFacetDeltas` (items/facet-counts.ts) moves the deltas into these rows.
 */
export const itemFacetCounts = pgTable(
  'item_facet_counts',
  {
    dimension: text('dimension').notNull(),
    value: text('value'),
    n: integer('n').notNull(),
  },
  (t) => [unique('item_facet_counts_key').on(t.dimension, t.value).nullsNotDistinct()],
);

/** Changes to `item_facet_counts` not folded into it yet: +n or -n for one value of one dimension. */
export const itemFacetDeltas = pgTable('item_facet_deltas', {
  dimension: text('dimension').notNull(),
  value: text('value'),
  n: integer('n').notNull(),
});

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('favorites_item_idx').on(t.itemId)],
);

/**
 * Where each member's match profile stands (migration 0038; decision 008 "Smart matches"): what
 * the matcher derives from a member's wishlist, the brands of their own items and the brands of
 * the items they favourite. Triggers on wishlist_items, favorites and items give the member a new
 * `version` (from `match_profile_version_seq`, so a value is never given twice) in the same
 * transaction as any change to those inputs, whoever writes it; a member without a row has never
 * changed since. An instance keeps a member's profile keyed on this version
 * (matching/profile-memo.ts) and reads the version with the smart match's target item.
 */
export const matchProfileVersionSeq = pgSequence('match_profile_version_seq');
export const matchProfileVersions = pgTable('match_profile_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Who viewed which item on which day (UTC): one row per member, item and day, so that opening an item
 * again the same day counts once. Kept 8 days, for the 'trending' order (items/trending.ts).
 */
export const itemViews = pgTable(
  'item_views',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.viewerId, t.day] }),
    index('item_views_day_idx').on(t.day, t.itemId),
  ],
);

/** Barter requests and the trades they become; their states and transitions are in common/domain/trade-state.ts. */
export const tradeRequests = pgTable(
  'trade_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedItemId: uuid('requested_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    offeredItemId: uuid('offered_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /**
     * The terms: both items' deal fields when the request was made, taken again at acceptance
     * (what was accepted). The trade screens show these, not the live items.
     */
    requestedTerms: jsonb('requested_terms').$type<ItemTerms>().notNull(),
    offeredTerms: jsonb('offered_terms').$type<ItemTerms>().notNull(),
    status: text('status', { enum: TRADE_STATUSES }).notNull().default('pending'),
    requesterReceivedAt: timestamp('requester_received_at', { withTimezone: true }),
    ownerReceivedAt: timestamp('owner_received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the owner accepted: the start of the accepted-trade expiry and of the reliability figures. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When a pending request was withdrawn or an accepted trade cancelled, however it happened. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The party who cancelled; null when the sweep or a moderator did (no member is to blame). */
    cancelledById: uuid('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** Cancelled while a party was suspended by moderators: it costs the canceller no reliability. */
    cancelExcused: boolean('cancel_excused').notNull().default(false),
    /** What the requester sent their item with (carrier and tracking number); null until they say. */
    requesterShipment: jsonb('requester_shipment').$type<ShipmentRecord>(),
    /** What the owner sent their item with; null until they say. */
    ownerShipment: jsonb('owner_shipment').$type<ShipmentRecord>(),
    /**
     * The latest version of the offer (1 = the request as sent; each counter-offer adds one). Only
     * the latest can be accepted, and only by the party who did not propose it.
     */
    offerVersion: integer('offer_version').notNull().default(1),
    /** Who proposed the latest version; null means the requester (the request itself). */
    offeredById: uuid('offered_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the latest version was proposed; null means createdAt. A pending offer expires from here. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trade_requests_pending_pair_idx')
      .on(t.requestedItemId, t.offeredItemId)
      .where(sql`${t.status} = 'pending'`),
    index('trade_requests_requester_idx').on(t.requesterId, t.createdAt.desc().nullsFirst()),
    index('trade_requests_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    index('trade_requests_requested_item_idx').on(t.requestedItemId, t.status),
    index('trade_requests_offered_item_idx').on(t.offeredItemId, t.status),
    index('trade_requests_completed_idx')
      .on(t.status)
      .where(sql`${t.status} = 'completed'`),
    // What the lifecycle sweep looks for: open requests and trades by age.
    index('trade_requests_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
);

/**
 * Every item of a trade's current terms, on both sides (a bundle has up to 5 a side). The trade row's
 * requestedItemId / offeredItemId are the first item of each side; trades made before bundles have
 * no rows here, and their two columns are their items (trade-sides.ts reads both).
 */
export const tradeRequestItems = pgTable(
  'trade_request_items',
  {
    tradeRequestId: uuid('trade_request_id')
      .notNull()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** requested: the owner's items; offered: the requester's. */
    side: text('side', { enum: ['requested', 'offered'] }).notNull(),
    position: smallint('position').notNull(),
    /** The item's deal fields when this version was proposed, and again at acceptance. */
    terms: jsonb('terms').$type<ItemTerms>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeRequestId, t.itemId] }),
    index('trade_request_items_item_idx').on(t.itemId),
  ],
);

/** One item of a version of an offer, with its deal fields when that version was proposed. */
export interface OfferItemTerms {
  itemId: string;
  terms: ItemTerms;
}

/** The history of a trade's offers: the request (version 1) and every counter-offer after it. */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    tradeRequestId: uuid('trade_request_id')
      .notNull()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    proposedById: uuid('proposed_by_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    requested: jsonb('requested').$type<OfferItemTerms[]>().notNull(),
    offered: jsonb('offered').$type<OfferItemTerms[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeRequestId, t.version] })],
);

/**
 * A dispute over an accepted trade: it freezes the trade (status disputed) until a moderator
 * resolves it as completed or cancelled. One per trade.
 */
export const tradeDisputes = pgTable(
  'trade_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The disputed trade, or null for a swap ring's leg (ringId, ringPosition). */
    tradeRequestId: uuid('trade_request_id')
      .unique()
      .references(() => tradeRequests.id, { onDelete: 'cascade' }),
    /** The swap ring whose leg `ringPosition` (its item, against its giver) is disputed. */
    ringId: uuid('ring_id').references(() => rings.id, { onDelete: 'cascade' }),
    ringPosition: smallint('ring_position'),
    openedById: uuid('opened_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The other party: the member whose side of the trade is in question. */
    againstId: uuid('against_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
    text: text('text').notNull(),
    /** Image ids uploaded by the opener through /api/images. */
    photoIds: uuid('photo_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once resolved. */
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    resolutionNote: text('resolution_note'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('trade_disputes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index('trade_disputes_against_idx').on(t.againstId),
    uniqueIndex('trade_disputes_ring_leg_idx').on(t.ringId, t.ringPosition),
    check(
      'trade_disputes_subject_check',
      sql`(${t.tradeRequestId} is null) <> (${t.ringId} is null) and (${t.ringId} is null) = (${t.ringPosition} is null)`,
    ),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** In-app path the notification concerns, opened on click. */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    /** Prevents sending the same alert twice (wishlist and match alerts). */
    dedupeKey: text('dedupe_key'),
    /**
     * The kind of email that tells of this at once (a barter request, an acceptance…); null for the
     * notifications the daily digest gathers instead.
     */
    emailType: text('email_type', { enum: IMMEDIATE_EMAIL_TYPES }),
    /** When an email told of it (at once or in a digest), or it was settled that none will; null until then. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // What the digest looks for: notifications no email has told of yet.
    index('notifications_unemailed_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.emailedAt} is null`),
    // What the missed-email sweep looks for: an immediate email whose notification committed but was
    // never claimed (the process ended first).
    index('notifications_immediate_unemailed_idx')
      .on(t.createdAt)
      .where(sql`${t.emailType} is not null and ${t.emailedAt} is null`),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

/** After a completed trade each party reviews the other once; blind until both have or 7 days pass. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reviewed trade, or null for a swap ring (ringId): exactly one is set. */
    tradeRequestId: uuid('trade_request_id').references(() => tradeRequests.id, { onDelete: 'cascade' }),
    ringId: uuid('ring_id').references(() => rings.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    communicationRating: smallint('communication_rating').notNull(),
    itemConditionAccurate: boolean('item_condition_accurate').notNull(),
    tradeCompleted: boolean('trade_completed').notNull().default(true),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the review becomes visible. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_trade_reviewer_idx').on(t.tradeRequestId, t.reviewerId),
    uniqueIndex('reviews_ring_reviewer_idx').on(t.ringId, t.reviewerId),
    check('reviews_subject_check', sql`(${t.tradeRequestId} is null) <> (${t.ringId} is null)`),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt.desc().nullsFirst()),
    index('reviews_unpublished_idx')
      .on(t.createdAt)
      .where(sql`${t.publishedAt} is null`),
  ],
);

/** What members are looking for; new listings that match notify them (see docs/product.md, Wishlist). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A wishlist category: clothing | shoes | accessories | bags | jewelry | watches. */
    category: text('category', { enum: WISHLIST_CATEGORIES }).notNull(),
    /** The item category and style the wishlist category selects (WISHLIST_CATEGORY_MAP). */
    itemCategory: text('item_category').notNull(),
    itemStyle: text('item_style'),
    brand: text('brand'),
    size: text('size'),
    /** Integer cents, or null for no limit. */
    maxValue: integer('max_value'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The title's words OR-ed as a tsquery source ("denim | jacket"); '' when it has none. */
    titleQuery: text('title_query').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wishlist_items_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('wishlist_items_category_idx').on(t.itemCategory),
  ],
);

/**
 * A member's saved Browse search: the Browse URL's query string, re-read with the list endpoint's
 * schema whenever it is matched. The item category and departments it is limited to are kept
 * as columns, so that a new listing reads only the searches that could select it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    /** The item category the search is limited to (clothing | shoes | accessories), or null for any. */
    itemCategory: text('item_category', { enum: ITEM_CATEGORIES }),
    /** The departments (genders) it is limited to, or null for any; empty when its filters exclude each other. */
    genders: text('genders').array(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_category_idx').on(t.itemCategory),
  ],
);

/**
 * A listing the member has started and not yet published (docs/decisions/013-listing-drafts.md):
 * private to its owner, never read by any marketplace query. `fields` holds the item fields typed so
 * far, each valid by the listing rules (common/api/drafts.ts); the photos are a column of their own
 * so that the unattached-photo sweep keeps them while the draft lives. Deleted once untouched for
 * DRAFT_TTL_DAYS.
 */
export const itemDrafts = pgTable(
  'item_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<DraftFields>().notNull().default({}),
    /** `/images/{id}` URLs, the cover first, as on an item. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last saved: the 30-day expiry counts from here. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_drafts_user_idx').on(t.userId, t.updatedAt),
    index('item_drafts_updated_idx').on(t.updatedAt),
  ],
);

/** A listing that matched a saved search when it was listed: the search's new-match count. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.itemId] }),
    index('saved_search_matches_item_idx').on(t.itemId),
  ],
);

/**
 * A conversation: either between two members (participant1 < participant2 by id), one per pair and
 * related item, or a swap ring's group thread (`ring_id` set, no participants: its members are in
 * conversation_members). See docs/decisions/010-group-conversations.md.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participant1Id: uuid('participant1_id').references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: uuid('participant2_id').references(() => users.id, { onDelete: 'cascade' }),
    relatedItemId: uuid('related_item_id').references(() => items.id, { onDelete: 'set null' }),
    /** The swap ring whose members talk here; null for a conversation between two members. */
    ringId: uuid('ring_id').references(() => rings.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // ring_id is null for every pairwise row, so this is still one row per pair and item.
    unique('conversations_pair_item_key')
      .on(t.participant1Id, t.participant2Id, t.relatedItemId, t.ringId)
      .nullsNotDistinct(),
    uniqueIndex('conversations_ring_idx').on(t.ringId),
    check(
      'conversations_kind_check',
      sql`(${t.ringId} is null and ${t.participant1Id} is not null and ${t.participant2Id} is not null)
        or (${t.ringId} is not null and ${t.participant1Id} is null and ${t.participant2Id} is null)`,
    ),
    index('conversations_p1_idx').on(t.participant1Id, t.lastMessageAt.desc().nullsFirst()),
    index('conversations_p2_idx').on(t.participant2Id, t.lastMessageAt.desc().nullsFirst()),
  ],
);

/** The members of a group conversation, each with how far they have read. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages created up to this time count as read by this member. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** 'text', 'photo' (payload: the image id) or 'trade' (a barter request card, written only by the server). */
    messageType: text('message_type').notNull().default('text'),
    /** The photo's or the trade card's structured data (MessagePayload in chat-cards.ts); null for text. */
    payload: jsonb('payload'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Who has a conversation open right now, on any instance; they get no message notification. */
export const conversationViewers = pgTable(
  'conversation_viewers',
  {
    socketId: text('socket_id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_viewers_idx').on(t.conversationId, t.userId)],
);

/** Friend requests and friendships; one row per pair, whoever asked. */
export const friendships = pgTable(
  'friendships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | accepted | declined (kept so that it cannot be sent again at once) */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

/** Trust and safety: reports of items or members, for moderators (issue Reliability 7). */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['item', 'user'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A blocked member cannot message or send trade requests to the member who blocked them (either way). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * "I'd swap for…": what a member accepts in exchange for their listings (docs/decisions/007-swap-rings.md).
 * Empty arrays and nulls mean "any". The value band is relative to the item given.
 */
export const swapRules = pgTable(
  'swap_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ITEM_CATEGORIES }),
    gender: text('gender', { enum: GENDERS }),
    /** Lower-cased. */
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased. */
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The least acceptable condition rank (new 5 … poor 1), or null for any. */
    minConditionRank: smallint('min_condition_rank'),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minValueRatio: real('min_value_ratio').notNull().default(0.67),
    maxValueRatio: real('max_value_ratio').notNull().default(1.5),
    /** The member's items this rule applies to; empty for all of them. */
    itemIds: uuid('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('swap_rules_user_idx').on(t.userId, t.createdAt)],
);

/** A multi-member swap proposed by the ring engine; its legs are in ring_legs. */
export const rings = pgTable(
  'rings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: RING_STATUSES }).notNull().default('proposed'),
    /** |ring| · Π p(member) when it was proposed. */
    score: real('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The proposal's deadline: until then its items are held for it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who declined or cancelled; null for expiries and the engine. */
    cancelledById: uuid('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** Cancelled while a party was suspended by moderators: it costs the canceller no reliability. */
    cancelExcused: boolean('cancel_excused').notNull().default(false),
  },
  (t) => [
    index('rings_open_idx')
      .on(t.status, t.expiresAt)
      .where(sql`${t.status} in ('proposed', 'accepted')`),
  ],
);

/**
 * One leg of a ring: the giver sends their item to the receiver. Every member of a ring gives in
 * exactly one leg and receives in exactly one. `open` is true while the ring is proposed, accepted
 * or disputed: an item is in at most one open leg (the hold).
 */
export const ringLegs = pgTable(
  'ring_legs',
  {
    ringId: uuid('ring_id')
      .notNull()
      .references(() => rings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The item's deal fields when proposed. */
    terms: jsonb('terms').$type<ItemTerms>().notNull(),
    /** Why the receiver wants this item (the rule, favourite or wishlist entry), for the explanation. */
    reason: text('reason').notNull(),
    open: boolean('open').notNull().default(true),
    /** When the giver accepted the ring; null while undecided. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the receiver confirmed receiving the item. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ringId, t.position] }),
    uniqueIndex('ring_legs_open_item_idx')
      .on(t.itemId)
      .where(sql`${t.open}`),
    index('ring_legs_giver_idx').on(t.giverId),
    index('ring_legs_receiver_idx').on(t.receiverId),
  ],
);

/**
 * A member's email settings (common/api/email-preferences.ts); no row means every kind on. Also
 * when their last daily digest went out, so that they get one a day at most.
 */
export const emailPreferences = pgTable('email_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tradeRequest: boolean('trade_request').notNull().default(true),
  tradeAccepted: boolean('trade_accepted').notNull().default(true),
  ringProposal: boolean('ring_proposal').notNull().default(true),
  dispute: boolean('dispute').notNull().default(true),
  unreadMessage: boolean('unread_message').notNull().default(true),
  digest: boolean('digest').notNull().default(true),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last "unread message" email for a member in a conversation: it covered the unread messages up
 * to `coveredUntil` (the newest then). Another goes out only once an unread message newer than that
 * is an hour old, that is, in the next unread spell after the member read the conversation.
 */
export const messageEmailAlerts = pgTable(
  'message_email_alerts',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * Server-wide secrets made on first use and shared by every instance (the key that signs
 * unsubscribe links), so that no setting is needed and a restart keeps old links working.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit log: every moderator's and admin's action (who, what, on what, why, when). Append-only:
 * a trigger refuses UPDATE and DELETE (migration 0043). No foreign keys, so that nothing (an
 * account deleted) ever rewrites it; `subjectId` is the member the action concerns (the owner of a
 * removed listing, the suspended or warned member), whose account page lists it.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').notNull(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: ['item', 'member', 'report', 'appeal', 'dispute'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id'),
    reason: text('reason'),
    note: text('note'),
    /** What else the action set (a suspension's end, a role before and after, a warning's text). */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc()),
    index('moderation_actions_subject_idx').on(t.subjectId, t.createdAt.desc()),
    index('moderation_actions_target_idx').on(t.targetId, t.createdAt.desc()),
  ],
);

/**
 * A member's appeal of a sanction (an item's removal or their suspension): one per sanction, the
 * audit entry that imposed it (`sanctionId`).
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['item', 'member'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    sanctionId: uuid('sanction_id').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'granted', 'rejected'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appeals_sanction_idx').on(t.sanctionId),
    index('appeals_status_idx').on(t.status, t.createdAt),
  ],
);
