import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Column builders shared by the per-module schema files, so that every table spells its key, its
 * owner and its timestamps the same way. Each call returns a fresh builder (drizzle builders are
 * not shared between tables). `users.ts` itself does not use `memberId`, which refers to it.
 */

/** A random uuid primary key named `id`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A required reference to a member, removed with the member. */
export const memberId = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** `created_at`, set by the database on insert. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at`, set by the database on insert (the services set it on update). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
