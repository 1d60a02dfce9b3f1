import { ITEM_CATEGORIES } from '../../../common/domain/taxonomy';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';
import { items } from './items';

/**
 * A member's saved Browse search: the Browse URL's query string, re-read with the list endpoint's
 * schema whenever it is matched. The item category and departments it is limited to are kept
 * as columns, so that a new listing reads only the searches that could select it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: memberId('user_id'),
    name: text('name').notNull(),
    query: text('query').notNull(),
    /** The item category the search is limited to (clothing | shoes | accessories), or null for any. */
    itemCategory: text('item_category', { enum: ITEM_CATEGORIES }),
    /** The departments (genders) it is limited to, or null for any; empty when its filters exclude each other. */
    genders: text('genders').array(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_category_idx').on(t.itemCategory),
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
