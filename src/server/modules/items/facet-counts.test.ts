import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/connect';
import { seedDemo } from '../../db/seed';
import { serviceContextFor } from '../../test-support/service-context';
import { openTestDatabase, testDriver } from '../../test-support/test-database';
import { createSweep } from '../../lib/sweep';
import {
  FOLD_AFTER_DELTAS,
  foldItemFacetDeltas,
  rebuildItemFacetCounts,
  registerFacetFoldSweep,
} from './facet-counts';
import {
  facets,
  facetsFromCounts,
  facetsInOnePass,
  facetsPerDimension,
  isUnfiltered,
} from './items-facets.service';

// The unfiltered facets come from counts that triggers on items keep (migration 0036). Whatever
// writes the items (inserts, edits, unlisting, deletes, a deleted member, a holiday), they must
// answer exactly what a scan of the listed items answers.
let database: Database & { truncate(): Promise<void> };
let members: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  // The demo market: 320 items over every category, condition, size system and many brands.
  await seedDemo(database.db, () => undefined, { photos: 'on-demand' });
  members = (await queryRows<{ id: string }>(database.db, sql`select id from users order by email`)).map(
    (row) => row.id,
  );
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const ctx = () => serviceContextFor(database.db);

/** The counts' answer against the scans' answers, and the stored counts against a recount. */
async function expectExact() {
  const scanned = await facetsInOnePass(ctx(), {});
  expect(await facetsPerDimension(ctx(), {})).toEqual(scanned);
  expect(await facetsFromCounts(ctx())).toEqual(scanned);
  expect(await facets(ctx(), {})).toEqual(scanned);
  return scanned;
}

/** Every count (folded and not), one number per dimension and value, in a stable order. */
async function storedCounts() {
  return queryRows<{ dimension: string; value: string | null; n: number }>(
    database.db,
    sql`select dimension, value, sum(n)::int as n from (
          select dimension, value, n from item_facet_counts union all select dimension, value, n from item_facet_deltas
        ) c group by dimension, value having sum(n) <> 0 order by dimension, value nulls first`,
  );
}

const member = (index: number) => members[index % members.length] as string;

