/** Money is integer cents everywhere (docs/product.md § Money); dollars appear only when formatting. */

/**
 * The two languages' number conventions, written out: the first Intl.NumberFormat a page creates
 * loads ICU's number data, 25–40 ms of main thread in one piece (a long task on a phone, where
 * every card's value is formatted in the first render). Whole numbers and dollar amounts in these
 * two tags are written exactly as Intl writes them (money.test.ts compares them); anything else
 * goes to Intl.
 */
const PLAIN_NUMBERS: Record<string, { group: string; decimal: string; dollars: (amount: string) => string }> =
  {
    'en-US': { group: ',', decimal: '.', dollars: (amount) => `$${amount}` },
    'fr-FR': { group: '\u202f', decimal: ',', dollars: (amount) => `${amount}\u00a0$US` },
  };

function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 1250 -> '$12.50' in US English, '12,50 $US' in French (`tag` is a BCP 47 language tag). */
export function formatDollars(cents: number, tag = 'en-US'): string {
  const plain = PLAIN_NUMBERS[tag];
  if (plain && Number.isSafeInteger(cents)) {
    const amount = Math.abs(cents);
    const whole = grouped(String(Math.floor(amount / 100)), plain.group);
    const fraction = String(amount % 100).padStart(2, '0');
    return `${cents < 0 ? '-' : ''}${plain.dollars(`${whole}${plain.decimal}${fraction}`)}`;
  }
  let format = moneyFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
    moneyFormats.set(tag, format);
  }
  return format.format(cents / 100);
}

/** 12847 -> '12,847' in US English, '12 847' in French; any other number through Intl. */
export function formatNumber(value: number, tag = 'en-US', options?: Intl.NumberFormatOptions): string {
  const plain = PLAIN_NUMBERS[tag];
  if (plain && !options && Number.isSafeInteger(value) && !Object.is(value, -0)) {
    return `${value < 0 ? '-' : ''}${grouped(String(Math.abs(value)), plain.group)}`;
  }
  return new Intl.NumberFormat(tag, options).format(value);
}

/** Dollars typed by a person (e.g. "12.5") to integer cents, rounded; null when empty or not a number. */
export function dollarsToCents(dollars: string | number | null | undefined): number | null {
  if (dollars === null || dollars === undefined || dollars === '') return null;
  const value = typeof dollars === 'number' ? dollars : Number(dollars);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}
