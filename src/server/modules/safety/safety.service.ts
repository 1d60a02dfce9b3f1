import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Report, reportInput } from '../../../common/api/safety';
import { blocks, items, reports, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { presentUserSummary } from '../users';
import { reportsWithReporters } from './safety.query';

export async function block(ctx: ServiceContext, memberId: string, blockedId: string) {
  if (memberId === blockedId) throw badRequest('safety.self_block');
  const [target] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw notFound('members.not_found');
  await transact(ctx, async (tx, effects) => {
    const [created] = await tx
      .insert(blocks)
      .values({ blockerId: memberId, blockedId })
      .onConflictDoNothing()
      .returning({ blockerId: blocks.blockerId });
    // What is in flight between them ends with the block (trades.listeners.ts).
    if (created) await effects.emit('member.blocked', { memberId, blockedId });
  });
}

export async function unblock(ctx: ServiceContext, memberId: string, blockedId: string) {
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, blockedId)));
}

export async function listBlocked(ctx: ServiceContext, memberId: string) {
  const rows = await ctx.db
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
    .where(eq(blocks.blockerId, memberId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((row) => ({ user: presentUserSummary(row.user), createdAt: row.createdAt.toISOString() }));
}

export async function createReport(
  ctx: ServiceContext,
  memberId: string,
  input: z.infer<typeof reportInput>,
) {
  if (input.targetType === 'user') {
    if (input.targetId === memberId) throw badRequest('safety.self_report');
    const [target] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.targetId));
    if (!target) throw notFound('members.not_found');
  }
  await transact(ctx, async (tx, effects) => {
    if (input.targetType === 'item') {
      // Locked: reports arriving together count each other before one of them hides the listing.
      const [target] = await tx
        .select({ userId: items.userId })
        .from(items)
        .where(eq(items.id, input.targetId))
        .for('update');
      if (!target) throw notFound('items.not_found');
      if (target.userId === memberId) throw badRequest('safety.own_item_report');
    }
    const [created] = await tx
      .insert(reports)
      .values({ reporterId: memberId, ...input })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!created) throw conflict('safety.already_reported');
    await effects.emit('report.filed', { targetType: input.targetType, targetId: input.targetId });
  });
}

export async function listReports(ctx: ServiceContext, status: 'open' | 'resolved'): Promise<Report[]> {
  const rows = await reportsWithReporters(ctx.db, eq(reports.status, status), 200);
  const labels = new Map<string, string>();
  for (const { report } of rows) {
    if (labels.has(report.targetId)) continue;
    const [label] =
      report.targetType === 'item'
        ? await ctx.db.select({ label: items.title }).from(items).where(eq(items.id, report.targetId))
        : await ctx.db.select({ label: users.firstName }).from(users).where(eq(users.id, report.targetId));
    labels.set(report.targetId, label?.label ?? 'Unknown');
  }
  return rows.map(({ report, reporter }) => ({
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    targetLabel: labels.get(report.targetId) ?? 'Unknown',
    reason: report.reason,
    details: report.details,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    reporter: reporter?.id ? presentUserSummary(reporter) : null,
  }));
}
