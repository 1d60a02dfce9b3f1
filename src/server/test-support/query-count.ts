import { vi } from 'vitest';
import type { Database } from '../db/connect';

/**
 * How many statements `run` sent to the database: every query goes through PGlite's `query` or
 * the PostgreSQL pool's `query` (reads outside transactions; what the callers here measure).
 */
export async function countQueries(database: Database, run: () => Promise<unknown>): Promise<number> {
  return (await queriesDuring(database, run)).length;
}

/** The statements `run` sent to the database, as their text (see countQueries). */
export async function queriesDuring(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const target: { query: (...args: never[]) => unknown } | undefined = database.pglite ?? database.pool;
  if (!target) throw new Error('no database client to count queries on');
  const spy = vi.spyOn(target, 'query');
  try {
    await run();
    return spy.mock.calls.map(([query]: unknown[]) =>
      typeof query === 'string' ? query : String((query as { text?: unknown } | undefined)?.text),
    );
  } finally {
    spy.mockRestore();
  }
}
