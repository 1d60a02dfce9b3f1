import { and, inArray, isNotNull, or, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { users } from '../../db/schema';

/**
 * Whether any of these members is suspended now: a swap with them may be cancelled at no cost to
 * the canceller's reliability (trade_requests.cancel_excused, rings.cancel_excused).
 */
export async function anySuspended(db: Queryable, memberIds: string[]) {
  if (memberIds.length === 0) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, memberIds),
        isNotNull(users.suspendedAt),
        or(isNull(users.suspendedUntil), gt(users.suspendedUntil, new Date())),
      ),
    )
    .limit(1);
  return Boolean(row);
}
