import { count, eq } from 'drizzle-orm';
import { stats } from '../../../common/api/items';
import type { AppInstance } from '../../app';
import { items, users } from '../../db/schema';
import { countCompletedTrades } from '../trades/trades.service';

export async function statsRoutes(app: AppInstance) {
  app.get('/api/stats', { schema: { response: { 200: stats } } }, async () => {
    const [[members], [listed], totalTrades] = await Promise.all([
      app.db.select({ value: count() }).from(users),
      app.db.select({ value: count() }).from(items).where(eq(items.isActive, true)),
      countCompletedTrades(app.db),
    ]);
    return { totalUsers: members?.value ?? 0, totalItems: listed?.value ?? 0, totalTrades };
  });
}
