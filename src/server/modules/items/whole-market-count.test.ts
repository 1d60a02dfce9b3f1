import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_DEPTH } from '../../../common/api/items';
import { queryRows } from '../../db/connect';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { foldItemFacetDeltas } from './facet-counts';

// docs/decisions/016, eighth pass: the whole market's count (no search, no filter) is read from the
// counts the facet triggers keep, less the listings of members who are away; it must always be
// what counting the listed items of present members gives.
const t = useTestApp({ resetBetweenTests: false });
let present = '';
let away = '';

async function listItems(ownerId: string, count: number, active = true) {
  await t.db.execute(sql`
    insert into items (user_id, title, description, category, gender, condition, estimated_value, images, is_active)
    select ${ownerId}::uuid, 'Coat ' || n, 'A warm coat.', 'clothing', 'unisex', 'good', 1000 + n,
      array['/images/00000000-0000-4000-8000-000000000001'], ${active}
    from generate_series(1, ${count}) as n`);
}

/** The list's total for a visitor, with nothing cached. */
async function listedTotal() {
  t.app.marketplaceCache.invalidate();
  const response = await t.visitor().get('/api/items?limit=1');
  expect(response.statusCode).toBe(200);
  return { total: Number(response.headers['x-total-count']), capped: response.headers['x-total-capped'] };
}

/** The same, counted plainly. */
async function plainCount() {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from items
      where is_active and user_id not in (select id from users where holiday_until > now())`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  await t.ready();
  present = await buildOwner(t, 'present@example.com', 'Pia');
  away = await buildOwner(t, 'away@example.com', 'Ava');
  await listItems(present, 5);
  await listItems(present, 2, false);
  await listItems(away, 3);
});

describe('the whole market’s count', () => {
  it('counts listed items of present members, as a plain count does, through every change', async () => {
    expect(await listedTotal()).toEqual({ total: 8, capped: 'false' });

    await t.db.execute(sql`update users set holiday_until = now() + interval '7 days' where id = ${away}`);
    expect(await listedTotal()).toEqual({ total: 5, capped: 'false' });

    await t.db.execute(sql`update items set is_active = false
      where id = (select id from items where user_id = ${present} and is_active limit 1)`);
    await t.db.execute(sql`update items set is_active = true
      where id = (select id from items where user_id = ${present} and not is_active limit 1)`);
    await t.db.execute(
      sql`delete from items where id = (select id from items where user_id = ${present} and is_active limit 1)`,
    );
    expect(await listedTotal()).toEqual({ total: await plainCount(), capped: 'false' });
    expect(await plainCount()).toBe(4);

    // Folded into the kept counts, the total is the same.
    expect(await foldItemFacetDeltas(t.db)).toBe(true);
    expect(await listedTotal()).toEqual({ total: 4, capped: 'false' });

    await t.db.execute(sql`update users set holiday_until = null where id = ${away}`);
    expect(await listedTotal()).toEqual({ total: 7, capped: 'false' });
  });

  it('reads the kept count, not the listings themselves', async () => {
    // A kept count off by 100 shows in the total: the listings are not walked.
    await t.db.execute(sql`update item_facet_counts set n = n + 100 where dimension = 'all'`);
    try {
      expect(await listedTotal()).toEqual({ total: (await plainCount()) + 100, capped: 'false' });
    } finally {
      await t.db.execute(sql`update item_facet_counts set n = n - 100 where dimension = 'all'`);
    }
    expect(await listedTotal()).toEqual({ total: await plainCount(), capped: 'false' });
  });

  it('falls back to counting the listings when more than MARKETPLACE_DEPTH of them are away', async () => {
    await listItems(away, MARKETPLACE_DEPTH + 1);
    expect(await listedTotal()).toEqual({ total: MARKETPLACE_DEPTH, capped: 'true' });
    await t.db.execute(sql`update users set holiday_until = now() + interval '7 days' where id = ${away}`);
    expect(await listedTotal()).toEqual({ total: await plainCount(), capped: 'false' });
    expect(await plainCount()).toBe(4);
  }, 60_000);
});
