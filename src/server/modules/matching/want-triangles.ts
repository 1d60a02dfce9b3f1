import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { favorites, items, users, wishlistItems } from '../../db/schema';
import { wishlistMatchesItem } from '../wishlist';
import { ownerPresent } from '../../lib/item-visibility';

/** Bounds of the search: it stays a handful of indexed queries whatever the size of the marketplace. */
const MAX_WANTERS = 50;
const MAX_WANTED = 200;
const MAX_LINKS = 200;

/** Listed, free to trade, and its owner not away (holiday mode). */
const tradable = sql`${items.isActive} and ${items.availability} not in ('reserved', 'traded') and ${ownerPresent(items.userId)}`;

/**
 * A three-member swap suggested on an item's matches (what the member could get by a ring): read
 * live from favourites and wishlists, for display only. It is not a proposed ring: those come from
 * the ring engine (modules/rings/engine) over the members' swap rules and are stored and answered.
 */
export interface WantTriangle {
  /** What the member receives. */
  receiveItemId: string;
  /** The chain in trading order: A gives X to C, C gives Z to B, B gives Y to A. */
  chain: Array<{
    userId: string;
    firstName: string;
    gives: { id: string; title: string; estimatedValue: number };
  }>;
}

/** Who wants an item: members who favourited it or whose wishlist it matches. */
async function wantersOf(db: Db, itemId: string, ownerId: string) {
  const [byFavorite, byWishlist] = await Promise.all([
    db
      .select({ userId: favorites.userId })
      .from(favorites)
      .where(and(eq(favorites.itemId, itemId), ne(favorites.userId, ownerId)))
      .limit(MAX_WANTERS),
    db
      .selectDistinct({ userId: wishlistItems.userId })
      .from(wishlistItems)
      .innerJoin(items, wishlistMatchesItem())
      .where(eq(items.id, itemId))
      .limit(MAX_WANTERS),
  ]);
  return [...new Set([...byFavorite, ...byWishlist].map((row) => row.userId))];
}

/** (item, owner, wanter) triples: items owned by `owners` that members in `wanterIds` want. */
async function wantedItems(db: Db, wanterIds: string[], ownerIds?: string[]) {
  if (wanterIds.length === 0 || (ownerIds && ownerIds.length === 0)) return [];
  const ownedBy = ownerIds ? inArray(items.userId, ownerIds) : undefined;
  const columns = {
    itemId: items.id,
    ownerId: items.userId,
    title: items.title,
    estimatedValue: items.estimatedValue,
  };
  const [byFavorite, byWishlist] = await Promise.all([
    db
      .select({ ...columns, wanterId: favorites.userId })
      .from(favorites)
      .innerJoin(items, eq(items.id, favorites.itemId))
      .where(
        and(
          inArray(favorites.userId, wanterIds),
          tradable,
          ownedBy,
          sql`${items.userId} <> ${favorites.userId}`,
        ),
      )
      .limit(MAX_WANTED),
    db
      .select({ ...columns, wanterId: wishlistItems.userId })
      .from(wishlistItems)
      .innerJoin(items, wishlistMatchesItem())
      .where(and(inArray(wishlistItems.userId, wanterIds), tradable, ownedBy))
      .limit(MAX_WANTED),
  ]);
  return [...byFavorite, ...byWishlist];
}

/**
 * 3-member cycles in the want graph of favourites and wishlists (docs/decisions/002-trade-rings.md):
 * for member A's item X, find C who wants X, B who wants an item Z of C, and an item Y of B that A
 * wants. At most `limit`, each receiving a different Y.
 */
export async function findWantTriangles(
  db: Db,
  owner: { id: string; firstName: string },
  item: { id: string; title: string; estimatedValue: number },
  limit = 3,
): Promise<WantTriangle[]> {
  const [wantersOfX, aWants] = await Promise.all([
    wantersOf(db, item.id, owner.id),
    wantedItems(db, [owner.id]),
  ]);
  const bs = [...new Set(aWants.map((row) => row.ownerId))].filter((id) => id !== owner.id);
  const cs = wantersOfX.filter((id) => id !== owner.id);
  if (bs.length === 0 || cs.length === 0) return [];
  const links = (await wantedItems(db, bs, cs)).filter((z) => z.wanterId !== z.ownerId).slice(0, MAX_LINKS);
  const names = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [...new Set([...bs, ...cs])]));
  const nameOf = new Map(names.map((row) => [row.id, row.firstName]));
  const rings: WantTriangle[] = [];
  const seen = new Set<string>();
  for (const z of links) {
    const b = z.wanterId;
    const c = z.ownerId;
    if (b === c) continue;
    const y = aWants.find((candidate) => candidate.ownerId === b && !seen.has(candidate.itemId));
    if (!y) continue;
    seen.add(y.itemId);
    rings.push({
      receiveItemId: y.itemId,
      chain: [
        {
          userId: owner.id,
          firstName: owner.firstName,
          gives: { id: item.id, title: item.title, estimatedValue: item.estimatedValue },
        },
        {
          userId: c,
          firstName: nameOf.get(c) ?? 'A member',
          gives: { id: z.itemId, title: z.title, estimatedValue: z.estimatedValue },
        },
        {
          userId: b,
          firstName: nameOf.get(b) ?? 'A member',
          gives: { id: y.itemId, title: y.title, estimatedValue: y.estimatedValue },
        },
      ],
    });
    if (rings.length >= limit) break;
  }
  return rings;
}
