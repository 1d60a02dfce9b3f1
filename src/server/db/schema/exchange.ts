import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/**
 * A member's private shipping address, one per member. Only they read it, and the member who sends
 * them an item in an accepted trade or ring (modules/exchange/recipient-address.query.ts).
 */
export const shippingAddresses = pgTable('shipping_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2'),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  phone: text('phone'),
  updatedAt: updatedAt(),
});
