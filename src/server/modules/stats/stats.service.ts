import { count, eq } from 'drizzle-orm';
import type { Stats } from '../../../common/api/items';
import { swapImpact } from '../../../common/domain/swap-impact';
import { items, tradeRequests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

/**
 * The landing page's figures: members, listed items, completed trades, and the CO2 and landfill
 * saved by every item that changed hands (pairwise, in a bundle or in a ring: each is 'traded',
 * deleted since or not), by its category's stated factor.
 */
export async function marketplaceStats({ db }: ServiceContext): Promise<Stats> {
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
  return {
    totalUsers: members?.value ?? 0,
    totalItems: listed?.value ?? 0,
    totalTrades: trades?.value ?? 0,
    co2SavedKg: impact.co2Kg,
    landfillSavedKg: impact.landfillKg,
  };
}
