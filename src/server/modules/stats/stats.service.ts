import { count, eq } from 'drizzle-orm';
import type { Stats } from '../../../common/api/items';
import { items, tradeRequests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

/** The landing page's counts: members, listed items and completed trades. */
export async function marketplaceStats({ db }: ServiceContext): Promise<Stats> {
  const [[members], [listed], [trades]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(items).where(eq(items.isActive, true)),
    db.select({ value: count() }).from(tradeRequests).where(eq(tradeRequests.status, 'completed')),
  ]);
  return {
    totalUsers: members?.value ?? 0,
    totalItems: listed?.value ?? 0,
    totalTrades: trades?.value ?? 0,
  };
}
