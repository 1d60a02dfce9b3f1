/**
 * What moderators do to members: suspend (their sessions end, their listings are held, their
 * partners are told), lift a suspension, warn; the end of suspensions whose date has passed (the
 * sweep and the member's sign-in); and the check every sign-in makes first.
 */
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { SuspensionInput } from '../../../common/api/moderation';
import type { Tx } from '../../db/connect';
import { appeals, items, ringLegs, rings, tradeRequests, users } from '../../db/schema';
import { isSuspended } from '../../lib/authentication';
import { endSessionsWithin } from '../../lib/session';
import type { Effects } from '../../lib/domain-events';
import { conflict, forbidden, HttpError } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { recordAction } from './audit';
import { holdItems, ownedBy } from './holds';
import { appealTokenFor } from './appeal-token';
import {
  ACCOUNT_LINK,
  actorRow,
  assertMayActOn,
  latestSanction,
  liftWithin,
  lockMember,
  reasonText,
  resolveReportsOn,
} from './moderation.service';

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
