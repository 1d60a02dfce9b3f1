import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

/**
 * Legs stored before reasons became codes held English sentences: the migration reads each back
 * into a code, keeping a wishlist entry's title. Its statement runs here on a table of old rows.
 */
const t = useTestApp();

const MIGRATION = readFileSync(
  new URL('../../db/migrations/0054_ring_reason_codes.sql', import.meta.url),
  'utf8',
);

describe('the ring reason migration', () => {
  it('turns every stored sentence into a code', async () => {
    await t.db.execute(
      sql`create temporary table legacy_ring_legs (id int primary key, reason text not null)`,
    );
    const sentences = [
      'they favourited it',
      'it is on their wish list',
      'it matches their wishlist entry "Boots for my sister’s wedding"',
      'it matches their wishlist',
      "it matches their swap rule (Shoes · worth 67% to 150% of their item's value)",
      'it matches their swap rule',
      'something nobody wrote',
    ];
    for (const [id, reason] of sentences.entries()) {
      await t.db.execute(sql`insert into legacy_ring_legs values (${id}, ${reason})`);
    }
    await t.db.execute(sql.raw(MIGRATION.replace('"ring_legs"', 'legacy_ring_legs')));
    const result = (await t.db.execute(sql`select reason from legacy_ring_legs order by id`)) as unknown as {
      rows: Array<{ reason: unknown }>;
    };
    expect(result.rows.map((row) => row.reason)).toEqual([
      { code: 'favourite' },
      { code: 'wanted' },
      { code: 'wishlist', params: { entry: 'Boots for my sister’s wedding' } },
      { code: 'wishlist' },
      { code: 'swapRule' },
      { code: 'swapRule' },
      { code: 'wanted' },
    ]);
  });
});