async function insertItem(owner: string, fields: Partial<Record<string, string | boolean | null>> = {}) {
  const item = {
    title: 'Test item',
    category: 'clothing',
    gender: 'women',
    subcategory: 'dresses',
    condition: 'good',
    brand: 'Facetbrand',
    size: 'M',
    is_active: true,
    ...fields,
  };
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into items (user_id, title, description, category, gender, subcategory, condition, brand, size, estimated_value, is_active)
        values (${owner}, ${item.title}, 'For the facet counts.', ${item.category}, ${item.gender}, ${item.subcategory},
          ${item.condition}, ${item.brand}, ${item.size}, 2500, ${item.is_active})
        returning id`,
  );
  return row?.id as string;
}

describe('facets kept by triggers', () => {
  it('answers what the scans answer on the seeded market', async () => {
    const scanned = await expectExact();
    expect(scanned.total).toBeGreaterThan(200);
    expect(scanned.brands).toHaveLength(20);
    expect(scanned.sizes.length).toBeGreaterThan(10);
  });

  it('is used for the unfiltered facets only', () => {
    expect(isUnfiltered({})).toBe(true);
    expect(isUnfiltered({ search: '', tags: [] })).toBe(true);
    expect(isUnfiltered({ gender: ['women'] })).toBe(false);
    expect(isUnfiltered({ minPrice: 0 })).toBe(false);
    expect(isUnfiltered({ search: 'coat' })).toBe(false);
  });

  it('follows inserts, edits, unlisting, relisting and deletes', async () => {
    // Inserts, one at a time and several in one statement, listed and not, with and without brand and size.
    const a = await insertItem(member(1));
    const b = await insertItem(member(2), { brand: null, size: null, subcategory: null });
    const c = await insertItem(member(3), { is_active: false, brand: 'Hidden brand' });
    await database.db.execute(sql`
      insert into items (user_id, title, description, category, gender, condition, brand, size, estimated_value)
      select ${member(4)}, 'Bulk ' || n, 'Many at once.', case when n % 2 = 0 then 'shoes' else 'accessories' end,
        case when n % 3 = 0 then 'men' else 'unisex' end, 'like-new', 'Bulkbrand ' || (n % 4), 'EU ' || (36 + n % 5), 1000 + n
      from generate_series(1, 60) n`);
    await expectExact();

    // Edits of each dimension, and edits that touch no facet.
    await database.db.execute(sql`update items set brand = 'Renamed', size = 'XL' where id = ${a}`);
    await database.db.execute(
      sql`update items set category = 'shoes', gender = 'men', subcategory = null where id = ${a}`,
    );
    await database.db.execute(sql`update items set condition = 'fair' where id = ${b}`);
    await database.db.execute(
      sql`update items set favorite_count = favorite_count + 1, availability = 'pending' where id = ${b}`,
    );
    await database.db.execute(
      sql`update items set brand = upper(brand) where title like 'Bulk %' and brand like '%1'`,
    );
    await expectExact();

    // Unlisting (a soft delete, a swap), relisting, and an edit of an unlisted item.
    await database.db.execute(sql`update items set is_active = false, deleted_at = now() where id = ${a}`);
    await database.db.execute(
      sql`update items set is_active = false, availability = 'traded' where title like 'Bulk 1%'`,
    );
    await database.db.execute(sql`update items set brand = 'Still hidden' where id = ${c}`);
    await database.db.execute(sql`update items set is_active = true, brand = 'Shown now' where id = ${c}`);
    await expectExact();

    // The same row changed twice in one transaction, and a change rolled back.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update items set size = 'S' where id = ${b}`);
      await tx.execute(sql`update items set size = 'L', is_active = false where id = ${b}`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update items set brand = 'Never' where id = ${c}`);
        await tx.execute(sql`delete from items where title like 'Bulk 2%'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExact();

    // Deletes: of items, and of a member with all their items (the foreign key's cascade).
    await database.db.execute(sql`delete from items where id in (${b}, ${c})`);
    await database.db.execute(sql`delete from items where title like 'Bulk 3%'`);
    await database.db.execute(sql`delete from users where id = ${member(5)}`);
    members = members.filter((id) => id !== member(5));
    await expectExact();
  });

  it('leaves out the items of members away, and takes them back when the holiday ends', async () => {
    await database.db.execute(
      sql`update users set holiday_until = now() + interval '3 days' where id in (${member(6)}, ${member(7)})`,
    );
    const away = await expectExact();
    await database.db.execute(
      sql`update users set holiday_until = now() - interval '1 second' where id = ${member(6)}`,
    );
    const back = await expectExact();
    expect(back.total).toBeGreaterThan(away.total);
    await database.db.execute(sql`update users set holiday_until = null where id = ${member(7)}`);
    await expectExact();
  });

  it('keeps the answer through folds, and a rebuild stores the same counts', async () => {
    await insertItem(member(8), { brand: 'Folded brand' });
    const before = await storedCounts();
    expect(await foldItemFacetDeltas(database.db)).toBe(true);
    const [left] = await queryRows<{ deltas: number; zero: number }>(
      database.db,
      sql`select (select count(*)::int from item_facet_deltas) as deltas,
            (select count(*)::int from item_facet_counts where n = 0) as zero`,
    );
    expect(left).toEqual({ deltas: 0, zero: 0 });
    expect(await storedCounts()).toEqual(before);
    await expectExact();

    // Changes after a fold land in the deltas again; the rebuild counts the items afresh.
    await database.db.execute(sql`update items set is_active = false where brand = 'Folded brand'`);
    const changed = await storedCounts();
    await rebuildItemFacetCounts(database);
    expect(await storedCounts()).toEqual(changed);
    await expectExact();
  });

  it('folds the deltas once a read finds more than FOLD_AFTER_DELTAS of them', async () => {
    // Changes that cancel out: the answer stays, the delta rows pile up.
    await database.db.execute(sql`
      insert into item_facet_deltas (dimension, value, n)
      select 'brand', 'Churn', case when n % 2 = 0 then 1 else -1 end from generate_series(1, ${FOLD_AFTER_DELTAS + 2}) n`);
    await expectExact();
    const [left] = await queryRows<{ deltas: number }>(
      database.db,
      sql`select count(*)::int as deltas from item_facet_deltas`,
    );
    expect(left?.deltas).toBe(0);
    await expectExact();
  });

  it('folds on the periodic sweep too', async () => {
    await insertItem(member(12), { brand: 'Swept brand' });
    const before = await storedCounts();
    const sweep = createSweep({ pool: database.pool, log: { error: () => undefined } });
    registerFacetFoldSweep(sweep, ctx());
    expect(await sweep.run()).toEqual(['items.facet-fold']);
    const [left] = await queryRows<{ deltas: number }>(
      database.db,
      sql`select count(*)::int as deltas from item_facet_deltas`,
    );
    expect(left?.deltas).toBe(0);
    expect(await storedCounts()).toEqual(before);
    await expectExact();
  });

  it.skipIf(testDriver !== 'postgres')(
    'lets concurrent writers and a fold run without waiting for one another (PostgreSQL)',
    async () => {
      const pool = database.pool;
      if (!pool) throw new Error('PostgreSQL only');
      const [first, second] = [await pool.connect(), await pool.connect()];
      try {
        const insert = (owner: string, brand: string) =>
          `insert into items (user_id, title, description, category, gender, condition, brand, size, estimated_value)
           values ('${owner}', 'Concurrent', 'Two writers.', 'clothing', 'women', 'good', '${brand}', 'M', 1500)`;
        // One writer's transaction stays open with a listed item (and so a delta of every shared
        // value: all, clothing, women, good, M); a second writer and a fold must not wait for it.
        await first.query('begin');
        await first.query(insert(member(10), 'First writer'));
        await second.query(`set lock_timeout = '2s'`);
        await second.query('begin');
        await second.query(insert(member(11), 'Second writer'));
        await second.query('commit');
        expect(await foldItemFacetDeltas(database.db)).toBe(true);
        await first.query(
          `update items set condition = 'new' where title = 'Concurrent' and brand = 'First writer'`,
        );
        await first.query('commit');
        await expectExact();
        await foldItemFacetDeltas(database.db);
        await expectExact();
      } finally {
        await first.query('rollback').catch(() => undefined);
        await second.query('reset lock_timeout');
        first.release();
        second.release();
      }
    },
  );

  it('counts nothing once the items are gone', async () => {
    await database.db.execute(sql`truncate items cascade`);
    const empty = await expectExact();
    expect(empty.total).toBe(0);
    expect(await storedCounts()).toEqual([]);
    await insertItem(member(9));
    expect((await expectExact()).total).toBe(1);
  });
});
