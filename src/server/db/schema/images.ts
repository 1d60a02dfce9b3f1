import { customType, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Uploaded photos, re-encoded to WebP; kept in the database so that app servers stay stateless. */
export const images = pgTable(
  'images',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** At most 1200 px wide. */
    full: bytea('full').notNull(),
    /** 400 px wide. */
    thumb: bytea('thumb').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_user_idx').on(t.userId)],
);
