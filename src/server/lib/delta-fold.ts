import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/connect';

/**
 * Runs a fold of delta rows into their totals (facet counts, the search vocabulary) in one
 * transaction under a transaction-level advisory lock named `lockName`: two folds at once would only
 * wait for each other, so the second is skipped and answers false. Writers only insert delta rows,
 * which a fold neither locks nor waits for (a delta committed after the fold's snapshot stays for the
 * next fold), so a read of totals plus the deltas left sees each change exactly once.
 */
export async function foldUnderLock(
  db: Db,
  lockName: string,
  fold: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext(${lockName})) as locked`,
    );
    if (!lock?.locked) return false;
    await fold(tx);
    return true;
  });
}
