import { bigint, pgSequence, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

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
