import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';

const BACKFILL = new URL('../db/migrations/0058_backfill_legacy_rows.sql', import.meta.url);

/**
 * Gives the trades a test wrote straight into trade_requests (with SQL, as trades were before
 * bundles) their trade_request_items and trade_offers rows, by running migration 0056 again: it
 * only touches trades that lack them.
 */
export async function fillTradeRows(q: Queryable) {
  for (const statement of readFileSync(BACKFILL, 'utf8').split('--> statement-breakpoint')) {
    await q.execute(sql.raw(statement));
  }
}
