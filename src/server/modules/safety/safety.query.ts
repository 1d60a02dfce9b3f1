import { and, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { blocks, reports, users } from '../../db/schema';
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

/** Whether any of these pairs of members has a block between them, either way (one query). */
export async function isBlockedAmong(db: Queryable, pairs: Array<[string, string]>) {
  if (pairs.length === 0) return false;
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        ...pairs.flatMap(([a, b]) => [
          and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
          and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
        ]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The blocks between any two of these members, as (blocker, blocked) pairs: what keeps two members
 * out of one swap ring. The ids go as one array parameter (a re-pack names every member of the market).
 */
export async function blocksAmong(db: Queryable, memberIds: string[]): Promise<Array<[string, string]>> {
  if (memberIds.length < 2) return [];
  const ids = sql`${sql.param(memberIds)}::uuid[]`;
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(and(sql`${blocks.blockerId} = any(${ids})`, sql`${blocks.blockedId} = any(${ids})`));
  return rows.map((row) => [row.blockerId, row.blockedId]);
}

/** Refuses contact (messages, trade requests) between members when either blocked the other. */
export async function assertNotBlocked(db: Queryable, from: string, to: string) {
  if (await isBlockedBetween(db, from, to)) throw forbidden('safety.blocked');
}

/** Members with a block either way with this one: they never meet in recommendations or matches. */
export async function blockedIds(db: Queryable, memberId: string): Promise<Set<string>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)));
  return new Set(rows.map((row) => (row.blockerId === memberId ? row.blockedId : row.blockerId)));
}

/** SQL condition: no block either way between the members `a` and `b` (ids or columns). */
export function noBlockBetween(a: SQLWrapper | string, b: SQLWrapper | string): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}

/**
 * Reports meeting the condition, newest first, at most `limit`, each with its reporter's public
 * fields (null when the reporter's account is gone): the safety list's and the console's read.
 */
export const reportsWithReporters = (db: Queryable, condition: SQL | undefined, limit: number) =>
  db
    .select({
      report: reports,
      reporter: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(condition)
    .orderBy(desc(reports.createdAt))
    .limit(limit);
