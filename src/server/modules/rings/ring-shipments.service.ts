import { and, eq } from 'drizzle-orm';
import type { ShipmentInput } from '../../../common/api/trades';
import { carrierName, type ShipmentRecord } from '../../../common/domain/carriers';
import { ringLegs } from '../../db/schema';
import type { TradeTimers } from '../../env';
import { conflict } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { shippingCountryOf } from '../exchange';
import { checkCarrierAndNumber } from '../exchange';
import { recordLegSent } from './ring-sending';
import { getRing } from './ring-read.service';
import { firstNames, lockRing } from './rings.service';
import { ringPath } from '../../../common/domain/notification-links';

/**
 * The giver of a ring leg says how they sent their item (carrier and tracking number, checked as a
 * trade's are: exchange/tracking-rules.ts); saying it again replaces it. Only while the ring is
 * accepted; the receiver of that leg is told.
 */
export async function recordRingShipment(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  input: ShipmentInput,
  timers: TradeTimers,
) {
  await transact(ctx, async (tx, effects) => {
    const { ring, legs } = await lockRing(tx, ringId, memberId);
    if (ring.status !== 'accepted') throw conflict('shipment.not_accepted', { status: ring.status });
    const leg = legs.find((candidate) => candidate.giverId === memberId);
    // A chain's last member receives without giving: nothing of theirs travels.
    if (!leg) throw conflict('rings.nothing_to_send');
    checkCarrierAndNumber(input, await shippingCountryOf(tx, memberId));
    const record: ShipmentRecord = {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shippedAt: new Date().toISOString(),
    };
    await tx
      .update(ringLegs)
      .set({ shipment: record })
      .where(and(eq(ringLegs.ringId, ring.id), eq(ringLegs.position, leg.position)));
    // A tracking number says the item left: the leg's deadline is met (the first time stays).
    await recordLegSent(tx, ring.id, leg.position, new Date());
    const name =
      (await firstNames(tx, [memberId])).get(memberId) ?? text('notifications:common.aMemberCapital');
    effects.notify({
      userId: leg.receiverId,
      type: 'swap_ring',
      title: text(leg.shipment ? 'notifications:shipments.updated' : 'notifications:shipments.shipped'),
      message: text('notifications:shipments.message', {
        name,
        item: leg.terms.title,
        carrier:
          input.carrier === 'other'
            ? text('notifications:shipments.otherCarrier')
            : carrierName(input.carrier),
        tracking: input.trackingNumber,
      }),
      link: ringPath(ring.id),
    });
  });
  return getRing(ctx, memberId, ringId, timers);
}
