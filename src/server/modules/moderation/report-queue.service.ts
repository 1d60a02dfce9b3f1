/** The moderation queue's read model: open or resolved reports, grouped by the listing or member reported. */
import { and, eq, or, sql } from 'drizzle-orm';
import type { ReportGroup } from '../../../common/api/moderation';
import type { Report } from '../../../common/api/safety';
import { items, moderationActions, reports, users } from '../../db/schema';
import { isSuspended } from '../../lib/authentication';
import type { ServiceContext } from '../../lib/service-context';
import { reportsWithReporters } from '../safety';
import { memberReliability } from '../trades';
import { presentUserSummary } from '../users';
import { auditEntries } from './audit';

/** Reports grouped by target, with the item or member, past reports, history and reliability. */
export async function reportGroups(
  ctx: ServiceContext,
  status: 'open' | 'resolved',
  kind: 'all' | 'item' | 'user',
): Promise<ReportGroup[]> {
  const rows = await reportsWithReporters(
    ctx.db,
    and(eq(reports.status, status), kind === 'all' ? undefined : eq(reports.targetType, kind)),
    500,
  );
  const groups = new Map<string, { targetType: 'item' | 'user'; targetId: string; reports: typeof rows }>();
  for (const row of rows) {
    const key = `${row.report.targetType}:${row.report.targetId}`;
    const group = groups.get(key) ?? {
      targetType: row.report.targetType,
      targetId: row.report.targetId,
      reports: [],
    };
    group.reports.push(row);
    groups.set(key, group);
  }
  const answer: ReportGroup[] = [];
  for (const group of [...groups.values()].slice(0, 50)) {
    const [item] =
      group.targetType === 'item'
        ? await ctx.db.select().from(items).where(eq(items.id, group.targetId))
        : [];
    const subjectId = group.targetType === 'item' ? item?.userId : group.targetId;
    const [subject] = subjectId ? await ctx.db.select().from(users).where(eq(users.id, subjectId)) : [];
    const [past] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.targetId, group.targetId), eq(reports.status, 'resolved')));
    const history = await auditEntries(
      ctx.db,
      or(
        eq(moderationActions.targetId, group.targetId),
        subjectId ? eq(moderationActions.subjectId, subjectId) : undefined,
      ),
      20,
    );
    const presented: Report[] = group.reports.map(({ report, reporter }) => ({
      id: report.id,
      targetType: report.targetType,
      targetId: report.targetId,
      targetLabel: (group.targetType === 'item' ? item?.title : subject?.firstName) ?? 'Unknown',
      reason: report.reason,
      details: report.details,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      reporter: reporter?.id ? presentUserSummary(reporter) : null,
    }));
    answer.push({
      targetType: group.targetType,
      targetId: group.targetId,
      label: (group.targetType === 'item' ? item?.title : subject?.firstName) ?? 'Unknown',
      subject: subject ? presentUserSummary(subject) : null,
      item: item
        ? {
            id: item.id,
            title: item.title,
            image: item.images[0] ?? null,
            listed: item.isActive,
            removal:
              item.removedAt && item.removalReason
                ? { reason: item.removalReason, note: item.removalNote }
                : null,
            hiddenByReports: item.reportHiddenAt !== null,
          }
        : null,
      // A listing's owner too: the listing's card offers Suspend or Lift for them, so it must know which.
      member: subject
        ? {
            role: subject.role,
            suspended: isSuspended(subject),
            suspendedUntil: subject.suspendedUntil?.toISOString() ?? null,
          }
        : null,
      reports: presented,
      pastReports: past?.n ?? 0,
      history,
      reliability: subject ? await memberReliability(ctx, subject.id) : null,
    });
  }
  return answer;
}
