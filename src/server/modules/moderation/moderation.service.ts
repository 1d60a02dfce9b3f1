/*
 * The moderation module's core, shared by its commands: the locks a moderator's action takes (the
 * listing or the member), the rule on who may act on whom, the resolution of the reports an action
 * answers, and the two ends of a sanction (a listing restored, a suspension lifted) reached by a
 * moderator, an appeal granted or a suspension's end. The commands live in report-actions.service.ts
 * (listings and reports), member-sanctions.service.ts (suspend, lift, warn, the sign-in check) and
 * appeals.service.ts; the moderation queue's read model in report-queue.service.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../../common/api/moderation';
import type { Tx } from '../../db/connect';
import { items, moderationActions, reports, users } from '../../db/schema';
import { isModerator } from '../../lib/authentication';
import type { Effects } from '../../lib/domain-events';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { recordAction } from './audit';
import { ownedBy, releaseItems } from './holds';

/** Where a notification about a sanction links: the member's account page. */
export const ACCOUNT_LINK = '/account';
/** A removal or suspension reason as the member reads it. */
export const reasonText = (reason: string) => text(`notifications:moderation.reasons.${reason}`);

/** Locks a listing for a moderator's action; a deleted listing is not found. */
export async function lockItem(tx: Tx, itemId: string) {
  const [item] = await tx.select().from(items).where(eq(items.id, itemId)).for('update');
  if (!item || item.deletedAt) throw notFound('items.not_found');
  return item;
}

/** Locks a member for a moderator's action; a deleted account is not found. */
export async function lockMember(tx: Tx, memberId: string) {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
  if (!member || member.deletedAt) throw notFound('members.not_found');
  return member;
}

/** Open reports about a target are answered by a moderator's action on it: they are resolved. */
export async function resolveReportsOn(tx: Tx, targetType: 'item' | 'user', targetId: string) {
  return tx
    .update(reports)
    .set({ status: 'resolved', resolvedAt: new Date() })
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
    )
    .returning({ id: reports.id });
}

/**
 * Puts a removed listing back within the caller's transaction and tells its owner. A moderator's
 * restore is recorded here (`item.restored`); a granted appeal is recorded by decideAppeal.
 */
export async function restoreItemWithin(
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

/** Moderators act on members; only an admin acts on a moderator or admin; nobody on themself. */
export function assertMayActOn(
  actor: { id: string; role: MemberRole },
  target: { id: string; role: MemberRole },
) {
  if (actor.id === target.id) throw badRequest('moderation.own_account');
  if (isModerator(target) && actor.role !== 'admin') throw forbidden('moderation.admins_act_on_staff');
}

/** The acting moderator's id and role, read in the action's transaction. */
export async function actorRow(tx: Tx, actorId: string) {
  const [actor] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, actorId));
  if (!actor) throw forbidden();
  return actor;
}

/** Ends a suspension (lifted by a moderator, granted on appeal, or expired): the listings return. */
export async function liftWithin(tx: Tx, effects: Effects, memberId: string) {
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

/** The latest audit entry that removed this listing or suspended this member: the sanction to appeal. */
export async function latestSanction(
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
