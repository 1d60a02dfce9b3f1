import { and, desc, eq, or } from 'drizzle-orm';
import type { Report } from '../../../common/api/safety';
import type { Db, Queryable } from '../../db/connect';
import { blocks, items, reports, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { presentUserSummary } from '../users/users.presenter';

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

export async function block(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself');
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw notFound('Member not found');
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function unblock(db: Db, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function listBlocked(db: Db, blockerId: string) {
  const rows = await db
    .select({
      createdAt: blocks.createdAt,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((row) => ({ user: presentUserSummary(row.user), createdAt: row.createdAt.toISOString() }));
}

export async function createReport(
  db: Db,
  reporterId: string,
  input: { targetType: 'item' | 'user'; targetId: string; reason: string; details: string },
) {
  if (input.targetType === 'user') {
    if (input.targetId === reporterId) throw badRequest('You cannot report yourself');
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.targetId));
    if (!target) throw notFound('Member not found');
  } else {
    const [target] = await db
      .select({ userId: items.userId })
      .from(items)
      .where(eq(items.id, input.targetId));
    if (!target) throw notFound('Item not found');
    if (target.userId === reporterId) throw badRequest('You cannot report your own item');
  }
  const [created] = await db
    .insert(reports)
    .values({ reporterId, ...input })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!created) throw conflict('You have already reported this; our moderators are on it');
}

export function requireModerator(member: { role: string }) {
  if (member.role !== 'moderator') throw forbidden('Only moderators can see reports');
}

export async function listReports(db: Db, status: 'open' | 'resolved'): Promise<Report[]> {
  const rows = await db
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
    .where(eq(reports.status, status))
    .orderBy(desc(reports.createdAt))
    .limit(200);
  const labels = new Map<string, string>();
  for (const { report } of rows) {
    if (labels.has(report.targetId)) continue;
    const [label] =
      report.targetType === 'item'
        ? await db.select({ label: items.title }).from(items).where(eq(items.id, report.targetId))
        : await db.select({ label: users.firstName }).from(users).where(eq(users.id, report.targetId));
    labels.set(report.targetId, label?.label ?? 'Unknown');
  }
  return rows.map(({ report, reporter }) => ({
    id: report.id,
    targetType: report.targetType as Report['targetType'],
    targetId: report.targetId,
    targetLabel: labels.get(report.targetId) ?? 'Unknown',
    reason: report.reason as Report['reason'],
    details: report.details,
    status: report.status as Report['status'],
    createdAt: report.createdAt.toISOString(),
    reporter: reporter?.id ? presentUserSummary(reporter) : null,
  }));
}

export async function setReportStatus(db: Db, id: string, status: 'open' | 'resolved') {
  const [row] = await db
    .update(reports)
    .set({ status, resolvedAt: status === 'resolved' ? new Date() : null })
    .where(eq(reports.id, id))
    .returning({ id: reports.id });
  if (!row) throw notFound('Report not found');
}
