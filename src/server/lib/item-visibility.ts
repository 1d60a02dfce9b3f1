import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whether anyone may see an item by id: listed, or traded (the record of a finished swap); never
 * deleted, nor while moderators hold it (removed, hidden by reports, its owner suspended).
 */
export function isPublicItem(item: {
  isActive: boolean;
  availability: string;
  deletedAt: Date | null;
  listedBeforeHold: boolean | null;
}): boolean {
  return (
    !item.deletedAt && item.listedBeforeHold === null && (item.isActive || item.availability === 'traded')
  );
}

const AWAY_MEMBERS = 'select away.id from users away where away.holiday_until > now()';

/**
 * The owner in `userId` is not away (holiday mode): their items leave Browse, search, facets,
 * matches, wishlist alerts and swap rings until their return date begins. A condition, not a job:
 * a holiday ends by itself the moment it passes. The away members are few (users_holiday_idx).
 */
export function ownerPresent(userId: AnyPgColumn | SQL): SQL {
  return sql`${userId} not in (${sql.raw(AWAY_MEMBERS)})`;
}

/**
 * The opposite: the owner is away. A semi-join the planner starts from the few away members
 * (users_holiday_idx) and their items (items_user_idx), for taking their items out of counts.
 */
export function ownerAway(userId: AnyPgColumn | SQL): SQL {
  return sql`${userId} in (${sql.raw(AWAY_MEMBERS)})`;
}

/** The same condition over a raw SQL alias (`i.user_id`), for hand-written queries. */
export function ownerPresentText(userIdExpression: string): string {
  return `${userIdExpression} not in (${AWAY_MEMBERS})`;
}
