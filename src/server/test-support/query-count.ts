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

/**
 * The fewest statements, other than the session's lookup (which the instance's session cache may
 * spare), that `run` sent in `attempts` tries: what a request itself reads, while writes a
 * previous request set going (its notifications, its emails) may still be under way.
 */
export async function fewestRequestQueries(
  database: Database,
  run: () => Promise<unknown>,
  attempts = 3,
): Promise<number> {
  const counts: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const texts = await queriesDuring(database, run);
    counts.push(texts.filter((text) => !text.includes('"sessions"')).length);
  }
  return Math.min(...counts);
}
