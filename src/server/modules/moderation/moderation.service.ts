import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type {
  MemberRole,
  AppealEntry,
  AppealInput,
  RemovalInput,
  ReportGroup,
  SuspensionInput,
} from '../../../common/api/moderation';
import type { Report } from '../../../common/api/safety';
import type { Tx } from '../../db/connect';
import {
  appeals,
  items,
  moderationActions,
  reports,
  ringLegs,
  rings,
  tradeRequests,
  users,
} from '../../db/schema';
import { isModerator, isSuspended } from '../../lib/authentication';
import { endSessionsWithin } from '../../lib/session';
import type { Effects } from '../../lib/domain-events';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { reportsWithReporters } from '../safety';
import { memberReliability } from '../trades';
import { presentUserSummary } from '../users';
import { auditEntries, recordAction } from './audit';
import { holdItems, ownedBy, releaseItems } from './holds';
import { appealTokenFor, memberOfAppealToken } from './appeal-token';

const ACCOUNT_LINK = '/account';
const reasonText = (reason: string) => text(`notifications:moderation.reasons.${reason}`);

async function lockItem(tx: Tx, itemId: string) {
  const [item] = await tx.select().from(items).where(eq(items.id, itemId)).for('update');
  if (!item || item.deletedAt) throw notFound('items.not_found');
  return item;
}

async function lockMember(tx: Tx, memberId: string) {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
  if (!member || member.deletedAt) throw notFound('members.not_found');
  return member;
}

/** Open reports about a target are answered by a moderator's action on it: they are resolved. */
async function resolveReportsOn(tx: Tx, targetType: 'item' | 'user', targetId: string) {
  return tx
    .update(reports)
    .set({ status: 'resolved', resolvedAt: new Date() })
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
    )
    .returning({ id: reports.id });
}

// ---------------------------------------------------------------- listings

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

async function restoreItemWithin(
  tx: Tx,
  effects: Effects,
  actorId: string,
  itemId: string,
  action: 'item.restored' | 'appeal.granted',
) {
  const item = await lockItem(tx, itemId);
  if (!item.removedAt) throw conflict('moderation.item_not_removed');
  await releaseItems(tx, effects, eq(items.id, itemId), { removedAt: null });
  if (action === 'item.restored')
    await recordAction(tx, { actorId, action, targetType: 'item', targetId: itemId, subjectId: item.userId });
  effects.notify({
    userId: item.userId,
    type: 'moderation',
    title: text('notifications:moderation.itemRestored.title'),
    message: text('notifications:moderation.itemRestored.message', { item: item.title }),
    link: ACCOUNT_LINK,
  });
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

// ---------------------------------------------------------------- members

/** Moderators act on members; only an admin acts on a moderator or admin; nobody on themself. */
function assertMayActOn(actor: { id: string; role: MemberRole }, target: { id: string; role: MemberRole }) {
  if (actor.id === target.id) throw badRequest('moderation.own_account');
  if (isModerator(target) && actor.role !== 'admin') throw forbidden('moderation.admins_act_on_staff');
}

async function actorRow(tx: Tx, actorId: string) {
  const [actor] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, actorId));
  if (!actor) throw forbidden();
  return actor;
}

