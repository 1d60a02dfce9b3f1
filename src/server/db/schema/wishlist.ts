import { sql } from 'drizzle-orm';
import { WISHLIST_CATEGORIES } from '../../../common/domain/taxonomy';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';

/** What members are looking for; new listings that match notify them (see docs/product.md, Wishlist). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: memberId('user_id'),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('wishlist_items_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('wishlist_items_category_idx').on(t.itemCategory),
  ],
);
