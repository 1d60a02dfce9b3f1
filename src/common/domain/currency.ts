import { formatDollars } from './money';

/**
 * The community's currency (an admin's setting, src/common/api/community.ts): the one home of how
 * an amount is shown. Amounts are integer minor units everywhere (cents, pence; yen have none):
 * the currency only changes how they are written, never what is stored.
 */

export const DEFAULT_CURRENCY = 'USD';

let supported: ReadonlySet<string> | undefined;

/** The ISO 4217 codes this runtime's Intl knows ('EUR', 'GBP', 'JPY', …), sorted. */
export function currencyCodes(): readonly string[] {
  return [...supportedCurrencies()].sort();
}

function supportedCurrencies(): ReadonlySet<string> {
  if (!supported) {
    const listed =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [DEFAULT_CURRENCY];
    supported = new Set(listed);
  }
  return supported;
}

/** A three-letter ISO 4217 code Intl can format ('EUR'); lower case is not accepted. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && supportedCurrencies().has(value);
}

const minorDigits = new Map<string, number>();

/** How many minor-unit digits a currency has: 2 for EUR and USD, 0 for JPY, 3 for KWD. */
export function currencyMinorDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units in `currency`, for a reader of `tag` (a BCP 47 tag): 1250 EUR is
 * '€12.50' in US English and '12,50 €' in French; 1250 JPY is '¥1,250'. US dollars take the
 * written-out fast path of money.ts (no Intl object on a page's first render).
 */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY, tag = 'en-US'): string {
  if (currency === 'USD') return formatDollars(minor, tag);
  const key = `${tag} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(minor / 10 ** currencyMinorDigits(currency));
}

/**
 * Whether a person's typed amount is well formed in `currency`: digits, then at most the
 * currency's minor digits after a point or a comma ("24.99" or "24,99" in euros; yen take whole
 * numbers only, "2500"). No signs, no grouping: the field is a plain amount.
 */
export function isAmountInput(text: string, currency: string = DEFAULT_CURRENCY): boolean {
  const digits = currencyMinorDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+([.,]\\d{1,${digits}})?$`);
  return pattern.test(text.trim());
}

/**
 * An amount typed by a person in the currency's major unit ("12.5", "12,5") to integer minor
 * units (1250; "1200" yen stays 1200), rounded; null when empty or not a number.
 */
export function toMinorUnits(
  major: string | number | null | undefined,
  currency: string = DEFAULT_CURRENCY,
): number | null {
  if (major === null || major === undefined) return null;
  const text = typeof major === 'number' ? null : major.trim();
  if (text === '') return null;
  const value = text === null ? (major as number) : Number(text.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10 ** currencyMinorDigits(currency));
}

/** Minor units as the major-unit number a form field shows (1250 -> 12.5; yen unchanged). */
export function toMajorUnits(minor: number, currency: string = DEFAULT_CURRENCY): number {
  return minor / 10 ** currencyMinorDigits(currency);
}

/**
 * Minor units as the text a person edits: 1250 EUR -> "12.50", 1200 EUR -> "12", 1250 JPY ->
 * "1250" (a point as the decimal sign, which every field takes; isAmountInput).
 */
export function toAmountInput(minor: number, currency: string = DEFAULT_CURRENCY): string {
  const digits = currencyMinorDigits(currency);
  const unit = 10 ** digits;
  return minor % unit === 0 ? String(minor / unit) : (minor / unit).toFixed(digits);
}

/**
 * Example amounts for a field's hint and placeholder, as a reader of `tag` types them: '25' and
 * '24.99' in euros (French: '24,99'), '2500' and no fraction in yen.
 */
export function amountExamples(
  currency: string = DEFAULT_CURRENCY,
  tag = 'en-US',
): { whole: string; fraction: string | null; placeholder: string } {
  const digits = currencyMinorDigits(currency);
  if (digits === 0) return { whole: '2500', fraction: null, placeholder: '2500' };
  const decimal = tag.startsWith('fr') ? ',' : '.';
  const fraction = (25 - 10 ** -digits).toFixed(digits).replace('.', () => decimal);
  return { whole: '25', fraction, placeholder: (25).toFixed(digits).replace('.', () => decimal) };
}

/** The currency as a hint names it: 'EUR (€)', 'USD ($)', 'JPY (¥)'; the code alone when it has no sign of its own. */
export function currencyLabel(currency: string, tag = 'en-US'): string {
  const symbol = currencySymbol(currency, tag);
  return symbol === currency ? currency : `${currency} (${symbol})`;
}

/**
 * Codes Intl knows as regions but that are not ISO 3166-1 countries (groupings, the unknown
 * region, user-assigned codes other than Kosovo's XK).
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AA', 'QM']);
let regionNames: Intl.DisplayNames | null | undefined;

/** An ISO 3166-1 alpha-2 country code ('FR', 'GB'), upper case. */
export function isCountryCode(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value)) return false;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames ? regionNames.of(value) !== undefined : true;
}

/** The sign a reader of `tag` knows the currency by ('$', '€', '£'), for a field's prefix. */
export function currencySymbol(currency: string, tag = 'en-US'): string {
  return (
    new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
