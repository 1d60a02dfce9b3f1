/** Money is integer cents everywhere (docs/product.md § Money); dollars appear only when formatting. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 1250 -> '$12.50' in US English, '12,50 $US' in French (`tag` is a BCP 47 language tag). */
export function formatDollars(cents: number, tag = 'en-US'): string {
  let format = moneyFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
    moneyFormats.set(tag, format);
  }
  return format.format(cents / 100);
}

/** Dollars typed by a person (e.g. "12.5") to integer cents, rounded; null when empty or not a number. */
export function dollarsToCents(dollars: string | number | null | undefined): number | null {
  if (dollars === null || dollars === undefined || dollars === '') return null;
  const value = typeof dollars === 'number' ? dollars : Number(dollars);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}
