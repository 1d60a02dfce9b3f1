/** Commands that move a trade through its states: accept, decline, cancel and confirm receipt. */
import { anySuspended } from '../moderation';
import { eq, inArray } from 'drizzle-orm';
import type { TradeStatusInput } from '../../../common/api/trades';
import { canConfirmReceipt, canTransition } from '../../../common/domain/trade-state';
import { items, tradeRequests } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { assertNotBlocked } from '../safety';
import { termsToAccept } from './trade-terms';
import { latePartner, receiptOpenTo } from './sending';
import { firstItemColumns, isHandover, writeSides } from './trade-sides';
import {
  completeTrade,
  firstName,
  lockTrade,
  progress,
  refreshAvailability,
  releaseItems,
  tradeLink,
  UNAVAILABLE,
} from './trades.service';
import { autoDecline } from './trade-reactions.service';
import { getTradeRequest } from './trade-read.service';

const invert = (role: 'owner' | 'requester') => (role === 'owner' ? 'requester' : 'owner');

export async function updateTradeStatus(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  input: TradeStatusInput,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, requested, itemIds, requestedItems, offeredItems, sides } = await lockTrade(
      tx,
      tradeId,
      memberId,
    );
    const role = trade.ownerId === memberId ? 'owner' : 'requester';
    const proposer = trade.offeredById ?? trade.requesterId;
    // The latest offer is accepted by the party who did not propose it: after a counter-offer by the
    // owner, the requester accepts.
    const actingRole = input.status === 'accepted' && proposer === trade.ownerId ? invert(role) : role;
    if (input.status === 'accepted' && trade.status === 'pending') {
      if (input.offerVersion !== undefined && input.offerVersion !== trade.offerVersion)
        throw conflict('trade.offer_replaced');
      if (proposer === memberId && (proposer === trade.ownerId || trade.offerVersion > 1))
        throw forbidden('trade.latest_offer_yours_accept');
    }
    const check = canTransition(progress(trade), input.status, actingRole);
    if (!check.ok) {
      if (check.reason === 'wrong-role') {
        throw forbidden(
          input.status === 'cancelled' ? 'trade.only_requester_cancels' : 'trade.only_owner_answers',
        );
      }
      if (trade.status === 'disputed') throw conflict('trade.under_dispute');
      if (trade.status === 'accepted') throw conflict('trade.item_received');
      throw conflict('trade.already_settled', { status: trade.status });
    }
    if (input.reason && !(input.status === 'cancelled' && trade.status === 'accepted')) {
      throw badRequest('trade.reason_only_when_cancelling');
    }
    const actor = await firstName(tx, memberId);
    const now = new Date();

    if (input.status === 'accepted') {
      await assertNotBlocked(tx, trade.ownerId, trade.requesterId);
      for (const item of [...requestedItems, ...offeredItems]) {
        if (!item.isActive || item.deletedAt || UNAVAILABLE.has(item.availability)) {
          throw conflict('trade.item_taken', { title: item.title });
        }
      }
      const terms = termsToAccept(sides, requestedItems, offeredItems, input.termsVersion);
      await tx
        .update(tradeRequests)
        .set({
          status: 'accepted',
          ...firstItemColumns(requestedItems, offeredItems, terms),
          acceptedAt: now,
          updatedAt: now,
        })
        .where(eq(tradeRequests.id, trade.id));
      await writeSides(tx, trade.id, requestedItems, offeredItems, terms);
      await tx.update(items).set({ availability: 'reserved' }).where(inArray(items.id, itemIds));
      await effects.emit('items.availability-changed', {
        itemIds,
        availability: 'reserved',
        parties: [trade.ownerId, trade.requesterId],
      });
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'accepted', actorId: memberId });
      await autoDecline(ctx, tx, effects, memberId, trade, itemIds);
      effects.notify({
        userId: memberId === trade.ownerId ? trade.requesterId : trade.ownerId,
        type: 'trade_request',
        emailType: 'tradeAccepted',
        title: text('notifications:trades.accepted.title'),
        message: text(
          itemIds.length > 2
            ? 'notifications:trades.accepted.bundleMessage'
            : 'notifications:trades.accepted.message',
          { name: actor, item: requested.title },
        ),
        link: tradeLink(trade.id),
      });
      return;
    }

    if (input.status === 'cancelled' && trade.status === 'accepted') {
      const reason = input.reason || null;
      // Past the partner's shipping deadline with nothing sent, backing out costs nothing: the
      // late partner's reliability counts the cancellation instead.
      const lateSenderId = latePartner(trade, role, timers, now);
      await tx
        .update(tradeRequests)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          cancelledById: memberId,
          cancelReason: reason,
          lateSenderId,
          cancelExcused:
            lateSenderId !== null ||
            (await anySuspended(tx, [trade.requesterId === memberId ? trade.ownerId : trade.requesterId])),
          updatedAt: now,
        })
        .where(eq(tradeRequests.id, trade.id));
      await releaseItems(tx, effects, trade, itemIds);
      await effects.emit('trade.changed', { tradeId: trade.id, event: 'cancelled', actorId: memberId });
      effects.notify({
        userId: role === 'owner' ? trade.requesterId : trade.ownerId,
        type: 'trade_request',
        title: text('notifications:trades.cancelled.title'),
        message: reason
          ? text('notifications:trades.cancelled.messageWithReason', {
              name: actor,
              item: requested.title,
              reason,
            })
          : text('notifications:trades.cancelled.message', { name: actor, item: requested.title }),
        link: tradeLink(trade.id),
      });
      return;
    }

    await tx
      .update(tradeRequests)
      .set({
        status: input.status,
        updatedAt: now,
        ...(input.status === 'cancelled' ? { cancelledAt: now, cancelledById: memberId } : {}),
      })
      .where(eq(tradeRequests.id, trade.id));
    await refreshAvailability(tx, itemIds);
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: input.status === 'declined' ? 'declined' : 'cancelled',
      actorId: memberId,
    });
    effects.notify(
      input.status === 'declined'
        ? {
            userId: trade.requesterId,
            type: 'trade_request',
            title: text('notifications:trades.declined.title'),
            message: text('notifications:trades.declined.message', { name: actor, item: requested.title }),
            link: tradeLink(trade.id),
          }
        : {
            userId: trade.ownerId,
            type: 'trade_request',
            title: text('notifications:trades.withdrawn.title'),
            message: text('notifications:trades.withdrawn.message', { name: actor, item: requested.title }),
            link: tradeLink(trade.id),
          },
    );
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

