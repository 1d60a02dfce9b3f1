/**
 * Money is integer minor units everywhere (docs/product.md § Money); typed amounts are read and
 * written by src/common/domain/currency.ts, in the community's currency.
 */

/**
 * The two languages' number conventions, written out: the first Intl.NumberFormat a page creates
 * loads ICU's number data, 25–40 ms of main thread in one piece (a long task on a phone, where
 * every card's value is formatted in the first render). Numbers (whole or with fraction digits)
 * and dollar amounts in these two tags are written exactly as Intl writes them (money.test.ts
 * compares them); anything else goes to Intl.
 */
const PLAIN_NUMBERS: Record<
  string,
  { group: string; decimal: string; dollars: (amount: string) => string; percent: (amount: string) => string }
> = {
  'en-US': { group: ',', decimal: '.', dollars: (amount) => `$${amount}`, percent: (amount) => `${amount}%` },
  'fr-FR': {
    group: '\u202f',
    decimal: ',',
    dollars: (amount) => `${amount}\u00a0$US`,
    percent: (amount) => `${amount}\u00a0%`,
  },
};

function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, () => separator);
}

const intlFormats = new Map<string, Intl.NumberFormat>();

/** Intl's formatter for a tag and options, made once: what the written-out forms do not cover. */
function intlFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    intlFormats.set(key, format);
  }
  return format;
}

/** 1250 -> '$12.50' in US English, '12,50 $US' in French (`tag` is a BCP 47 language tag). */
export function formatDollars(cents: number, tag = 'en-US'): string {
  const plain = PLAIN_NUMBERS[tag];
  if (plain && Number.isSafeInteger(cents)) {
    const amount = Math.abs(cents);
    const whole = grouped(String(Math.floor(amount / 100)), plain.group);
    const fraction = String(amount % 100).padStart(2, '0');
    return `${cents < 0 ? '-' : ''}${plain.dollars(`${whole}${plain.decimal}${fraction}`)}`;
  }
  return intlFormat(tag, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/**
 * A finite number's decimal digits rounded to `maxFraction` places, ties away from zero, as Intl
 * rounds by default ('halfExpand'): from the shortest decimal that reads back as the same number
 * (String(value)), which is also the decimal ICU starts from; `shift` places to the right first
 * for a percentage. Null where String() writes an exponent (below 1e-6 or from 1e21), which is
 * left to Intl.
 */
function roundedDigits(
  magnitude: number,
  maxFraction: number,
  shift = 0,
): { whole: string; fraction: string } | null {
  const written = String(magnitude);
  if (written.includes('e')) return null;
  const [unshifted = '0', rest = ''] = written.split('.');
  // A percentage moves the decimal point (0.07 -> 7), as Intl does in decimal: never 0.07 * 100.
  const padded = rest.padEnd(shift, '0');
  const whole = `${unshifted}${padded.slice(0, shift)}`.replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(shift);
  if (fraction.length <= maxFraction) return { whole, fraction };
  const kept = `${whole}${fraction.slice(0, maxFraction)}`;
  const up = Number(fraction[maxFraction]) >= 5;
  const digits = up ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const split = digits.length - maxFraction;
  return { whole: digits.slice(0, split) || '0', fraction: digits.slice(split) };
}

/**
 * The fraction digits Intl shows by default and for the options written out here (fraction
 * digits, and `style: 'percent'`, whose default is none); null for any other option.
 */
function fractionDigits(
  options: Intl.NumberFormatOptions | undefined,
): { min: number; max: number; percent: boolean } | null {
  if (!options) return { min: 0, max: 3, percent: false };
  const { minimumFractionDigits: min = 0, maximumFractionDigits, style = 'decimal', ...rest } = options;
  if (Object.keys(rest).length > 0 || (style !== 'decimal' && style !== 'percent')) return null;
  if (!Number.isInteger(min) || min < 0 || min > 20) return null;
  const percent = style === 'percent';
  const max = maximumFractionDigits ?? Math.max(min, percent ? 0 : 3);
  if (!Number.isInteger(max) || max < min || max > 20) return null;
  return { min, max, percent };
}

/**
 * 12847 -> '12,847', 1.25 -> '1.25' and (as a percentage) 0.96 -> '96%' in US English, '12 847',
 * '1,25' and '96 %' in French, with optional minimum and maximum fraction digits; any other number
 * or option through Intl (one formatter per tag and options, kept).
 */
export function formatNumber(value: number, tag = 'en-US', options?: Intl.NumberFormatOptions): string {
  const plain = PLAIN_NUMBERS[tag];
  const places = fractionDigits(options);
  if (plain && places && Number.isFinite(value) && !Object.is(value, -0)) {
    const digits = roundedDigits(Math.abs(value), places.max, places.percent ? 2 : 0);
    if (digits) {
      let fraction = digits.fraction.replace(/0+$/, '');
      if (fraction.length < places.min) fraction = fraction.padEnd(places.min, '0');
      const number = `${grouped(digits.whole, plain.group)}${fraction ? `${plain.decimal}${fraction}` : ''}`;
      return `${value < 0 ? '-' : ''}${places.percent ? plain.percent(number) : number}`;
    }
  }
  return intlFormat(tag, options).format(value);
}
