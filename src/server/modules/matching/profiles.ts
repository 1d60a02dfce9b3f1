import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type MatchItem, type MatchProfile, possessiveOf } from '../../../common/domain/matching';
import type { Db } from '../../db/connect';
import { favorites, items, users, wishlistItems } from '../../db/schema';

export function toMatchItem(row: typeof items.$inferSelect): MatchItem {
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

/** What each member wants, for many members in four queries: wishlist, preferences and brands. */
export async function loadProfiles(
  db: Db,
  userIds: string[],
  viewerId?: string,
): Promise<Map<string, LoadedProfile>> {
  const ids = [...new Set(userIds)];
  const profiles = new Map<string, LoadedProfile>();
  if (ids.length === 0) return profiles;
  const [members, wishes, ownBrands, favoriteBrands] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        categories: users.preferredCategories,
        sizes: users.preferredSizes,
      })
      .from(users)
      .where(inArray(users.id, ids)),
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
  for (const member of members) {
    profiles.set(member.id, {
      userId: member.id,
      firstName: member.firstName,
      possessive: member.id === viewerId ? 'your' : possessiveOf(member.firstName),
      preferredCategories: member.categories,
      preferredSizes: member.sizes,
      wishlist: [],
      brands: [],
    });
  }
  for (const wish of wishes) {
    profiles.get(wish.userId)?.wishlist.push({
      title: wish.title,
      category: wish.category,
      brand: wish.brand,
      size: wish.size,
      maxValue: wish.maxValue,
    });
  }
  for (const { userId, brand } of [...ownBrands, ...favoriteBrands]) {
    const profile = profiles.get(userId);
    if (profile && !profile.brands.includes(brand)) profile.brands.push(brand);
  }
  return profiles;
}
