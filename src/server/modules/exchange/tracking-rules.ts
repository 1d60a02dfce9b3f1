import type { ShipmentInput } from '../../../common/api/trades';
import { carrierName, carriersFor, isTrackingNumberOf } from '../../../common/domain/carriers';
import { fieldError } from '../../lib/errors';

/**
 * A carrier offered in the sender's country (recipient-address.query.ts shippingCountryOf) and a
 * number of that carrier's shape, or a 400 naming the field. Trades and rings' legs both check so.
 */
export function checkCarrierAndNumber(input: ShipmentInput, country: string) {
  if (!carriersFor(country).includes(input.carrier)) {
    throw fieldError(400, 'carrier', 'shipment.carrier_not_offered', { country });
  }
  if (!isTrackingNumberOf(input.carrier, input.trackingNumber)) {
    throw fieldError(400, 'trackingNumber', 'shipment.tracking_format', {
      carrier: carrierName(input.carrier),
    });
  }
}
