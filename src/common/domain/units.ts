/**
 * Units of weight, length and distance (docs/product.md § Languages, units): the one home of the
 * conversions and of the rule that picks a member's unit system. Metric everywhere except the
 * regions that use imperial units day to day (the United States, Liberia and Myanmar). Stored
 * figures keep their own unit (the impact figures in kilograms, the shipping rate in pounds); only
 * what is shown and typed follows the member's system.
 */

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The member's choice in Preferences: follow the community's default, or one system always. */
export const UNIT_PREFERENCES = ['auto', ...UNIT_SYSTEMS] as const;
export type UnitPreference = (typeof UNIT_PREFERENCES)[number];

export const isUnitPreference = (value: unknown): value is UnitPreference =>
  typeof value === 'string' && (UNIT_PREFERENCES as readonly string[]).includes(value);

/** ISO 3166 regions whose everyday units are imperial (US customary). */
export const IMPERIAL_REGIONS: ReadonlySet<string> = new Set(['US', 'LR', 'MM']);

/** Exact by definition (international yard and pound agreement, 1959). */
export const KG_PER_LB = 0.45359237;
export const LB_PER_KG = 1 / KG_PER_LB;
export const OZ_PER_LB = 16;
export const CM_PER_IN = 2.54;
export const KM_PER_MI = 1.609344;
/** A short (US) ton. */
export const LB_PER_SHORT_TON = 2000;

export const kgToLb = (kg: number): number => kg * LB_PER_KG;
export const lbToKg = (lb: number): number => lb * KG_PER_LB;
export const lbToOz = (lb: number): number => lb * OZ_PER_LB;
export const cmToIn = (cm: number): number => cm / CM_PER_IN;
export const inToCm = (inches: number): number => inches * CM_PER_IN;
export const kmToMi = (km: number): number => km / KM_PER_MI;
export const miToKm = (mi: number): number => mi * KM_PER_MI;

/** The region of a BCP 47 tag ('en-US' -> 'US', 'es-419' -> '419'), or null when it names none ('en'). */
export function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).region ?? null;
  } catch {
    return null;
  }
}

export const unitSystemOfRegion = (region: string | null): UnitSystem =>
  region !== null && IMPERIAL_REGIONS.has(region.toUpperCase()) ? 'imperial' : 'metric';

/**
 * The unit system of a browser: the region of its first preferred language (navigator.languages:
 * en-US -> imperial, en-GB and fr-FR -> metric). A first language without a region ('en') takes
 * the region of the browser's default locale (Intl's, e.g. 'en-US'), and metric when that names
 * none either. `defaultLocale` may be a function, called only when it is needed.
 */
export function unitSystemForLanguages(
  languages: readonly string[],
  defaultLocale: string | (() => string),
): UnitSystem {
  const first = languages.find((tag) => tag.trim() !== '');
  const region =
    (first ? regionOf(first) : null) ??
    regionOf(typeof defaultLocale === 'function' ? defaultLocale() : defaultLocale);
  return unitSystemOfRegion(region);
}

/**
 * The system in use: the member's choice, or, when they chose 'auto', the automatic one (the
 * community's default unit system; src/client/i18n/units.ts).
 */
export const resolveUnitSystem = (preference: UnitPreference, automatic: UnitSystem): UnitSystem =>
  preference === 'auto' ? automatic : preference;

/** A weight typed in the member's system, in pounds (kilograms for metric members). */
export const weightToLb = (value: number, system: UnitSystem): number =>
  system === 'imperial' ? value : kgToLb(value);

/** A weight in pounds, in the member's system. */
export const lbToSystem = (lb: number, system: UnitSystem): number =>
  system === 'imperial' ? lb : lbToKg(lb);

/** A length typed in the member's system (centimetres for metric members), in inches. */
export const lengthToIn = (value: number, system: UnitSystem): number =>
  system === 'imperial' ? value : cmToIn(value);

/**
 * A large mass for display, given in kilograms: below a tonne (or 2,000 lb) in kilograms (pounds),
 * rounded to the unit; above, in tonnes (short tons) with one decimal below 10 and none from there.
 */
export function displayMass(
  kg: number,
  system: UnitSystem,
): { unit: 'kg' | 'lb'; value: number } | { unit: 'tonnes' | 'tons'; value: number } {
  const [small, big, perBig] =
    system === 'imperial' ? (['lb', 'tons', LB_PER_SHORT_TON] as const) : (['kg', 'tonnes', 1000] as const);
  const amount = system === 'imperial' ? kgToLb(kg) : kg;
  if (Math.round(amount) < perBig) return { unit: small, value: Math.round(amount) };
  const large = amount / perBig;
  return { unit: big, value: large < 10 ? Math.round(large * 10) / 10 : Math.round(large) };
}

/**
 * A small weight for display, given in kilograms: metric in kilograms (up to one decimal);
 * imperial in pounds (up to one decimal), or in whole ounces below a pound.
 */
export function displayWeight(kg: number, system: UnitSystem): { unit: 'kg' | 'lb' | 'oz'; value: number } {
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  if (system === 'metric') return { unit: 'kg', value: oneDecimal(kg) };
  const lb = kgToLb(kg);
  if (Math.round(lbToOz(lb)) < OZ_PER_LB) return { unit: 'oz', value: Math.round(lbToOz(lb)) };
  return { unit: 'lb', value: oneDecimal(lb) };
}
