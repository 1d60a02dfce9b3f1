import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { memberId, createdAt } from './columns';
import { items } from './items';

export const favorites = pgTable(
  'favorites',
  {
    userId: memberId('user_id'),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('favorites_item_idx').on(t.itemId)],
);
