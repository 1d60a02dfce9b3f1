import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisputeInput, DisputeResolutionInput, ModerationDispute } from '../../../common/api/trades';
import { canDisputeRing, ringClaimDeadline } from '../../../common/domain/ring-state';
import { ringLegs, rings, tradeDisputes } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { assertOwnPhotos } from '../trades';
import { disputeQueue } from '../trades';
import { presentDispute } from '../trades';
import { getRing } from './ring-read.service';
import { completeRing, dissolveRing, firstNames, lockRing, ringLink } from './rings.service';

/**
 * A ring member who has not confirmed receiving their item reports a problem with it, against its
 * giver, in the trades' dispute table (decision 006's rules, decision 007's lifecycle): the ring is
 * frozen (disputed) until a moderator decides, so it can neither complete nor be cancelled.
 */
export async function openRingDispute(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  input: DisputeInput,
  timers: TradeTimers,
) {
  const photoIds = [...new Set(input.photoIds ?? [])];
  await transact(ctx, async (tx, effects) => {
    const { ring, legs } = await lockRing(tx, ringId, memberId);
    const getLeg = legs.find((leg) => leg.receiverId === memberId);
    if (!getLeg) throw notFound('rings.not_found');
    const now = new Date();
    const deadline = ringClaimDeadline(
      legs.map((leg) => leg.receivedAt),
      timers.claimWindowDays,
    );
    if (!canDisputeRing(ring.status, getLeg.receivedAt !== null, deadline, now)) {
      if (ring.status === 'disputed') throw conflict('rings.already_disputed');
      if (ring.status !== 'accepted') throw conflict('rings.not_disputable', { status: ring.status });
      if (getLeg.receivedAt !== null) throw conflict('rings.receipt_confirmed');
      throw conflict('dispute.claim_window_closed');
    }
    await assertOwnPhotos(tx, memberId, photoIds);
    await tx.insert(tradeDisputes).values({
      ringId: ring.id,
      ringPosition: getLeg.position,
      openedById: memberId,
      againstId: getLeg.giverId,
      reason: input.reason,
      text: input.text,
      photoIds,
    });
    await tx.update(rings).set({ status: 'disputed', updatedAt: now }).where(eq(rings.id, ring.id));
    const actor =
      (await firstNames(tx, [memberId])).get(memberId) ?? text('notifications:common.aMemberCapital');
    const title = getLeg.terms.title;
    const reason = text(`notifications:disputeReasons.${input.reason}`);
    effects.notify(
      {
        userId: getLeg.giverId,
        type: 'swap_ring',
        emailType: 'dispute',
        title: text('notifications:ringDisputes.opened.title'),
        message: text('notifications:ringDisputes.opened.message', { name: actor, item: title, reason }),
        link: ringLink(ringId),
      },
      {
        userId: memberId,
        type: 'swap_ring',
        title: text('notifications:disputes.yours.title'),
        message: text('notifications:ringDisputes.yours.message', { item: title }),
        link: ringLink(ringId),
      },
      ...legs
        .filter((leg) => leg.giverId !== memberId && leg.giverId !== getLeg.giverId)
        .map((leg) => ({
          userId: leg.giverId,
          type: 'swap_ring' as const,
          emailType: 'dispute' as const,
          title: text('notifications:ringDisputes.onHold.title'),
          message: text('notifications:ringDisputes.onHold.message', { name: actor }),
          link: ringLink(ringId),
        })),
    );
  });
  return getRing(ctx, memberId, ringId, timers);
}

/**
 * A moderator who is not a member of the ring settles a dispute about one of its legs. "completed":
 * the item counts as delivered (its receipt is recorded) and the ring carries on, completing if that
 * was the last receipt. "cancelled": the ring is cancelled, blaming no member's cancellation share,
 * and its items go back to the marketplace; the giver has lost the dispute (reliability).
 */
