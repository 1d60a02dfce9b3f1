import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, queryRows } from '../../db/connect';
import { items, users } from '../../db/schema';
import { openTestDatabase } from '../../test-support/test-database';
import { arcRowsQuery, loadRepackGraph } from './want-graph';

// The re-pack's read stays bounded whatever the statistics. A market of 6,000 listings
// loaded without ANALYZE (as a fresh seed or a bulk import leaves it): the whole-graph read still
// takes the items by index, and runs under a statement timeout.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const members = await db
    .insert(users)
    .values(Array.from({ length: 300 }, (_, i) => ({ email: `m${i}@example.com`, firstName: `M${i}` })))
    .returning({ id: users.id });
  const rows = Array.from({ length: 6000 }, (_, i) => ({
    userId: members[i % members.length]?.id ?? '',
    title: `Item ${i}`,
    description: 'Worn twice.',
    category: (['clothing', 'shoes', 'accessories'] as const)[i % 3] ?? 'clothing',
    gender: 'unisex' as const,
    condition: 'good' as const,
    estimatedValue: 1000 + (i % 50) * 100,
    images: ['/images/00000000-0000-4000-8000-000000000001'],
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(items).values(rows.slice(i, i + 1000));
  await db.execute(sql`insert into favorites (user_id, item_id)
    select u.id, i.id from users u join lateral (select id from items where user_id <> u.id order by id limit 3) i on true`);
}, 120_000);
afterAll(() => database.close());

describe('the re-pack on a market never analysed', () => {
  it('reads the items by index: no nested loop over a scan of the items', async () => {
    const plan = (await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${arcRowsQuery({})}`)).map(
      (row) => row['QUERY PLAN'],
    );
    const text = plan.join('\n');
    // A scan of the items under a nested loop's inner side repeats per outer row.
    const inner = plan.some(
      (line, index) =>
        /Seq Scan on items/.test(line) &&
        plan.slice(Math.max(0, index - 2), index).some((l) => /Nested Loop/.test(l)),
    );
    expect(inner, text).toBe(false);
    expect(text, text).toMatch(/Index (Only )?Scan using items_/);
  });

  it('sets the statement timeout on its reads, and reads the graph', async () => {
    const seen: string[] = [];
    const execute = db.transaction.bind(db);
    const spy = vi.spyOn(db, 'transaction').mockImplementation((work, config) =>
      execute(async (tx) => {
        const result = await work(tx);
        const [row] = await queryRows<{ timeout: string; readOnly: string }>(
          tx,
          sql`select current_setting('statement_timeout') as timeout, current_setting('transaction_read_only') as "readOnly"`,
        );
        seen.push(`${row?.timeout} ${row?.readOnly}`);
        return result;
      }, config),
    );
    try {
      const graph = await loadRepackGraph(db, 7000);
      expect(graph.arcs.length).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual(['7s on']);
  });
});
