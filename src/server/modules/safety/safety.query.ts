import { and, eq, or } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { blocks } from '../../db/schema';
import { forbidden } from '../../lib/errors';

/** True when either member has blocked the other. */
export async function isBlockedBetween(db: Queryable, a: string, b: string) {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Refuses contact (messages, trade requests) between members when either blocked the other. */
export async function assertNotBlocked(db: Queryable, from: string, to: string) {
  if (await isBlockedBetween(db, from, to)) throw forbidden('You cannot contact this member');
}
