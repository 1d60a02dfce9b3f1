import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/connect';
import { blocks, favorites, items, swapRules, users, wishlistItems } from '../../db/schema';
import { wishlistMatchesItem } from '../wishlist/wishlist.query';
import { seededRandom } from '../../test-support/ring-market';
import { openTestDatabase } from '../../test-support/test-database';
import { arcRowsQuery, loadArcRows, type WantArc } from './want-graph';

/**
 * The arcs are read in parts, each served by an index (a rule's brands and sizes, else its brands,
 * else its sizes, else its category, else its value band alone). Read together the parts must give exactly the arcs of the
 * plain predicate: one join of every rule against every listing, each criterion "any, or this one"
 * (and likewise for favourites and wishlist entries). The market mixes every kind of rule with
 * listings whose brand and size differ in case or are missing.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const listedAs = (alias: string) => `${alias}.is_active and ${alias}.deleted_at is null
  and ${alias}.availability in ('available', 'pending') and not ${alias}.direct_swaps_only
  and not exists (select 1 from ring_legs h where h.item_id = ${alias}.id and h.open)
  and ${alias}.user_id not in (select away.id from users away where away.holiday_until > now())`;
const noBlockAs = (a: string, b: string) => `not exists (select 1 from blocks b
  where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;
const defaultBand = `j.estimated_value between 0.67::real * g.estimated_value and 1.5::real * g.estimated_value`;

/** Every arc by the plain predicate, no split: the reference the indexed read must equal. */
const referenceArcs = () =>
  queryRows<WantArc>(
    db,
    sql`
      select g.id as "from", j.id as "to", 'rule' as kind, r.id::text as ref
      from swap_rules r
      join items g on g.user_id = r.user_id and ${sql.raw(listedAs('g'))}
        and (cardinality(r.item_ids) = 0 or g.id = any(r.item_ids))
      join items j on j.user_id <> r.user_id and ${sql.raw(listedAs('j'))}
        and (r.category is null or j.category = r.category)
        and (r.gender is null or j.gender = r.gender)
        and (cardinality(r.sizes) = 0 or lower(j.size) = any(r.sizes))
        and (cardinality(r.brands) = 0 or lower(j.brand) = any(r.brands))
        and (r.min_condition_rank is null or j.condition_rank >= r.min_condition_rank)
        and (cardinality(r.colors) = 0 or j.colors && r.colors)
        and j.estimated_value between r.min_value_ratio * g.estimated_value and r.max_value_ratio * g.estimated_value
      where ${sql.raw(noBlockAs('r.user_id', 'j.user_id'))}
      union all
      select g.id, j.id, 'favorite', null
      from favorites f
      join items j on j.id = f.item_id and j.user_id <> f.user_id and ${sql.raw(listedAs('j'))}
      join items g on g.user_id = f.user_id and ${sql.raw(listedAs('g'))} and ${sql.raw(defaultBand)}
      where ${sql.raw(noBlockAs('f.user_id', 'j.user_id'))}
      union all
      select g.id, j.id, 'wishlist', w.title
      from (
        select ${wishlistItems.userId} as user_id, ${wishlistItems.title} as title, ${items.id} as item_id
        from ${wishlistItems} join ${items} on ${wishlistMatchesItem()}
      ) w
      join items j on j.id = w.item_id and ${sql.raw(listedAs('j'))}
      join items g on g.user_id = w.user_id and ${sql.raw(listedAs('g'))} and ${sql.raw(defaultBand)}
      where ${sql.raw(noBlockAs('w.user_id', 'j.user_id'))}`,
  );

const keys = (rows: WantArc[]) => rows.map((row) => `${row.from}>${row.to}>${row.kind}>${row.ref}`).sort();

const CATEGORIES = ['clothing', 'shoes', 'accessories'] as const;
const GENDERS = ['women', 'men', 'unisex'] as const;
const BRANDS = ['Levi', 'levi', 'NIKE', 'zara', null];
const SIZES = ['M', 'm', 's', 'L', null];
const COLORS = ['red', 'blue', 'black'];

