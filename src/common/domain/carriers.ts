/**
 * The carriers a member can name when they say how they sent their item in a trade, with the page
 * where anyone can follow a parcel. `{n}` in a pattern stands for the tracking number; "Other" has
 * no page, so its number is shown without a link.
 */
export const CARRIERS = {
  'royal-mail': {
    name: 'Royal Mail',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  },
  evri: { name: 'Evri', url: 'https://www.evri.com/track/parcel/{n}' },
  dhl: {
    name: 'DHL',
    url: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id={n}',
  },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  usps: { name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  dpd: { name: 'DPD', url: 'https://tracking.dpd.de/status/en_US/parcel/{n}' },
  gls: { name: 'GLS', url: 'https://gls-group.eu/EU/en/parcel-tracking?match={n}' },
  'la-poste': {
    name: 'La Poste / Colissimo',
    url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}',
  },
  'mondial-relay': {
    name: 'Mondial Relay',
    url: 'https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={n}',
  },
  other: { name: 'Other', url: null },
} as const satisfies Record<string, { name: string; url: string | null }>;

export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [CarrierId, ...CarrierId[]];

/** 4 to 40 letters, digits, spaces and hyphens: every carrier's numbers fit, and nothing else does. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9 -]{4,40}$/;
export const TRACKING_NUMBER_MESSAGE =
  'The tracking number must be 4 to 40 letters, digits, spaces or hyphens';

/** What a party of an accepted trade said about the parcel they sent. */
export interface ShipmentRecord {
  carrier: CarrierId;
  trackingNumber: string;
  /** ISO time it was last given. */
  shippedAt: string;
}

export function carrierName(carrier: CarrierId): string {
  return CARRIERS[carrier].name;
}

/** The carrier's tracking page for this number, or null for "Other". Spaces are left out of the link. */
export function trackingUrl(carrier: CarrierId, trackingNumber: string): string | null {
  const pattern: string | null = CARRIERS[carrier].url;
  if (!pattern) return null;
  return pattern.replace('{n}', () => encodeURIComponent(trackingNumber.replace(/\s+/g, '')));
}