export async function suspendMember(
  ctx: ServiceContext,
  actorId: string,
  memberId: string,
  input: SuspensionInput,
) {
  await transact(ctx, async (tx, effects) => {
    const actor = await actorRow(tx, actorId);
    const member = await lockMember(tx, memberId);
    assertMayActOn(actor, member);
    if (isSuspended(member)) throw conflict('moderation.already_suspended');
    const now = new Date();
    const until = input.days ? new Date(now.getTime() + input.days * 24 * 60 * 60 * 1000) : null;
    const note = input.note || null;
    await tx
      .update(users)
      .set({ suspendedAt: now, suspendedUntil: until, suspensionReason: input.reason, suspensionNote: note })
      .where(eq(users.id, memberId));
    // Their sessions end here and their sockets close on every instance after the commit.
    await endSessionsWithin(tx, effects, memberId);
    await holdItems(tx, effects, ownedBy(memberId), { heldBySuspension: true });
    // The trades module closes their pending requests and ring proposals in this transaction.
    await effects.emit('member.suspended', { memberId });
    await tellPartners(tx, effects, memberId);
    await resolveReportsOn(tx, 'user', memberId);
    await recordAction(tx, {
      actorId,
      action: 'member.suspended',
      targetType: 'member',
      targetId: memberId,
      subjectId: memberId,
      reason: input.reason,
      note,
      details: { until: until?.toISOString() ?? null },
    });
    effects.notify({
      userId: memberId,
      type: 'moderation',
      title: text('notifications:moderation.suspended.title'),
      message: text('notifications:moderation.suspended.message', { reason: reasonText(input.reason) }),
      link: ACCOUNT_LINK,
    });
  });
  // Ring proposals holding their listings dissolve with the `item.withdrawn` listeners; the rings
  // where they only receive are the same rings (every member of a ring gives).
}

/** The partners of the member's accepted trades and rings learn they may cancel at no cost. */
async function tellPartners(tx: Tx, effects: Effects, memberId: string) {
  const trades = await tx
    .select({
      requesterId: tradeRequests.requesterId,
      ownerId: tradeRequests.ownerId,
      title: items.title,
    })
    .from(tradeRequests)
    .innerJoin(items, eq(items.id, tradeRequests.requestedItemId))
    .where(
      and(
        inArray(tradeRequests.status, ['accepted', 'disputed']),
        or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)),
      ),
    );
  for (const trade of trades)
    effects.notify({
      userId: trade.requesterId === memberId ? trade.ownerId : trade.requesterId,
      type: 'trade_request',
      title: text('notifications:moderation.partnerSuspended.title'),
      message: text('notifications:moderation.partnerSuspended.message', { item: trade.title }),
      link: '/trades',
    });
  const theirRings = tx
    .select({ ringId: ringLegs.ringId })
    .from(ringLegs)
    .where(eq(ringLegs.giverId, memberId));
  const partners = await tx
    .selectDistinct({ ringId: ringLegs.ringId, giverId: ringLegs.giverId })
    .from(ringLegs)
    .innerJoin(rings, eq(rings.id, ringLegs.ringId))
    .where(
      and(
        inArray(ringLegs.ringId, theirRings),
        inArray(rings.status, ['accepted', 'disputed']),
        sql`${ringLegs.giverId} <> ${memberId}`,
      ),
    );
  for (const partner of partners)
    effects.notify({
      userId: partner.giverId,
      type: 'swap_ring',
      title: text('notifications:moderation.ringPartnerSuspended.title'),
      message: text('notifications:moderation.ringPartnerSuspended.message'),
      link: `/rings/${partner.ringId}`,
      dedupeKey: `ring-partner-suspended:${partner.ringId}:${memberId}`,
    });
}

/** Ends a suspension (lifted by a moderator, granted on appeal, or expired): the listings return. */
async function liftWithin(tx: Tx, effects: Effects, memberId: string) {
  await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, suspensionNote: null })
    .where(eq(users.id, memberId));
  await releaseItems(tx, effects, and(ownedBy(memberId), eq(items.heldBySuspension, true)) ?? sql`false`, {
    heldBySuspension: false,
  });
  effects.notify({
    userId: memberId,
    type: 'moderation',
    title: text('notifications:moderation.unsuspended.title'),
    message: text('notifications:moderation.unsuspended.message'),
    link: ACCOUNT_LINK,
  });
}

export async function liftSuspension(ctx: ServiceContext, actorId: string, memberId: string) {
  await transact(ctx, async (tx, effects) => {
    const actor = await actorRow(tx, actorId);
    const member = await lockMember(tx, memberId);
    assertMayActOn(actor, member);
    if (!member.suspendedAt) throw conflict('moderation.not_suspended');
    await liftWithin(tx, effects, memberId);
    await recordAction(tx, {
      actorId,
      action: 'member.unsuspended',
      targetType: 'member',
      targetId: memberId,
      subjectId: memberId,
    });
  });
}

