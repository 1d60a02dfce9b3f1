import { sql } from 'drizzle-orm';
import { type Database, type Db } from '../../db/connect';
import { foldUnderLock } from '../../lib/delta-fold';
import type { Sweep } from '../../lib/sweep';
import type { ServiceContext } from '../../lib/service-context';

/**
 * The vocabulary of listed words (search_words, migration 0059; docs/decisions/028): triggers on
 * `items` append +n/-n per word to `search_word_deltas` (aggregated per statement, so a bulk insert is
 * one set-based insert); the fold here moves them into `search_words`, and a read adds the deltas
 * not folded yet (search-correction.ts). Writers never update a shared word's row, so two
 * transactions that list items with the same words neither wait for nor deadlock on each other.
 */

/**
 * Moves every committed delta into `search_words` in one statement, so a read (one snapshot) sees
 * each change exactly once, in the deltas or in the words. Writers are not held up: they only insert
 * delta rows, which this neither locks nor waits for (a delta committed after the fold's snapshot
 * stays for the next fold). Skipped, answering false, while another fold runs. Words no listed item
 * holds any more are dropped afterwards.
 */
export function foldSearchWordDeltas(db: Db): Promise<boolean> {
  return foldUnderLock(db, 'threadswap:search-words-fold', async (tx) => {
    await tx.execute(sql`
      with gone as (delete from search_word_deltas returning word, n)
      insert into search_words (word, items)
      select word, sum(n)::int from gone group by word order by word
      on conflict (word) do update set items = search_words.items + excluded.items`);
    await tx.execute(sql`delete from search_words where items <= 0`);
  });
}

/**
 * The vocabulary again, from scratch: for writes that bypass the triggers (the benchmark's bulk copy
 * runs with `session_replication_role = replica`) and as a repair. Holds writers to `items` off
 * (SHARE lock) until it commits, so no change is lost or counted twice.
 */
export async function rebuildSearchWords(database: Pick<Database, 'db'>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table items in share mode`);
    await tx.execute(sql`delete from search_word_deltas`);
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`
        insert into search_words (word, items)
        select w, count(*)::int
        from items cross join lateral unnest(threadswap_search_words(items.search_text)) w
        where items.is_active
        group by w`);
  });
}

/** The periodic sweep folds the deltas, so that a correction's read of the pending ones stays short. */
export function registerSearchWordsFoldSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('items.search-words-fold', async () => {
    await foldSearchWordDeltas(ctx.db);
  });
}
