import { eq } from 'drizzle-orm';
import type { ShipmentInput } from '../../../common/api/trades';
import { carrierName, type ShipmentRecord } from '../../../common/domain/carriers';
import { tradeRequests } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { conflict } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { shippingCountryOf } from '../exchange';
import { checkCarrierAndNumber } from '../exchange';
import type { Queryable } from '../../db/connect';
import type { Effects } from '../../lib/domain-events';
import { recordSent, roleOf } from './sending';
import { getTradeRequest } from './trade-read.service';
import { firstName, lockTrade, tradeLink } from './trades.service';

type TradeRow = typeof tradeRequests.$inferSelect;

/**
 * A party of an accepted trade says how they sent THEIR item (the requester the offered item, the
 * owner the requested one); saying it again replaces it. The partner is told. Receipt, and the
 * claim window it starts, stay the receiver's to confirm: a tracking number proves nothing arrived.
 */
export async function recordShipment(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  input: ShipmentInput,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade, requested, offered } = await lockTrade(tx, tradeId, memberId);
    if (trade.status !== 'accepted') {
      throw trade.status === 'pending'
        ? conflict('trade.tracking_before_accept')
        : conflict('trade.tracking_closed', { status: trade.status });
    }
    const isOwner = trade.ownerId === memberId;
    checkCarrierAndNumber(input, await shippingCountryOf(tx, memberId));
    const record: ShipmentRecord = {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shippedAt: new Date().toISOString(),
    };
    const previous = isOwner ? trade.ownerShipment : trade.requesterShipment;
    await tx
      .update(tradeRequests)
      .set({
        ...(isOwner ? { ownerShipment: record } : { requesterShipment: record }),
        updatedAt: new Date(),
      })
      .where(eq(tradeRequests.id, trade.id));
    // A tracking number says the items left: the deadline is met (the first time stays).
    await recordSent(tx, trade, roleOf(trade, memberId), new Date());
    await effects.emit('trade.changed', { tradeId: trade.id, event: 'shipped', actorId: memberId });
    const sent = isOwner ? requested : offered;
    const partnerId = isOwner ? trade.requesterId : trade.ownerId;
    const name = await firstName(tx, memberId);
    effects.notify({
      userId: partnerId,
      type: 'trade_request',
      title: text(previous ? 'notifications:shipments.updated' : 'notifications:shipments.shipped'),
      message: text('notifications:shipments.message', {
        name,
        item: sent.title,
        carrier:
          input.carrier === 'other'
            ? text('notifications:shipments.otherCarrier')
            : carrierName(input.carrier),
        tracking: input.trackingNumber,
      }),
      link: tradeLink(trade.id),
    });
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}

/** Tells the partner that the member sent their items (without tracking: the shipment has its own). */
async function tellPartnerSent(tx: Queryable, effects: Effects, trade: TradeRow, memberId: string) {
  effects.notify({
    userId: memberId === trade.ownerId ? trade.requesterId : trade.ownerId,
    type: 'trade_request',
    title: text('notifications:sending.sent.title'),
    message: text('notifications:sending.sent.message', { name: await firstName(tx, memberId) }),
    link: tradeLink(trade.id),
  });
}

/** POST /api/trade-requests/:id/sent: a party of an accepted trade says they sent their items. */
export async function markTradeSent(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { trade } = await lockTrade(tx, tradeId, memberId);
    if (trade.status !== 'accepted') throw conflict('trade.sending_closed', { status: trade.status });
    const now = new Date();
    if (!(await recordSent(tx, trade, roleOf(trade, memberId), now))) return;
    await effects.emit('trade.changed', { tradeId: trade.id, event: 'shipped', actorId: memberId });
    await tellPartnerSent(tx, effects, trade, memberId);
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}
