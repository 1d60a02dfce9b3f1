import { describe, expect, it } from 'vitest';
import { FALLBACK_STATS, formatCount, statsOrFallback } from './marketplace-stats';

describe('statsOrFallback', () => {
  it('keeps the totals the server gives, including zero', () => {
    expect(
      statsOrFallback({ totalUsers: 3, totalItems: 0, totalTrades: 1, co2SavedKg: 16, landfillSavedKg: 1 }),
    ).toEqual({ totalUsers: 3, totalItems: 0, totalTrades: 1, co2SavedKg: 16, landfillSavedKg: 1 });
  });

  it('falls back for missing or malformed totals', () => {
    expect(statsOrFallback({ totalUsers: 5, totalItems: '7', totalTrades: -1 })).toEqual({
      totalUsers: 5,
      totalItems: FALLBACK_STATS.totalItems,
      totalTrades: FALLBACK_STATS.totalTrades,
      co2SavedKg: FALLBACK_STATS.co2SavedKg,
      landfillSavedKg: FALLBACK_STATS.landfillSavedKg,
    });
  });

  it('falls back entirely when there is no answer', () => {
    expect(statsOrFallback(undefined)).toEqual(FALLBACK_STATS);
    expect(statsOrFallback(null)).toEqual(FALLBACK_STATS);
  });
});

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(12847)).toBe('12,847');
    expect(formatCount(35692)).toBe('35,692');
    expect(formatCount(8234)).toBe('8,234');
    expect(formatCount(0)).toBe('0');
  });
});
