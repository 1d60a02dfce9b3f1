import { sql } from 'drizzle-orm';
import { type Database, type Db } from '../../db/connect';
import { foldUnderLock } from '../../lib/delta-fold';
import type { Sweep } from '../../lib/sweep';
import type { ServiceContext } from '../../lib/service-context';

/**
 * The maintained facet counts of migration 0036 (decision 008 "Facets kept by triggers"): triggers on
 * `items` append +1/-1 per facet value to `item_facet_deltas`; the folds here move them into
 * `item_facet_counts`, and the unfiltered facets read both (items-facets.service.ts facetsFromCounts).
 */

/** Delta rows past which a read folds them (the read sums every delta row, so they must stay few). */
export const FOLD_AFTER_DELTAS = 2000;

/**
 * Moves every committed delta into `item_facet_counts` in one statement, so a read (one snapshot)
 * sees each change exactly once, in the deltas or in the counts. Writers are not held up: they only
 * insert delta rows, which this neither locks nor waits for (a delta committed after the fold's
 * snapshot stays for the next fold). Skipped, answering false, while another fold runs. Values that
 * fell to 0 are dropped afterwards (a brand that is no longer listed).
 */
export function foldItemFacetDeltas(db: Db): Promise<boolean> {
  return foldUnderLock(db, 'threadswap:item-facet-fold', async (tx) => {
    await tx.execute(sql`
      with gone as (delete from item_facet_deltas returning dimension, value, n)
      insert into item_facet_counts (dimension, value, n)
      select dimension, value, sum(n)::int from gone group by dimension, value
      on conflict (dimension, value) do update set n = item_facet_counts.n + excluded.n`);
    await tx.execute(sql`delete from item_facet_counts where n = 0`);
  });
}

/**
 * Counts every listed item again, from scratch: for writes that bypass the triggers (the
 * benchmark's bulk copy runs with `session_replication_role = replica`) and as a repair. Holds
 * writers to `items` off (SHARE lock) until it commits, so no change is lost or counted twice.
 */
export async function rebuildItemFacetCounts(database: Pick<Database, 'db'>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table items in share mode`);
    await tx.execute(sql`delete from item_facet_deltas`);
    await tx.execute(sql`delete from item_facet_counts`);
    await tx.execute(sql`
        insert into item_facet_counts (dimension, value, n)
        select f.dimension, f.value, count(*)::int
        from items i
        cross join lateral threadswap_item_facet_values(i.category, i.gender, i.condition, i.subcategory, i.size, i.brand) f
        where i.is_active
        group by f.dimension, f.value`);
  });
}

/**
 * The periodic sweep folds whatever deltas there are, so that they stay few even while no
 * uncached read of the unfiltered facets comes to fold them (the marketplace cache answers most).
 */
export function registerFacetFoldSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('items.facet-fold', async () => {
    await foldItemFacetDeltas(ctx.db);
  });
}
