import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type MatchItem, type MatchProfile, type WishlistWant } from '../../../common/domain/matching';
import type { Db } from '../../db/connect';
import { favorites, items, users, wishlistItems } from '../../db/schema';

export function toMatchItem(
  row: Pick<
    typeof items.$inferSelect,
    | 'id'
    | 'userId'
    | 'title'
    | 'category'
    | 'style'
    | 'brand'
    | 'size'
    | 'condition'
    | 'estimatedValue'
    | 'tags'
  >,
): MatchItem {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    category: row.category,
    style: row.style,
    brand: row.brand,
    size: row.size,
    condition: row.condition,
    estimatedValue: row.estimatedValue,
    tags: row.tags,
  };
}

export interface LoadedProfile extends MatchProfile {
  userId: string;
  firstName: string;
}

/** What the matcher derives from a member's own rows besides their preferences: wishlist and brands. */
export interface MemberWants {
  wishlist: WishlistWant[];
  /** Lower-cased brands of the member's own items and of the items they favourite, each once. */
  brands: string[];
}

/**
 * The wishlists and brands of many members in three queries (their wishlist entries in the order the
 * database returns them, which decides which entry a reason names). Every member asked for has an
 * entry, empty when they want nothing.
 */
export async function loadWants(db: Db, userIds: readonly string[]): Promise<Map<string, MemberWants>> {
  const ids = [...new Set(userIds)];
  const wants = new Map<string, MemberWants>(ids.map((id) => [id, { wishlist: [], brands: [] }]));
  if (ids.length === 0) return wants;
  const [wishes, ownBrands, favoriteBrands] = await Promise.all([
    db.select().from(wishlistItems).where(inArray(wishlistItems.userId, ids)),
    db
      .selectDistinct({ userId: items.userId, brand: sql<string>`lower(${items.brand})` })
      .from(items)
      .where(and(inArray(items.userId, ids), isNotNull(items.brand))),
    db
      .selectDistinct({ userId: favorites.userId, brand: sql<string>`lower(${items.brand})` })
      .from(favorites)
      .innerJoin(items, eq(items.id, favorites.itemId))
      .where(and(inArray(favorites.userId, ids), isNotNull(items.brand))),
  ]);
  for (const wish of wishes) {
    wants.get(wish.userId)?.wishlist.push({
      title: wish.title,
      category: wish.category,
      brand: wish.brand,
      size: wish.size,
      maxValue: wish.maxValue,
    });
  }
  for (const { userId, brand } of [...ownBrands, ...favoriteBrands]) {
    const entry = wants.get(userId);
    if (entry && !entry.brands.includes(brand)) entry.brands.push(brand);
  }
  return wants;
}

/** A member's profile from their row (name and preferences) and what they want. */
export function toProfile(
  member: {
    id: string;
    firstName: string;
    preferredCategories: string[];
    preferredSizes: Record<string, string[]>;
  },
  wants: MemberWants,
  viewerId?: string,
): LoadedProfile {
  return {
    userId: member.id,
    firstName: member.firstName,
    name: member.firstName,
    isViewer: member.id === viewerId,
    preferredCategories: member.preferredCategories,
    preferredSizes: member.preferredSizes,
    wishlist: wants.wishlist,
    brands: wants.brands,
  };
}

/** What each member wants, for many members in four queries: wishlist, preferences and brands. */
export async function loadProfiles(
  db: Db,
  userIds: string[],
  viewerId?: string,
): Promise<Map<string, LoadedProfile>> {
  const ids = [...new Set(userIds)];
  const profiles = new Map<string, LoadedProfile>();
  if (ids.length === 0) return profiles;
  const [members, wants] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        preferredCategories: users.preferredCategories,
        preferredSizes: users.preferredSizes,
      })
      .from(users)
      .where(inArray(users.id, ids)),
    loadWants(db, ids),
  ]);
  for (const member of members) {
    profiles.set(
      member.id,
      toProfile(member, wants.get(member.id) ?? { wishlist: [], brands: [] }, viewerId),
    );
  }
  return profiles;
}
