/**
 * The shipping estimate (docs/product.md § Shipping estimate), computed on the client (the calculation makes no call): a flat
 * base plus a rate per pound, by default 15.99 plus 0.50 per pound in the community's currency; admins
 * set both (community settings: shippingBaseMinor, shippingPerPoundMinor, in minor units). Each party
 * ships its own item, so the figure is 'per party'.
 */

export const SHIPPING_BASE_CENTS = 1599;
export const SHIPPING_CENTS_PER_POUND = 50;

/** The community's shipping rate, in minor units of its currency. */
export interface ShippingRate {
  baseMinor: number;
  perPoundMinor: number;
}
export const DEFAULT_SHIPPING_RATE: ShippingRate = {
  baseMinor: SHIPPING_BASE_CENTS,
  perPoundMinor: SHIPPING_CENTS_PER_POUND,
};
/** The heaviest parcel the calculator accepts; heavier parcels need freight, not a swap. */
export const MAX_SHIPPING_WEIGHT_LB = 150;
export const SHIPPING_DELIVERY_ESTIMATE = '3-5 business days';

/** The cost for one party in integer minor units (cents), rounded to the nearest one. */
export function shippingCostCents(weightLb: number, rate: ShippingRate = DEFAULT_SHIPPING_RATE): number {
  return rate.baseMinor + Math.round(rate.perPoundMinor * weightLb);
}

/**
 * A weight the calculator accepts: a finite number above 0 and at most 150 lb (68.039 kg). Metric
 * members type kilograms; the dialog converts them to pounds (src/common/domain/units.ts) first.
 */
export function isValidShippingWeight(weightLb: number): boolean {
  return Number.isFinite(weightLb) && weightLb > 0 && weightLb <= MAX_SHIPPING_WEIGHT_LB;
}

export interface ParcelDimensions {
  length: number;
  width: number;
  height: number;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const DIMENSIONS_PATTERN = new RegExp(
  String.raw`^\s*${NUMBER}\s*[x×*]\s*${NUMBER}\s*[x×*]\s*${NUMBER}\s*(?:in|"|cm)?\s*$`,
  'i',
);

/**
 * Reads 'L x W x H' in the member's length unit, e.g. '12x10x4', '12 × 10 × 4 in' or
 * '30x25x10 cm' (inches for imperial members, centimetres for metric ones: src/common/domain/units.ts;
 * the sizes are shown back, not priced). Null unless there are exactly three numbers, each above 0.
 */
export function parseDimensions(text: string): ParcelDimensions | null {
  const match = DIMENSIONS_PATTERN.exec(text);
  if (!match) return null;
  const [length, width, height] = [match[1], match[2], match[3]].map(Number);
  if (length === undefined || width === undefined || height === undefined) return null;
  if (![length, width, height].every((side) => Number.isFinite(side) && side > 0)) return null;
  return { length, width, height };
}
