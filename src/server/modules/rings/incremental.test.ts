import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { favorites, items, ringLegs, users } from '../../db/schema';
import { serviceContextFor } from '../../test-support/service-context';
import { openTestDatabase } from '../../test-support/test-database';
import { DEFAULT_NEIGHBOURHOOD_OPTIONS, loadNeighbourhood } from './neighbourhood';
import { proposeRingsAround, repackRings } from './rings.proposer';

/**
 * The incremental pass (docs/rings.md, "Proposals in detail"): short rings through a change
 * are always read in full; long rings only within a small frontier, the rest left to the re-pack.
 */
const timers = { proposalHours: 48, repackMinutes: 5, maxLength: 5 };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

let serial = 0;
/** A listing of `memberId`'s (worth $50, so every favourite is in the default value band). */
async function listingOf(memberId: string, title: string, id?: string) {
  const [item] = await db
    .insert(items)
    .values({
      ...(id ? { id } : {}),
      userId: memberId,
      title,
      description: 'Test listing',
      category: 'clothing',
      gender: 'unisex',
      condition: 'good',
      estimatedValue: 5000,
    })
    .returning({ id: items.id });
  return item?.id ?? '';
}

/** A member with one listing. */
async function memberWithItem(id?: string) {
  serial++;
  const [member] = await db
    .insert(users)
    .values({ email: `incremental${serial}@example.com`, firstName: `M${serial}` })
    .returning({ id: users.id });
  const memberId = member?.id ?? '';
  return { memberId, itemId: await listingOf(memberId, `Item ${serial}`, id) };
}

/** Each member favourites the next one's item: a cycle through all their items. */
async function cycleOf(members: Array<{ memberId: string; itemId: string }>) {
  for (const [k, member] of members.entries()) {
    const next = members[(k + 1) % members.length];
    await db.insert(favorites).values({ userId: member.memberId, itemId: next?.itemId ?? '' });
  }
}

const ringItems = async (ringId: string) =>
  (await db.select({ itemId: ringLegs.itemId }).from(ringLegs).where(eq(ringLegs.ringId, ringId)))
    .map((leg) => leg.itemId)
    .sort();

describe('incremental pass', () => {
  it('proposes a 3-ring through a new listing, however small the long-ring frontier', async () => {
    const ring = [await memberWithItem(), await memberWithItem(), await memberWithItem()];
    await cycleOf(ring);
    const ctx = serviceContextFor(db);
    const tight = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, longFrontier: 0, longBudgetMs: 0 };
    const created = await proposeRingsAround(ctx, timers, new Date(), [ring[2]?.itemId ?? ''], tight);
    expect(created).toHaveLength(1);
    expect(await ringItems(created[0] ?? '')).toEqual(ring.map((m) => m.itemId).sort());
  });

  it('proposes a 3-ring through one of a member’s listings and a 4-ring through another in one pass', async () => {
    const short = [await memberWithItem(), await memberWithItem(), await memberWithItem()];
    await cycleOf(short);
    // The first member's second listing is in a 4-ring only.
    const second = await listingOf(short[0]?.memberId ?? '', 'Second listing');
    const long = [{ memberId: short[0]?.memberId ?? '', itemId: second }];
    for (let k = 0; k < 3; k++) long.push(await memberWithItem());
    await cycleOf(long);
    const ctx = serviceContextFor(db);
    const untimed = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, longBudgetMs: Number.POSITIVE_INFINITY };
    const focus = [short[0]?.itemId ?? '', second];
    const created = await proposeRingsAround(ctx, timers, new Date(), focus, untimed);
    const proposed = await Promise.all(created.map(ringItems));
    expect(proposed.sort((a, b) => a.length - b.length)).toEqual([
      short.map((m) => m.itemId).sort(),
      long.map((m) => m.itemId).sort(),
    ]);
  });

  it('leaves a 4-ring beyond the long-ring frontier to the re-pack, which proposes it', async () => {
    const ring = [
      await memberWithItem(),
      await memberWithItem(),
      await memberWithItem(),
      await memberWithItem(),
    ];
    await cycleOf(ring);
    // The first member also favourites two listings whose ids come first: with a frontier of two
    // items per hop, the long read keeps them and cuts the ring's next item.
    for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']) {
      const decoy = await memberWithItem(id);
      await db.insert(favorites).values({ userId: ring[0]?.memberId ?? '', itemId: decoy.itemId });
    }
    const focus = [ring[0]?.itemId ?? ''];
    const capped = {
      ...DEFAULT_NEIGHBOURHOOD_OPTIONS,
      longFrontier: 2,
      longBudgetMs: Number.POSITIVE_INFINITY,
    };
    const near = await loadNeighbourhood(db, focus, capped);
    expect(near.stats).toMatchObject({ longFocus: 1, truncated: true });
    expect(near.cycles).toEqual([]);
    const ctx = serviceContextFor(db);
    expect(await proposeRingsAround(ctx, timers, new Date(), focus, capped)).toEqual([]);
    // Without the cap the same pass finds the ring: the cap is what left it out.
    const uncapped = { ...capped, longFrontier: DEFAULT_NEIGHBOURHOOD_OPTIONS.longFrontier };
    expect((await loadNeighbourhood(db, focus, uncapped)).cycles.map((cycle) => cycle.length)).toEqual([4]);

    const created = await repackRings(ctx, timers, new Date(), 10);
    const proposed = await Promise.all(created.map(ringItems));
    expect(proposed).toContainEqual(ring.map((m) => m.itemId).sort());
  });
});
