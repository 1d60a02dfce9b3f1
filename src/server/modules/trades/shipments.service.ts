import { eq } from 'drizzle-orm';
import type { ShipmentInput } from '../../../common/api/trades';
import { carrierName, type ShipmentRecord } from '../../../common/domain/carriers';
import { tradeRequests } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { conflict } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { firstName, getTradeRequest, lockTrade, TRADES_LINK } from './trades.service';

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
      link: TRADES_LINK,
    });
  });
  return getTradeRequest(ctx, memberId, tradeId, timers);
}
