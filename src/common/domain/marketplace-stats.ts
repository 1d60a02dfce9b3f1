import type { Stats } from '../api/items';

/** Shown when the server gives no statistics, so the band never reads zero. */
export const FALLBACK_STATS: Stats = { totalUsers: 12847, totalItems: 35692, totalTrades: 8234 };

/** The CO2 figure is fixed text, not computed (docs/product.md § Display rules). */
export const CO2_SAVED_LABEL = '145 Tons';

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Reads a stats answer, using the fallback for every total the server did not give. */
export function statsOrFallback(answer: unknown): Stats {
  const source: Record<string, unknown> = typeof answer === 'object' && answer !== null ? { ...answer } : {};
  return {
    totalUsers: count(source.totalUsers) ?? FALLBACK_STATS.totalUsers,
    totalItems: count(source.totalItems) ?? FALLBACK_STATS.totalItems,
    totalTrades: count(source.totalTrades) ?? FALLBACK_STATS.totalTrades,
  };
}

const countFormat = new Intl.NumberFormat('en-US');

/** 12847 -> '12,847'. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
