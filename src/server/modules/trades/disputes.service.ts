import { eq } from 'drizzle-orm';
import type { DisputeInput, DisputeResolutionInput, ModerationDispute } from '../../../common/api/trades';
import { canDispute, claimDeadline } from '../../../common/domain/trade-state';
import { tradeDisputes, tradeRequests } from '../../db/schema';
import { assertOwnPhotos } from './dispute-photos';
import type { TradeTimers } from '../../env';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { getTradeRequest } from './trade-read.service';
import {
  completeTrade,
  firstName,
  lockTrade,
  presentDispute,
  progress,
  releaseItems,
  tradeLink,
} from './trades.service';
import * as disputeQueue from './dispute-queue-columns';

/**
 * A party who has not confirmed receipt disputes an accepted trade: the trade is frozen (disputed)
 * until a moderator resolves it. Photos must be images the caller uploaded.
 */
export async function openDispute(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  input: DisputeInput,
  timers: TradeTimers,
) {
  const photoIds = [...new Set(input.photoIds ?? [])];
  await transact(ctx, async (tx, effects) => {
    const { trade, requested } = await lockTrade(tx, tradeId, memberId);
    const role = trade.ownerId === memberId ? 'owner' : 'requester';
    const now = new Date();
    if (!canDispute(progress(trade), role, claimDeadline(trade, timers.claimWindowDays), now)) {
      if (trade.status === 'disputed') throw conflict('dispute.trade_already_disputed');
      if (trade.status !== 'accepted')
        throw conflict('dispute.trade_not_disputable', { status: trade.status });
      if (role === 'owner' ? trade.ownerReceivedAt : trade.requesterReceivedAt)
        throw conflict('dispute.trade_receipt_confirmed');
      throw conflict('dispute.claim_window_closed');
    }
    await assertOwnPhotos(tx, memberId, photoIds);
    const againstId = role === 'owner' ? trade.requesterId : trade.ownerId;
    await tx.insert(tradeDisputes).values({
      tradeRequestId: trade.id,
      openedById: memberId,
      againstId,
      reason: input.reason,
      text: input.text,
      photoIds,
    });
    await tx
      .update(tradeRequests)
      .set({ status: 'disputed', updatedAt: now })
      .where(eq(tradeRequests.id, trade.id));
    await effects.emit('trade.changed', { tradeId: trade.id, event: 'disputed', actorId: memberId });
    const actor = await firstName(tx, memberId);
    effects.notify(
      {
        userId: againstId,
        type: 'trade_request',
        emailType: 'dispute',
        title: text('notifications:disputes.opened.title'),
        message: text('notifications:disputes.opened.message', {
          name: actor,
          item: requested.title,
          reason: text(`notifications:disputeReasons.${input.reason}`),
        }),
        link: tradeLink(trade.id),
      },
      {
        userId: memberId,
        type: 'trade_request',
        title: text('notifications:disputes.yours.title'),
        message: text('notifications:disputes.yours.message', { item: requested.title }),
        link: tradeLink(trade.id),
      },
    );
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

/** Trade disputes for the moderation queue (moderation-queue.ts adds the swap rings'). */
export async function listTradeDisputes(
  ctx: ServiceContext,
  status: disputeQueue.QueueStatus,
): Promise<ModerationDispute[]> {
  const rows = await ctx.db
    .select({
      dispute: tradeDisputes,
      tradeStatus: tradeRequests.status,
      ...disputeQueue.disputeQueueColumns,
    })
    .from(tradeDisputes)
    .innerJoin(tradeRequests, eq(tradeRequests.id, tradeDisputes.tradeRequestId))
    .innerJoin(
      disputeQueue.queueRequestedItem,
      eq(disputeQueue.queueRequestedItem.id, tradeRequests.requestedItemId),
    )
    // A giveaway handover has no requester's item (docs/decisions/027-giveaway-handovers.md).
    .leftJoin(
      disputeQueue.queueOfferedItem,
      eq(disputeQueue.queueOfferedItem.id, tradeRequests.offeredItemId),
    )
    .innerJoin(disputeQueue.queueRequester, eq(disputeQueue.queueRequester.id, tradeRequests.requesterId))
    .innerJoin(disputeQueue.queueOwner, eq(disputeQueue.queueOwner.id, tradeRequests.ownerId))
    .where(disputeQueue.queueFilter(status).where)
    .orderBy(disputeQueue.queueFilter(status).orderBy)
    .limit(200);
  return rows.map((row) => ({
    ...presentDispute(row.dispute),
    tradeId: row.dispute.tradeRequestId,
    ringId: null,
    tradeStatus: row.tradeStatus,
    ...disputeQueue.presentQueueParties(row),
  }));
}

/**
 * A moderator settles a dispute: the trade completes (both items traded) or is cancelled (both go
 * back to the marketplace, and nobody's cancellation share grows). Both parties get the note.
 * A moderator who is a party of the trade cannot decide it.
 */
export async function resolveTradeDispute(
  ctx: ServiceContext,
  moderatorId: string,
  disputeId: string,
  tradeId: string,
  input: DisputeResolutionInput,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, requested, itemIds } = await lockTrade(tx, tradeId, null);
    if (trade.requesterId === moderatorId || trade.ownerId === moderatorId)
      throw forbidden('dispute.own_trade');
    const [dispute] = await tx
      .select()
      .from(tradeDisputes)
      .where(eq(tradeDisputes.id, disputeId))
      .for('update');
    if (!dispute) throw notFound('dispute.not_found');
    if (dispute.resolvedAt || trade.status !== 'disputed') throw conflict('dispute.already_resolved');
    const now = new Date();
    if (input.outcome === 'completed') {
      await completeTrade(tx, trade, now);
    } else {
      await tx
        .update(tradeRequests)
        .set({ status: 'cancelled', cancelledAt: now, cancelledById: null, updatedAt: now })
        .where(eq(tradeRequests.id, trade.id));
      await releaseItems(tx, effects, trade, itemIds);
    }
    await tx
      .update(tradeDisputes)
      .set({ outcome: input.outcome, resolutionNote: input.note, resolvedById: moderatorId, resolvedAt: now })
      .where(eq(tradeDisputes.id, dispute.id));
    const verdict = input.outcome === 'completed' ? 'completed' : 'cancelled';
    // The moderator is no party: the card names nobody.
    await effects.emit('trade.changed', { tradeId: trade.id, event: verdict, actorId: null });
    effects.notify(
      ...[trade.requesterId, trade.ownerId].map((userId) => ({
        userId,
        type: 'trade_request' as const,
        title: text('notifications:disputes.resolved.title'),
        message: text(`notifications:disputes.resolved.${verdict}`, {
          item: requested.title,
          note: input.note,
        }),
        link: tradeLink(trade.id),
      })),
    );
  });
}