async function seedMixedMarket(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const members = await db
    .insert(users)
    .values(
      Array.from({ length: 14 }, (_, m) => ({ email: `reads-${seed}-${m}@example.com`, firstName: `M${m}` })),
    )
    .returning({ id: users.id });
  const itemRows = members.flatMap(({ id: userId }) =>
    Array.from({ length: 4 }, (_, k) => ({
      userId,
      title: `Item ${k}`,
      description: 'Test listing',
      category: pick(CATEGORIES),
      gender: pick(GENDERS),
      condition: pick(['new', 'good', 'fair'] as const),
      brand: pick(BRANDS),
      size: pick(SIZES),
      colors: next() < 0.5 ? [pick(COLORS)] : [],
      // Round values, so that many land exactly on a band's edge.
      estimatedValue: 1000 * (1 + Math.floor(next() * 4)) + (next() < 0.3 ? 500 : 0),
      directSwapsOnly: next() < 0.05,
      isActive: next() > 0.05,
    })),
  );
  const listed = await db.insert(items).values(itemRows).returning({ id: items.id, userId: items.userId });
  const bands = [
    [0.67, 1.5],
    [0.5, 2],
    [1, 1],
    [0.75, 1.25],
  ] as const;
  const ruleRows = members.flatMap(({ id: userId }, m) =>
    Array.from({ length: 1 + (m % 3) }, (_, k) => {
      const part = (m + k) % 4; // brands, sizes, category only, none of the three
      const band = pick(bands);
      const own = listed.filter((item) => item.userId === userId);
      return {
        userId,
        brands: part === 0 ? [...new Set([pick(['levi', 'nike', 'zara']), pick(['levi', 'zara'])])] : [],
        sizes: part <= 1 && next() < 0.7 ? [pick(['m', 's', 'l'])] : [],
        category: part <= 2 && next() < 0.7 ? pick(CATEGORIES) : null,
        gender: next() < 0.3 ? pick(GENDERS) : null,
        minConditionRank: next() < 0.3 ? 3 : null,
        colors: next() < 0.2 ? [pick(COLORS)] : [],
        minValueRatio: band[0],
        maxValueRatio: band[1],
        itemIds: next() < 0.2 && own[0] ? [own[0].id] : [],
      };
    }),
  );
  await db.insert(swapRules).values(ruleRows);
  const favouriteRows = new Map<string, { userId: string; itemId: string }>();
  for (const { id: userId } of members) {
    for (let k = 0; k < 3; k++) {
      const item = pick(listed);
      if (item.userId !== userId) favouriteRows.set(`${userId}>${item.id}`, { userId, itemId: item.id });
    }
  }
  await db.insert(favorites).values([...favouriteRows.values()]);
  await db.insert(wishlistItems).values(
    members.slice(0, 6).map(({ id: userId }, m) => ({
      userId,
      title: `Wish ${m}`,
      category: 'shoes' as const,
      itemCategory: pick(CATEGORIES),
      brand: m % 2 === 0 ? pick(['Levi', 'nike']) : null,
      size: m % 3 === 0 ? 'M' : null,
      maxValue: m % 4 === 0 ? 3000 : null,
    })),
  );
  const [a, b] = members;
  if (a && b) await db.insert(blocks).values({ blockerId: a.id, blockedId: b.id });
  return listed.map((item) => item.id);
}

describe('want graph: the indexed rule read', () => {
  it('reads exactly the arcs of the plain predicate, whole or in any scope', async () => {
    const itemIds = await seedMixedMarket(5);
    const reference = keys(await referenceArcs());
    expect(reference.length).toBeGreaterThan(100);
    for (const kind of ['rule', 'favorite', 'wishlist'])
      expect(reference.filter((key) => key.includes(`>${kind}>`)).length, kind).toBeGreaterThan(3);
    expect(keys(await loadArcRows(db))).toEqual(reference);

    const some = itemIds.filter((_, k) => k % 3 === 0);
    const others = itemIds.filter((_, k) => k % 2 === 0);
    const arc = (key: string) => key.split('>');
    const pick = (test: (from: string, to: string) => boolean) =>
      reference.filter((key) => test(arc(key)[0] ?? '', arc(key)[1] ?? ''));
    expect(keys(await loadArcRows(db, { from: some }))).toEqual(pick((from) => some.includes(from)));
    expect(keys(await loadArcRows(db, { to: some }))).toEqual(pick((_, to) => some.includes(to)));
    expect(keys(await loadArcRows(db, { from: some, to: others }))).toEqual(
      pick((from, to) => some.includes(from) && others.includes(to)),
    );
    // The shorter list drives the read: here the items the arcs enter.
    expect(keys(await loadArcRows(db, { from: others, to: some }))).toEqual(
      pick((from, to) => others.includes(from) && some.includes(to)),
    );
    for (const item of itemIds.slice(0, 12)) {
      expect(keys(await loadArcRows(db, { from: [item] }))).toEqual(pick((from) => from === item));
    }
  }, 120_000);

  const planOf = async (email: string, rule: { brands: string[]; sizes?: string[] }) => {
    // A table this small is read whole whatever the indexes; with sequential scans and hash joins
    // priced out the plan shows what a large market gets: one index range per rule and item given.
    const [member] = await db.insert(users).values({ email, firstName: 'Plan' }).returning({ id: users.id });
    const [given] = await db
      .insert(items)
      .values({
        userId: member?.id ?? '',
        title: 'Given',
        description: 'Test listing',
        category: 'shoes',
        gender: 'unisex',
        condition: 'good',
        estimatedValue: 3000,
      })
      .returning({ id: items.id });
    await db.insert(swapRules).values({ userId: member?.id ?? '', ...rule });
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_hashjoin = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${arcRowsQuery({ from: [given?.id ?? ''] })}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  };

  it('reads the out-arcs of a rule naming brands through a brand and value index', async () => {
    const plan = await planOf('reads-plan@example.com', { brands: ['levi'] });
    expect(plan).toMatch(/items_ringable_brand_(size_)?value_idx/);
  });

  it('reads the out-arcs of a rule naming a brand and a size through the brand, size and value index', async () => {
    const plan = await planOf('reads-plan-size@example.com', { brands: ['levi'], sizes: ['m'] });
    // One index range per (brand, size) pair and value band.
    expect(plan).toMatch(
      /Index Cond: \(\(lower\(brand\) = wanted\.value\) AND \(lower\(size\) = wanted_size\.value\) AND \(estimated_value >=/,
    );
  });
});