export async function resolveRingDispute(
  ctx: ServiceContext,
  moderatorId: string,
  disputeId: string,
  ringId: string,
  input: DisputeResolutionInput,
) {
  await transact(ctx, async (tx, effects) => {
    const locked = await lockRing(tx, ringId, null);
    if (locked.legs.some((leg) => leg.giverId === moderatorId)) throw forbidden('dispute.own_ring');
    const [dispute] = await tx
      .select()
      .from(tradeDisputes)
      .where(eq(tradeDisputes.id, disputeId))
      .for('update');
    if (!dispute) throw notFound('dispute.not_found');
    if (dispute.resolvedAt || locked.ring.status !== 'disputed') throw conflict('dispute.already_resolved');
    const now = new Date();
    const leg = locked.legs.find((entry) => entry.position === dispute.ringPosition);
    const title = leg?.terms.title ?? 'an item';
    if (input.outcome === 'completed') {
      await tx
        .update(ringLegs)
        .set({ receivedAt: now })
        .where(
          and(
            eq(ringLegs.ringId, ringId),
            eq(ringLegs.position, dispute.ringPosition ?? -1),
            isNull(ringLegs.receivedAt),
          ),
        );
      const missing = locked.legs.filter(
        (entry) => entry.position !== dispute.ringPosition && entry.receivedAt === null,
      );
      if (missing.length === 0) {
        await completeRing(
          tx,
          effects,
          locked,
          now,
          text('notifications:ringDisputes.resolved.completed', { item: title, note: input.note }),
        );
      } else {
        await tx.update(rings).set({ status: 'accepted', updatedAt: now }).where(eq(rings.id, ringId));
        effects.notify(
          ...locked.legs.map((entry) => ({
            userId: entry.giverId,
            type: 'swap_ring' as const,
            title: text('notifications:disputes.resolved.title'),
            message: text('notifications:ringDisputes.resolved.carriesOn', { item: title, note: input.note }),
            link: ringLink(ringId),
          })),
        );
      }
    } else {
      const message = text('notifications:ringDisputes.resolved.cancelled', {
        item: title,
        note: input.note,
      });
      await dissolveRing(tx, effects, locked, 'cancelled', null, message, now);
    }
    await tx
      .update(tradeDisputes)
      .set({ outcome: input.outcome, resolutionNote: input.note, resolvedById: moderatorId, resolvedAt: now })
      .where(eq(tradeDisputes.id, dispute.id));
  });
}

const disputedLeg = alias(ringLegs, 'disputed_leg');
const openerLeg = alias(ringLegs, 'opener_leg');
/**
 * Ring disputes for the moderation queue, in the trades' shape: the opener (the leg's receiver) is
 * the "requester" who gave their own item, the giver is the "owner" of the disputed item.
 */
export async function listRingDisputes(
  ctx: ServiceContext,
  status: disputeQueue.QueueStatus,
): Promise<ModerationDispute[]> {
  const rows = await ctx.db
    .select({
      dispute: tradeDisputes,
      ringStatus: rings.status,
      ...disputeQueue.disputeQueueColumns,
    })
    .from(tradeDisputes)
    .innerJoin(rings, eq(rings.id, tradeDisputes.ringId))
    .innerJoin(
      disputedLeg,
      and(eq(disputedLeg.ringId, tradeDisputes.ringId), eq(disputedLeg.position, tradeDisputes.ringPosition)),
    )
    .innerJoin(
      openerLeg,
      and(eq(openerLeg.ringId, tradeDisputes.ringId), eq(openerLeg.giverId, disputedLeg.receiverId)),
    )
    .innerJoin(disputeQueue.queueRequestedItem, eq(disputeQueue.queueRequestedItem.id, disputedLeg.itemId))
    .innerJoin(disputeQueue.queueOfferedItem, eq(disputeQueue.queueOfferedItem.id, openerLeg.itemId))
    .innerJoin(disputeQueue.queueRequester, eq(disputeQueue.queueRequester.id, disputedLeg.receiverId))
    .innerJoin(disputeQueue.queueOwner, eq(disputeQueue.queueOwner.id, disputedLeg.giverId))
    .where(disputeQueue.queueFilter(status).where)
    .orderBy(disputeQueue.queueFilter(status).orderBy)
    .limit(200);
  return rows.map((row) => ({
    ...presentDispute(row.dispute),
    tradeId: null,
    ringId: row.dispute.ringId,
    // A ring under dispute is disputed, then accepted, completed or cancelled: states trades share.
    tradeStatus: row.ringStatus as ModerationDispute['tradeStatus'],
    ...disputeQueue.presentQueueParties(row),
  }));
}