/**
 * Suspensions whose end has passed: a suspended member may sign in again the moment it passes
 * (`isSuspended` reads the end date); this gives their listings back. Run by the sweep, and at the
 * member's sign-in.
 */
export async function liftExpiredSuspensions(ctx: ServiceContext, now: Date, memberId?: string) {
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.suspendedAt),
        lte(users.suspendedUntil, now),
        memberId ? eq(users.id, memberId) : undefined,
      ),
    )
    .limit(500);
  for (const { id } of due)
    await transact(ctx, async (tx, effects) => {
      const member = await lockMember(tx, id).catch(() => null);
      if (!member?.suspendedAt || !member.suspendedUntil || member.suspendedUntil > now) return;
      await liftWithin(tx, effects, id);
    });
}

/**
 * Every way of signing in asks this first: a suspended member is refused with the reason, the end
 * date and a token to appeal with (the answer of a right password, so it tells nobody else).
 */
export async function assertMaySignIn(ctx: ServiceContext, memberId: string) {
  await liftExpiredSuspensions(ctx, new Date(), memberId);
  const [member] = await ctx.db.select().from(users).where(eq(users.id, memberId));
  if (!member || !isSuspended(member) || !member.suspensionReason) return;
  const sanction = await latestSanction(ctx, 'member.suspended', memberId);
  const [appealed] = sanction
    ? await ctx.db.select({ id: appeals.id }).from(appeals).where(eq(appeals.sanctionId, sanction))
    : [];
  const until = member.suspendedUntil?.toISOString() ?? null;
  const refused = until ? forbidden('auth.suspended_until', { until }) : forbidden('auth.suspended');
  throw new HttpError(403, refused.code, refused.params, refused.message, {}, undefined, {
    suspension: {
      reason: member.suspensionReason,
      note: member.suspensionNote,
      until,
      appealToken: sanction && !appealed ? await appealTokenFor(ctx, memberId, sanction) : null,
    },
  });
}

export async function warnMember(ctx: ServiceContext, actorId: string, memberId: string, message: string) {
  await transact(ctx, async (tx, effects) => {
    const actor = await actorRow(tx, actorId);
    const member = await lockMember(tx, memberId);
    assertMayActOn(actor, member);
    await recordAction(tx, {
      actorId,
      action: 'member.warned',
      targetType: 'member',
      targetId: memberId,
      subjectId: memberId,
      details: { message },
    });
    effects.notify({
      userId: memberId,
      type: 'moderation',
      title: text('notifications:moderation.warned.title'),
      message: text('notifications:moderation.warned.message', { message }),
      link: ACCOUNT_LINK,
    });
  });
}

// ---------------------------------------------------------------- appeals

