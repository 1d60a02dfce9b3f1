import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/connect';
import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';

/**
 * Removes from listed_towns the towns left without a listed item (migration 0056, decision 024):
 * the distance sort and the `withinKm` count then probe only towns that hold something. Writers
 * keep their town's row locked (KEY SHARE) until they commit, and the prune deletes only a row it
 * can lock and has looked at again once locked, so a town being filled is never lost. Answers how
 * many towns went.
 */
export async function pruneListedTowns(db: ServiceContext['db']): Promise<number> {
  const [row] = await queryRows<{ pruned: number }>(
    db,
    sql`select threadswap_prune_listed_towns() as pruned`,
  );
  return row?.pruned ?? 0;
}

export function registerListedTownsSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('items.listed-towns', async () => {
    await pruneListedTowns(ctx.db);
  });
}
