/**
 * What moderators do about listings and reports: remove or restore a listing, dismiss the reports
 * about a target, resolve or reopen one report; and the hold that enough reports put on a listing
 * until a moderator looks (the `report.filed` listener, moderation.listeners.ts).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RemovalInput } from '../../../common/api/moderation';
import type { Tx } from '../../db/connect';
import { items, reports } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { conflict, notFound } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { recordAction } from './audit';
import { holdItems, releaseItems } from './holds';
import {
  ACCOUNT_LINK,
  lockItem,
  reasonText,
  resolveReportsOn,
  restoreItemWithin,
} from './moderation.service';

export async function removeItem(ctx: ServiceContext, actorId: string, itemId: string, input: RemovalInput) {
  await transact(ctx, async (tx, effects) => {
    const item = await lockItem(tx, itemId);
    if (item.removedAt) throw conflict('moderation.item_already_removed');
    const note = input.note || null;
    await holdItems(tx, effects, eq(items.id, itemId), {
      removedAt: new Date(),
      removalReason: input.reason,
      removalNote: note,
    });
    // A moderator looked: a hold by reports gives way to the removal.
    await releaseItems(tx, effects, eq(items.id, itemId), { reportHiddenAt: null });
    await resolveReportsOn(tx, 'item', itemId);
    await recordAction(tx, {
      actorId,
      action: 'item.removed',
      targetType: 'item',
      targetId: itemId,
      subjectId: item.userId,
      reason: input.reason,
      note,
    });
    effects.notify({
      userId: item.userId,
      type: 'moderation',
      title: text('notifications:moderation.itemRemoved.title'),
      message: text('notifications:moderation.itemRemoved.message', {
        item: item.title,
        reason: reasonText(input.reason),
      }),
      link: ACCOUNT_LINK,
    });
  });
}

export async function restoreItem(ctx: ServiceContext, actorId: string, itemId: string) {
  await transact(ctx, (tx, effects) => restoreItemWithin(tx, effects, actorId, itemId, 'item.restored'));
}

/** REPORT_HIDE_THRESHOLD different members reporting a listing within 24 hours hide it. */
export async function hideIfReportedByMany(ctx: ServiceContext, tx: Tx, effects: Effects, itemId: string) {
  const threshold = ctx.reportHideThreshold;
  if (threshold <= 0) return;
  const [row] = await tx
    .select({ reporters: sql<number>`count(distinct ${reports.reporterId})::int` })
    .from(reports)
    .where(
      and(
        eq(reports.targetType, 'item'),
        eq(reports.targetId, itemId),
        eq(reports.status, 'open'),
        gt(reports.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  if ((row?.reporters ?? 0) < threshold) return;
  await holdItems(
    tx,
    effects,
    and(eq(items.id, itemId), isNull(items.reportHiddenAt), isNull(items.removedAt)) ?? sql`false`,
    {
      reportHiddenAt: new Date(),
    },
  );
}

/** A moderator looked at the reports about a target and found nothing to act on. */
export async function dismissReports(
  ctx: ServiceContext,
  actorId: string,
  targetType: 'item' | 'user',
  targetId: string,
) {
  await transact(ctx, async (tx, effects) => {
    let subjectId: string | null = targetType === 'user' ? targetId : null;
    if (targetType === 'item') {
      const item = await lockItem(tx, targetId);
      subjectId = item.userId;
      await releaseItems(tx, effects, eq(items.id, targetId), { reportHiddenAt: null });
    }
    const resolved = await resolveReportsOn(tx, targetType, targetId);
    if (resolved.length === 0) throw notFound('moderation.no_open_reports');
    await recordAction(tx, {
      actorId,
      action: 'reports.resolved',
      targetType: targetType === 'item' ? 'item' : 'member',
      targetId,
      subjectId,
      details: { reports: resolved.length },
    });
  });
}

/** One report opened or resolved again (PATCH /api/moderation/reports/:id), with its audit entry. */
export async function setReportStatus(
  ctx: ServiceContext,
  actorId: string,
  id: string,
  status: 'open' | 'resolved',
) {
  await transact(ctx, async (tx, effects) => {
    const [row] = await tx
      .update(reports)
      .set({ status, resolvedAt: status === 'resolved' ? new Date() : null })
      .where(eq(reports.id, id))
      .returning();
    if (!row) throw notFound('safety.report_not_found');
    if (status === 'resolved' && row.targetType === 'item') {
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.targetId, row.targetId), eq(reports.status, 'open')))
        .limit(1);
      if (!open) await releaseItems(tx, effects, eq(items.id, row.targetId), { reportHiddenAt: null });
    }
    await recordAction(tx, {
      actorId,
      action: status === 'resolved' ? 'reports.resolved' : 'reports.reopened',
      targetType: 'report',
      targetId: id,
      subjectId: row.targetType === 'user' ? row.targetId : null,
    });
  });
}
