/**
 * The carriers a member can name when they say how they sent their item, per country, each with the
 * shape of its tracking numbers and the page where anyone can follow a parcel. `{n}` in a URL stands
 * for the tracking number; "Other" has no page, so its number is shown without a link.
 *
 * A number is checked against its carrier's `pattern` once spaces and hyphens are taken out and
 * letters upper-cased (`normalizeTrackingNumber`); the number is kept as the member typed it.
 */
export const CARRIERS = {
  usps: {
    name: 'USPS',
    url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
    // 20-22 digits (IMpb), 26 or 30 digits, or an international S10 number (two letters, nine digits, two letters).
    pattern: /^(\d{20,22}|\d{26}|\d{30}|[A-Z]{2}\d{9}[A-Z]{2})$/,
  },
  ups: {
    name: 'UPS',
    url: 'https://www.ups.com/track?tracknum={n}',
    // 1Z and 16 letters or digits, a T and 10 digits, or 9 or 12 digits (freight, mail innovations).
    pattern: /^(1Z[A-Z0-9]{16}|T\d{10}|\d{9}|\d{12})$/,
  },
  fedex: {
    name: 'FedEx',
    url: 'https://www.fedex.com/fedextrack/?trknbr={n}',
    pattern: /^(\d{12}|\d{14}|\d{15}|\d{20}|\d{22})$/,
  },
  'royal-mail': {
    name: 'Royal Mail',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
    // Tracked and Special Delivery: two letters, nine digits, GB; or a 16-character barcode.
    pattern: /^([A-Z]{2}\d{9}GB|[A-Z0-9]{16})$/,
  },
  evri: {
    name: 'Evri',
    url: 'https://www.evri.com/track/parcel/{n}',
    pattern: /^([A-Z0-9]{16}|\d{13})$/,
  },
  dpd: {
    name: 'DPD',
    url: 'https://tracking.dpd.de/status/en_US/parcel/{n}',
    // A 14-digit parcel number or a 10-digit consignment.
    pattern: /^(\d{14}|\d{10})$/,
  },
  'la-poste': {
    name: 'La Poste / Colissimo',
    url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}',
    // Colissimo: a digit, a letter and 11 digits; Lettre suivie: 13 or 15 digits; international S10.
    pattern: /^(\d[A-Z]\d{11}|\d{13}|\d{15}|[A-Z]{2}\d{9}[A-Z]{2})$/,
  },
  'mondial-relay': {
    name: 'Mondial Relay',
    url: 'https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={n}',
    pattern: /^(\d{8}|\d{10}|\d{12})$/,
  },
  chronopost: {
    name: 'Chronopost',
    url: 'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={n}',
    pattern: /^([A-Z]{2}\d{9}[A-Z]{2}|\d{14})$/,
  },
  dhl: {
    name: 'DHL',
    url: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id={n}',
    // Express (10 digits), Paket (12 or 20 digits), JJD/JVGL labels, GM eCommerce, international S10.
    pattern: /^(\d{10}|\d{12}|\d{20}|J{1,2}D\d{10,18}|JVGL\d{6,12}|GM\d{16,22}|[A-Z]{2}\d{9}[A-Z]{2})$/,
  },
  hermes: {
    name: 'Hermes',
    url: 'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#{n}',
    pattern: /^(\d{14}|\d{16}|H\d{19})$/,
  },
  gls: {
    name: 'GLS',
    url: 'https://gls-group.eu/EU/en/parcel-tracking?match={n}',
    pattern: /^(\d{11,12}|[A-Z0-9]{8})$/,
  },
  other: {
    name: 'Other',
    url: null,
    // Any number of the general shape (TRACKING_NUMBER_PATTERN): a local carrier we do not know.
    pattern: /^[A-Z0-9]{4,40}$/,
  },
} as const satisfies Record<string, { name: string; url: string | null; pattern: RegExp }>;

export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [CarrierId, ...CarrierId[]];

/**
 * The carriers offered in a country (ISO 3166-1 alpha-2), the most used first; "Other" ends every
 * list, for a local carrier. A country without a list of its own gets the international ones.
 */
export const CARRIERS_BY_COUNTRY: Readonly<Record<string, readonly CarrierId[]>> = {
  US: ['usps', 'ups', 'fedex', 'dhl', 'other'],
  GB: ['royal-mail', 'dpd', 'evri', 'dhl', 'ups', 'fedex', 'other'],
  FR: ['la-poste', 'mondial-relay', 'chronopost', 'dpd', 'gls', 'dhl', 'ups', 'other'],
  DE: ['dhl', 'hermes', 'dpd', 'gls', 'ups', 'other'],
};
export const INTERNATIONAL_CARRIERS: readonly CarrierId[] = ['dhl', 'ups', 'fedex', 'other'];

/** The country whose carriers are offered when nothing says otherwise. */
export const DEFAULT_CARRIER_COUNTRY = 'US';

export function carriersFor(country: string | null | undefined): readonly CarrierId[] {
  return CARRIERS_BY_COUNTRY[(country ?? DEFAULT_CARRIER_COUNTRY).toUpperCase()] ?? INTERNATIONAL_CARRIERS;
}

/** 4 to 40 letters, digits, spaces and hyphens: every carrier's numbers fit, and nothing else does. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9 -]{4,40}$/;
export const TRACKING_NUMBER_MESSAGE =
  'The tracking number must be 4 to 40 letters, digits, spaces or hyphens';

/** A number as carriers read it: no spaces or hyphens, letters upper-cased. */
export const normalizeTrackingNumber = (trackingNumber: string) =>
  trackingNumber.replace(/[\s-]+/g, '').toUpperCase();

/** Whether the number has the shape of this carrier's tracking numbers. */
export function isTrackingNumberOf(carrier: CarrierId, trackingNumber: string): boolean {
  return CARRIERS[carrier].pattern.test(normalizeTrackingNumber(trackingNumber));
}

/** What a party of an accepted trade (or the giver of a ring leg) said about the parcel they sent. */
export interface ShipmentRecord {
  carrier: CarrierId;
  trackingNumber: string;
  /** ISO time it was last given. */
  shippedAt: string;
  /**
   * Set when the items were handed over in person at a meet-up (the receiver entered the giver's
   * code, meetups.service.ts) rather than posted: the record then has no tracking number.
   */
  handedOverAt?: string;
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

/** A shipment as answers carry it: what was recorded, with the carrier's tracking page (null for "Other"). */
export function withTrackingUrl<T extends ShipmentRecord>(record: T): T & { trackingUrl: string | null } {
  return { ...record, trackingUrl: trackingUrl(record.carrier, record.trackingNumber) };
}