async function latestSanction(
  ctx: ServiceContext,
  action: 'item.removed' | 'member.suspended',
  targetId: string,
) {
  const [row] = await ctx.db
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(and(eq(moderationActions.action, action), eq(moderationActions.targetId, targetId)))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A member appeals a sanction in force once: signed in for a removed listing, or with the token of
 * their refused sign-in for their suspension (`memberId` null then).
 */
export async function createAppeal(ctx: ServiceContext, sessionMemberId: string | null, input: AppealInput) {
  let memberId = sessionMemberId;
  if (input.appealToken) {
    memberId = await memberOfAppealToken(ctx, input.appealToken);
    if (!memberId) throw forbidden('moderation.invalid_appeal_link');
  }
  if (!memberId) throw unauthorized('auth.session_required');
  let sanctionId: string | null;
  if (input.targetType === 'item') {
    const [item] = await ctx.db
      .select({ userId: items.userId, removedAt: items.removedAt })
      .from(items)
      .where(eq(items.id, input.targetId));
    if (!item || item.userId !== memberId) throw notFound('items.not_found');
    if (!item.removedAt) throw conflict('moderation.item_not_removed');
    sanctionId = await latestSanction(ctx, 'item.removed', input.targetId);
  } else {
    if (input.targetId !== memberId) throw notFound('members.not_found');
    const [member] = await ctx.db.select().from(users).where(eq(users.id, memberId));
    if (!member || !isSuspended(member)) throw conflict('moderation.account_not_suspended');
    sanctionId = await latestSanction(ctx, 'member.suspended', memberId);
  }
  if (!sanctionId) throw conflict('moderation.nothing_to_appeal');
  const [created] = await ctx.db
    .insert(appeals)
    .values({
      memberId,
      targetType: input.targetType,
      targetId: input.targetId,
      sanctionId,
      text: input.text,
    })
    .onConflictDoNothing()
    .returning({ id: appeals.id });
  if (!created) throw conflict('moderation.already_appealed');
  return { memberId, id: created.id };
}

export async function listAppeals(ctx: ServiceContext, status: 'open' | 'resolved'): Promise<AppealEntry[]> {
  const rows = await ctx.db
    .select({
      appeal: appeals,
      member: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
      title: items.title,
      reason: moderationActions.reason,
      note: moderationActions.note,
    })
    .from(appeals)
    .leftJoin(users, eq(users.id, appeals.memberId))
    .leftJoin(items, eq(items.id, appeals.targetId))
    .leftJoin(moderationActions, eq(moderationActions.id, appeals.sanctionId))
    .where(status === 'open' ? eq(appeals.status, 'open') : inArray(appeals.status, ['granted', 'rejected']))
    .orderBy(status === 'open' ? appeals.createdAt : desc(appeals.decidedAt))
    .limit(200);
  return rows.map(({ appeal, member, title, reason, note }) => ({
    id: appeal.id,
    member: member?.id ? presentUserSummary(member) : null,
    targetType: appeal.targetType,
    targetId: appeal.targetId,
    targetLabel: appeal.targetType === 'item' ? (title ?? '') : (member?.firstName ?? ''),
    text: appeal.text,
    status: appeal.status,
    createdAt: appeal.createdAt.toISOString(),
    sanction: { reason, note },
  }));
}

/** Granting an appeal lifts its sanction (if still in force); rejecting keeps it. */
export async function decideAppeal(
  ctx: ServiceContext,
  actorId: string,
  appealId: string,
  decision: 'granted' | 'rejected',
) {
  await transact(ctx, async (tx, effects) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, appealId)).for('update');
    if (!appeal) throw notFound('moderation.appeal_not_found');
    if (appeal.status !== 'open') throw conflict('moderation.appeal_decided');
    if (decision === 'granted') {
      if (appeal.targetType === 'item') {
        const [item] = await tx
          .select({ removedAt: items.removedAt })
          .from(items)
          .where(eq(items.id, appeal.targetId));
        if (item?.removedAt) await restoreItemWithin(tx, effects, actorId, appeal.targetId, 'appeal.granted');
      } else {
        const member = await lockMember(tx, appeal.memberId);
        if (member.suspendedAt) await liftWithin(tx, effects, appeal.memberId);
      }
    }
    await tx.update(appeals).set({ status: decision, decidedAt: new Date() }).where(eq(appeals.id, appealId));
    await recordAction(tx, {
      actorId,
      action: decision === 'granted' ? 'appeal.granted' : 'appeal.rejected',
      targetType: appeal.targetType,
      targetId: appeal.targetId,
      subjectId: appeal.memberId,
      details: { appeal: appealId },
    });
    effects.notify({
      userId: appeal.memberId,
      type: 'moderation',
      title: text(
        `notifications:moderation.${decision === 'granted' ? 'appealGranted' : 'appealRejected'}.title`,
      ),
      message: text(
        `notifications:moderation.${decision === 'granted' ? 'appealGranted' : 'appealRejected'}.message`,
      ),
      link: ACCOUNT_LINK,
    });
  });
}

// ---------------------------------------------------------------- the queue

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
