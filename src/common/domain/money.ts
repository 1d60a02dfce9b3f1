/** Money is integer cents everywhere (docs/product.md § Money); dollars appear only when formatting. */

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Dollars typed by a person (e.g. "12.5") to integer cents, rounded; null when empty or not a number. */
export function dollarsToCents(dollars: string | number | null | undefined): number | null {
  if (dollars === null || dollars === undefined || dollars === '') return null;
  const value = typeof dollars === 'number' ? dollars : Number(dollars);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}
