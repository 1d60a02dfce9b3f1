import { type SQL, sql } from 'drizzle-orm';
import { REPORT_REASONS } from '../../../common/api/safety';
import {
  AVAILABILITY,
  CONDITIONS,
  GENDERS,
  ITEM_CATEGORIES,
  STYLES,
  SUBCATEGORIES,
} from '../../../common/domain/taxonomy';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt, updatedAt } from './columns';
import type { DraftFields } from '../../../common/api/drafts';

const tsvector = pg.customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Listed and open to rings, as the ring engine's reads spell it (want-graph.ts `listedText`), so
 * that the planner can use the partial indexes below for them.
 */
const RINGABLE = sql.raw(
  `is_active and deleted_at is null and availability in ('available', 'pending') and not direct_swaps_only`,
);

export const items = pg.pgTable(
  'items',
  {
    id: id(),
    userId: memberId('user_id'),
    title: pg.text('title').notNull(),
    description: pg.text('description').notNull(),
    // Enum-typed columns are plain text in the database: the types only say what the app writes.
    category: pg.text('category', { enum: ITEM_CATEGORIES }).notNull(),
    gender: pg.text('gender', { enum: GENDERS }).notNull(),
    style: pg.text('style', { enum: STYLES }),
    /** A node of the category tree under `category` (taxonomy.ts SUBCATEGORY_TREE); null for older listings. */
    subcategory: pg.text('subcategory', { enum: SUBCATEGORIES }),
    condition: pg.text('condition', { enum: CONDITIONS }).notNull(),
    /** new 5 … poor 1, for the condition sort. */
    conditionRank: pg
      .smallint('condition_rank')
      .generatedAlwaysAs(
        (): SQL =>
          sql`case ${items.condition} when 'new' then 5 when 'like-new' then 4 when 'good' then 3 when 'fair' then 2 else 1 end`,
      ),
    brand: pg.text('brand'),
    size: pg.text('size'),
    /** Integer cents. */
    estimatedValue: pg.integer('estimated_value').notNull(),
    images: pg
      .text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: pg
      .text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: pg
      .text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seasons: pg
      .text('seasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    location: pg.text('location'),
    /**
     * The owner's town, its centre and its names, copied from users.town_id by triggers (migrations
     * 0051 and 0052): on insert, and on every item when the owner changes town. The copy lets "Near
     * me" prefilter on an index of the centres (items_active_town_position_idx), walk the towns
     * nearest first (items_active_town_newest_idx), and lists name the town without a join.
     */
    townId: pg.integer('town_id'),
    townLat: pg.doublePrecision('town_lat'),
    townLon: pg.doublePrecision('town_lon'),
    townName: pg.text('town_name'),
    townRegion: pg.text('town_region'),
    townCountry: pg.text('town_country'),
    /** Listed in the marketplace: false once deleted (soft) or traded. */
    isActive: pg.boolean('is_active').notNull().default(true),
    /** available | pending (has pending requests) | reserved (in an accepted trade) | traded. */
    availability: pg
      .text('availability', { enum: [...AVAILABILITY, 'traded'] })
      .notNull()
      .default('available'),
    favoriteCount: pg.integer('favorite_count').notNull().default(0),
    /**
     * The 'trending' order: members' views (one per member a day) and 3 per favourite, over the
     * last 7 days. Raised as they happen, recomputed by the sweep as days fall out (items/trending.ts).
     */
    trendingScore: pg.integer('trending_score').notNull().default(0),
    /** The owner swaps this item one-for-one only: the ring engine never puts it in a ring. */
    directSwapsOnly: pg.boolean('direct_swaps_only').notNull().default(false),
    /**
     * "Free to a good home": the owner gives it away. Members ask for it without offering anything
     * and the owner picks one; the ring engine may start a chain with it (never a ring).
     */
    isGiveaway: pg.boolean('is_giveaway').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: pg.timestamp('deleted_at', { withTimezone: true }),
    /**
     * Moderation holds. Each takes the item out of the marketplace (is_active false) while it lasts:
     * removed by a moderator (`removedAt`, with the reason and note its owner reads), hidden after
     * reports from several members until a moderator looks (`reportHiddenAt`), or its owner is
     * suspended (`heldBySuspension`). `listedBeforeHold` remembers whether the owner had it listed
     * when the first hold began (null while none holds it): releasing the last hold restores that.
     */
    removedAt: pg.timestamp('removed_at', { withTimezone: true }),
    removalReason: pg.text('removal_reason', { enum: REPORT_REASONS }),
    removalNote: pg.text('removal_note'),
    reportHiddenAt: pg.timestamp('report_hidden_at', { withTimezone: true }),
    heldBySuspension: pg.boolean('held_by_suspension').notNull().default(false),
    listedBeforeHold: pg.boolean('listed_before_hold'),
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
    searchText: pg
      .text('search_text')
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${items.title} || ' ' || coalesce(${items.brand}, '') || ' ' || threadswap_join_words(${items.tags}))`,
      ),
  },
  (t) => [
    pg.index('items_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // New listings per week (the admin console's dashboard).
    pg.index('items_created_idx').on(t.createdAt),
    // INCLUDE (user_id), from migration 0033 (drizzle-kit cannot declare it): the owner-away filter
    // reads from the index, so newest-first pages and counts are index-only (decision 016).
    pg
      .index('items_active_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    // The sort indexes below INCLUDE (user_id) too, from migration 0035: sorted pages down to the
    // deepest one served are index-only as well. The value index also INCLUDEs category and gender
    // (migration 0042): one category or department sorted by price walks it index-only and stops at
    // the 10,001st listing (decision 016, ninth pass).
    pg
      .index('items_active_value_idx')
      .on(t.estimatedValue, t.id)
      .where(sql`${t.isActive}`),
    pg
      .index('items_active_condition_idx')
      .on(t.conditionRank.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    pg
      .index('items_active_trending_idx')
      .on(t.trendingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    // The few items with a score, which the sweep recomputes (every other item stays at 0).
    pg
      .index('items_trending_scored_idx')
      .on(t.id)
      .where(sql`${t.trendingScore} > 0`),
    pg
      .index('items_active_popular_idx')
      .on(t.favoriteCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    pg
      .index('items_active_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.isActive}`),
    pg
      .index('items_active_brand_idx')
      .on(sql`lower(${t.brand})`, t.id)
      .where(sql`${t.isActive}`),
    // A category, subcategory or department, newest first, with the id (the list's tiebreak) and, from
    // migration 0041, INCLUDE (user_id): a Browse page of one category walks its index in the page's
    // order, index-only, and stops at the 10,001st listing, instead of reading and sorting every
    // listing of the category (decision 016, ninth pass).
    pg
      .index('items_active_category_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    pg
      .index('items_active_subcategory_idx')
      .on(t.subcategory, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    pg
      .index('items_active_gender_idx')
      .on(t.gender, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
    // A size filter's listed items in price order (migration 0039, which also INCLUDEs user_id,
    // category, gender and condition): a size-filtered page sorted by price walks this index and
    // checks the other filters in it, stopping at the 10,001st match, instead of reading the heap
    // rows of every listed item of that size to sort them (decision 016, fifth pass).
    pg
      .index('items_active_size_value_idx')
      .on(t.size, t.estimatedValue, t.id)
      .where(sql`${t.isActive}`),
    // Similar items: the listed items of one category and department in a value band.
    pg
      .index('items_active_similar_idx')
      .on(t.category, t.gender, t.estimatedValue)
      .where(sql`${t.isActive}`),
    // The swap-ring engine's reads (want-graph.ts): the listed items open to rings, by the
    // criterion a swap rule names and the value band it asks for.
    pg
      .index('items_ringable_brand_value_idx')
      .on(sql`lower(${t.brand})`, t.estimatedValue)
      .where(RINGABLE),
    // A rule naming brands and sizes at once: one index range per (brand, size) and value band.
    pg
      .index('items_ringable_brand_size_value_idx')
      .on(sql`lower(${t.brand})`, sql`lower(${t.size})`, t.estimatedValue)
      .where(RINGABLE),
    pg
      .index('items_ringable_size_value_idx')
      .on(sql`lower(${t.size})`, t.estimatedValue)
      .where(RINGABLE),
    pg.index('items_ringable_category_value_idx').on(t.category, t.estimatedValue).where(RINGABLE),
    pg.index('items_ringable_value_idx').on(t.estimatedValue).where(RINGABLE),
    // Listed items only: every full-text search is of listed items (docs/decisions/016, fourth pass).
    pg
      .index('items_active_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.isActive}`),
    // Listed items only (migration 0039): title-word and colour matches are of listed items, and a
    // whole-table bitmap was ANDed with a bitmap of every listed item (decision 016, fifth pass).
    pg
      .index('items_active_title_vector_idx')
      .using('gin', t.titleVector)
      .where(sql`${t.isActive}`),
    // Listed items only, as the search vector's (migration 0039): every typo search is of listed items.
    // With the listing hour (btree_gin, migration 0040): a typo search looks among its newest
    // listings first, and the index hands over only the candidates in that window (decision 016, sixth pass).
    pg
      .index('items_active_search_text_trgm_hour_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`, sql`threadswap_listing_hour(${t.createdAt})`)
      .where(sql`${t.isActive}`),
    pg.index('items_brand_trgm_idx').using('gin', sql`lower(${t.brand}) gin_trgm_ops`),
    pg.index('items_location_trgm_idx').using('gin', sql`lower(${t.location}) gin_trgm_ops`),
    pg.index('items_tags_idx').using('gin', t.tags),
    pg
      .index('items_active_colors_idx')
      .using('gin', t.colors)
      .where(sql`${t.isActive}`),
    pg.index('items_seasons_idx').using('gin', t.seasons),
    // "Near me": the listed items whose owner's town centre lies in a bounding box (latitude range,
    // longitude checked in the index), before the exact distance (decision 023).
    pg
      .index('items_active_town_position_idx')
      .on(t.townLat, t.townLon)
      .where(sql`${t.isActive} and ${t.townLat} is not null`),
    // The distance sort: each town's listed items newest first (the sort's tiebreak), read town by
    // town nearest first (listed_towns; decision 024). Items without a town are town 0, read last.
    pg
      .index('items_active_town_walk_idx')
      .on(sql`coalesce(${t.townId}, 0)`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive}`),
  ],
);

/**
 * The towns that hold or held a listed item, with their centres (migration 0052): what the
 * distance sort orders nearest first before reading each town's items (decision 024). Kept by the
 * items' town triggers, insert only (a town whose items are all gone stays: an empty index probe).
 * Town 0, without a centre (so without a distance, last), stands for the items of owners without
 * a town; so no foreign key to towns. Never scanned in parallel (parallel_workers 0): a few
 * thousand rows, and a parallel plan would lose the order the walk relies on.
 */
export const listedTowns = pg.pgTable('listed_towns', {
  townId: pg.integer('town_id').primaryKey(),
  lat: pg.doublePrecision('lat'),
  lon: pg.doublePrecision('lon'),
});

/**
 * The unfiltered facets, kept by triggers on items (migration 0036; decision 008 "Facets kept by
 * triggers"): how many listed items (`is_active`) have each value of each facet dimension, owner
 * away or not. `dimension` is 'all' (value null: every listed item), 'category', 'gender',
 * 'condition', 'subcategory', 'size' or 'brand'; a null value counts the items without one. The
 * triggers only ever append to `item_facet_deltas`, so writers never wait for one another on a
 * count; `foldItemFacetDeltas` (items/facet-counts.ts) moves the deltas into these rows.
 */
export const itemFacetCounts = pg.pgTable(
  'item_facet_counts',
  {
    dimension: pg.text('dimension').notNull(),
    value: pg.text('value'),
    n: pg.integer('n').notNull(),
  },
  (t) => [pg.unique('item_facet_counts_key').on(t.dimension, t.value).nullsNotDistinct()],
);

/** Changes to `item_facet_counts` not folded into it yet: +n or -n for one value of one dimension. */
export const itemFacetDeltas = pg.pgTable('item_facet_deltas', {
  dimension: pg.text('dimension').notNull(),
  value: pg.text('value'),
  n: pg.integer('n').notNull(),
});

/**
 * The vocabulary of listed words (migration 0059; decision 028): every word of the title, brand and
 * tags of the listed items (`is_active`), as the 'simple' text-search parser splits and lower-cases
 * them, with how many listed items held it at the last fold. Writers never touch it: triggers on
 * items append to `search_word_deltas`, which `foldSearchWordDeltas` (items/search-vocabulary.ts)
 * moves here; a read adds the deltas not folded yet. On PostgreSQL, a search word that no listed item
 * holds is corrected to the nearest word that one does (trigram index on `word`) before full text
 * runs; the embedded database (PGlite) keeps the trigram match over listings (decision 028).
 */
export const searchWords = pg.pgTable(
  'search_words',
  {
    word: pg.text('word').primaryKey(),
    items: pg.integer('items').notNull(),
  },
  (t) => [pg.index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);

/** Changes to `search_words` not folded into it yet: +n or -n listed items holding `word`. */
export const searchWordDeltas = pg.pgTable('search_word_deltas', {
  word: pg.text('word').notNull(),
  n: pg.integer('n').notNull(),
});

/**
 * Who viewed which item on which day (UTC): one row per member, item and day, so that opening an item
 * again the same day counts once. Kept 8 days, for the 'trending' order (items/trending.ts).
 */
export const itemViews = pg.pgTable(
  'item_views',
  {
    itemId: pg
      .uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerId: memberId('viewer_id'),
    day: pg.date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.itemId, t.viewerId, t.day] }),
    pg.index('item_views_day_idx').on(t.day, t.itemId),
  ],
);

/**
 * A listing the member has started and not yet published (docs/decisions/013-listing-drafts.md):
 * private to its owner, never read by any marketplace query. `fields` holds the item fields typed so
 * far, each valid by the listing rules (common/api/drafts.ts); the photos are a column of their own
 * so that the unattached-photo sweep keeps them while the draft lives. Deleted once untouched for
 * DRAFT_TTL_DAYS.
 */
export const itemDrafts = pg.pgTable(
  'item_drafts',
  {
    id: id(),
    userId: memberId('user_id'),
    fields: pg.jsonb('fields').$type<DraftFields>().notNull().default({}),
    /** `/images/{id}` URLs, the cover first, as on an item. */
    images: pg
      .text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** Last saved: the 30-day expiry counts from here. */
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.index('item_drafts_user_idx').on(t.userId, t.updatedAt),
    pg.index('item_drafts_updated_idx').on(t.updatedAt),
  ],
);