export async function confirmReceived(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, requested } = await lockTrade(tx, tradeId, memberId);
    if (trade.status === 'completed') throw conflict('trade.already_completed');
    if (trade.status === 'disputed') throw conflict('trade.under_dispute');
    if (!canConfirmReceipt(trade.status)) {
      throw conflict('trade.receipt_needs_accepted');
    }
    const isOwner = trade.ownerId === memberId;
    // A giveaway handover's giver receives nothing: the receiver's confirmation completes it.
    if (isOwner && isHandover(trade)) throw conflict('trade.nothing_to_receive');
    if ((isOwner ? trade.ownerReceivedAt : trade.requesterReceivedAt) !== null) return;
    const now = new Date();
    // Nothing can be received before it was sent (or the sender's deadline passed without a word).
    if (!receiptOpenTo(trade, isOwner ? 'owner' : 'requester', timers, now))
      throw conflict('trade.partner_not_sent');
    const bothReceived = isOwner
      ? trade.requesterReceivedAt !== null
      : trade.ownerReceivedAt !== null || isHandover(trade);
    await tx
      .update(tradeRequests)
      .set({ ...(isOwner ? { ownerReceivedAt: now } : { requesterReceivedAt: now }), updatedAt: now })
      .where(eq(tradeRequests.id, trade.id));
    const parties = [trade.requesterId, trade.ownerId];
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: bothReceived ? 'completed' : 'received',
      actorId: memberId,
    });
    if (bothReceived) {
      await completeTrade(tx, trade, now);
      for (const userId of parties) {
        effects.notify({
          userId,
          type: 'trade_request',
          title: text('notifications:trades.completed.title'),
          message: text('notifications:trades.completed.message', { item: requested.title }),
          link: tradeLink(trade.id),
        });
      }
      return;
    }
    const actor = await firstName(tx, memberId);
    const days = timers.claimWindowDays;
    for (const userId of parties) {
      effects.notify({
        userId,
        type: 'trade_request',
        title: text('notifications:trades.received.title'),
        message:
          userId === memberId
            ? text('notifications:trades.received.yours', { item: requested.title })
            : text('notifications:trades.received.theirs', {
                name: actor,
                item: requested.title,
                count: days,
              }),
        link: tradeLink(trade.id),
      });
    }
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}
