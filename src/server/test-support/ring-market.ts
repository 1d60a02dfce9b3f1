import type { Db } from '../db/connect';
import { blocks, favorites, items, swapRules, users, wishlistItems } from '../db/schema';

/**
 * A small random swap market written straight to the database, for the ring engine's tests: members
 * with a few listings each, sparse favourites, narrow swap rules, wishlist entries, a block and a
 * "direct swaps only" listing, plus one planted 5-member cycle with no shorter cycle through it (so
 * the long-ring path is exercised). The same seed gives the same market.
 */
export interface RingMarket {
  memberIds: string[];
  itemIds: string[];
  /** The items of the planted 5-member cycle. */
  longCycle: string[];
}

/** mulberry32: a small seeded generator, so a failing market can be rebuilt from its seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = ['clothing', 'shoes', 'accessories'] as const;
const BRANDS = ['levi', 'nike', 'zara'];
const SIZES = ['s', 'm', 'l'];

export async function seedRingMarket(db: Db, seed: number, memberCount = 24): Promise<RingMarket> {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const tag = `${seed}-${Math.floor(next() * 1e9)}`;
  const members = await db
    .insert(users)
    .values(
      Array.from({ length: memberCount + 5 }, (_, m) => ({
        email: `ring-${tag}-${m}@example.com`,
        firstName: `Member${m}`,
      })),
    )
    .returning({ id: users.id });
  const memberIds = members.map((row) => row.id);
  const traders = memberIds.slice(0, memberCount);
  const planted = memberIds.slice(memberCount);

  const itemRows = traders.flatMap((userId) =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, (_, k) => ({
      userId,
      title: `Item ${k}`,
      description: 'Test listing',
      category: pick(CATEGORIES),
      gender: 'unisex' as const,
      condition: pick(['new', 'good', 'fair'] as const),
      brand: pick(BRANDS),
      size: pick(SIZES),
      estimatedValue: 4000 + Math.floor(next() * 3000),
      directSwapsOnly: next() < 0.04,
    })),
  );
  const listed = await db.insert(items).values(itemRows).returning({ id: items.id, userId: items.userId });
  const cycleItems = await db
    .insert(items)
    .values(
      planted.map((userId, k) => ({
        userId,
        title: `Ring piece ${k}`,
        description: 'Test listing',
        category: 'clothing' as const,
        gender: 'kids' as const,
        condition: 'good' as const,
        estimatedValue: 5000,
      })),
    )
    .returning({ id: items.id, userId: items.userId });
  // Member k of the planted five favourites the item of member k+1: a cycle of five, and nothing shorter.
  const favouriteRows = planted.map((userId, k) => ({
    userId,
    itemId: cycleItems[(k + 1) % planted.length]?.id ?? '',
  }));
  // A few traders would also take one planted item: more long paths, still no short cycle through it.
  for (const userId of traders.slice(0, 3)) favouriteRows.push({ userId, itemId: cycleItems[0]?.id ?? '' });
  const seen = new Set(favouriteRows.map((row) => `${row.userId}>${row.itemId}`));
  for (const userId of traders) {
    const count = Math.floor(next() * 3);
    for (let k = 0; k < count; k++) {
      const item = pick(listed);
      const key = `${userId}>${item.id}`;
      if (item.userId === userId || seen.has(key)) continue;
      seen.add(key);
      favouriteRows.push({ userId, itemId: item.id });
    }
  }
  await db.insert(favorites).values(favouriteRows);

  const ruleRows = traders
    .filter(() => next() < 0.4)
    .map((userId) => ({
      userId,
      category: pick(CATEGORIES),
      brands: next() < 0.7 ? [pick(BRANDS)] : [],
      sizes: next() < 0.5 ? [pick(SIZES)] : [],
      minConditionRank: next() < 0.3 ? 3 : null,
      minValueRatio: 0.8,
      maxValueRatio: 1.25,
    }));
  if (ruleRows.length > 0) await db.insert(swapRules).values(ruleRows);
  await db.insert(wishlistItems).values(
    traders.slice(0, 3).map((userId) => ({
      userId,
      title: 'Anything',
      category: 'shoes' as const,
      itemCategory: 'shoes',
      brand: pick(BRANDS),
    })),
  );
  const [blocker, blocked] = [traders[1], traders[2]];
  if (blocker && blocked) await db.insert(blocks).values({ blockerId: blocker, blockedId: blocked });
  return {
    memberIds,
    itemIds: [...listed, ...cycleItems].map((row) => row.id),
    longCycle: cycleItems.map((row) => row.id),
  };
}
