/** Appeals: a member appeals a sanction in force, moderators list the appeals and decide them. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { AppealEntry, AppealInput } from '../../../common/api/moderation';
import { appeals, items, moderationActions, users } from '../../db/schema';
import { isSuspended } from '../../lib/authentication';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { presentUserSummary } from '../users';
import { recordAction } from './audit';
import { memberOfAppealToken } from './appeal-token';
import {
  ACCOUNT_LINK,
  latestSanction,
  liftWithin,
  lockMember,
  restoreItemWithin,
} from './moderation.service';

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
