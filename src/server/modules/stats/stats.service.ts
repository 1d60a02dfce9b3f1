import { count, eq } from 'drizzle-orm';
import { MARKETPLACE_DEPTH, type Stats } from '../../../common/api/items';
import { swapImpact } from '../../../common/domain/swap-impact';
import { items, tradeRequests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

/**
 * The landing page's figures: members, listed items, completed trades, and the CO2 and landfill
 * saved by every item that changed hands (pairwise, in a bundle or in a ring: each is 'traded',
 * deleted since or not), by its category's stated factor. Every figure is counted exactly: each
 * count reads every row it counts, and the traded items a scan of every item (no index has them).
 * `largest`: the largest of the counts, traded items included.
 */
export async function countStats({ db }: ServiceContext): Promise<{ stats: Stats; largest: number }> {
  const [[members], [listed], [trades], swapped] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(items).where(eq(items.isActive, true)),
    db.select({ value: count() }).from(tradeRequests).where(eq(tradeRequests.status, 'completed')),
    db
      .select({ category: items.category, value: count() })
      .from(items)
      .where(eq(items.availability, 'traded'))
      .groupBy(items.category),
  ]);
  const impact = swapImpact(Object.fromEntries(swapped.map((row) => [row.category, row.value])));
  const stats: Stats = {
    totalUsers: members?.value ?? 0,
    totalItems: listed?.value ?? 0,
    totalTrades: trades?.value ?? 0,
    co2SavedKg: impact.co2Kg,
    landfillSavedKg: impact.landfillKg,
  };
  const swappedItems = swapped.reduce((sum, row) => sum + row.value, 0);
  return { stats, largest: Math.max(stats.totalUsers, stats.totalItems, stats.totalTrades, swappedItems) };
}

/** How long an answer with a count above `liveUpTo` is served again before it is counted anew. */
export const STATS_KEPT_MS = 60_000;

export interface StatsOptions {
  /** Counts up to this are made on every request (exact and live); MARKETPLACE_DEPTH by default. */
  liveUpTo?: number;
  keptMs?: number;
  now?: () => number;
}

/**
 * `GET /api/stats` for one app instance (docs/decisions/016, "The landing page's figures"). While
 * every count is at most `liveUpTo` (MARKETPLACE_DEPTH, the depth up to which the list's totals
 * are exact), each request counts them: a small market's band follows every listing and swap at
 * once. Once a count (traded items included) is larger, the answer is served again for `keptMs`
 * (a minute) before one request counts anew, concurrent ones sharing that count: at 1M items one
 * count reads 652,000 listed rows and scans every item for the traded ones, so it runs once a
 * minute per instance instead of once per visit, and the band shows exact figures at most a
 * minute old. Nobody reads a change of a few listings in 652,000.
 */
export function marketplaceStats(ctx: ServiceContext, options: StatsOptions = {}) {
  const { liveUpTo = MARKETPLACE_DEPTH, keptMs = STATS_KEPT_MS, now = Date.now } = options;
  let kept: { stats: Stats; until: number } | undefined;
  let counting: Promise<Stats> | undefined;
  const countAnew = async () => {
    const { stats, largest } = await countStats(ctx);
    kept = largest > liveUpTo ? { stats, until: now() + keptMs } : undefined;
    return stats;
  };
  return (): Promise<Stats> => {
    if (kept && now() < kept.until) return Promise.resolve(kept.stats);
    counting ??= countAnew().finally(() => {
      counting = undefined;
    });
    return counting;
  };
}
