import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Favorite } from '../../../common/api/items';
import { favorites, items, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { itemColumns, presentItem } from '../items';
import { favouriteAdded, favouriteRemoved } from '../items';

export async function listFavorites(ctx: ServiceContext, memberId: string): Promise<Favorite[]> {
  const rows = await ctx.db
    .select({ ...itemColumns, favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(items, eq(items.id, favorites.itemId))
    .innerJoin(users, eq(users.id, items.userId))
    .where(and(eq(favorites.userId, memberId), isNull(items.deletedAt)))
    .orderBy(desc(favorites.createdAt))
    .limit(500);
  return rows.map((row) => ({
    itemId: row.item.id,
    createdAt: row.favoritedAt.toISOString(),
    item: presentItem(row),
  }));
}

/** Idempotent: favouriting twice keeps one favourite, and the popularity count moves only once. */
export async function addFavorite(ctx: ServiceContext, memberId: string, itemId: string) {
  let added = false;
  const result = await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ userId: items.userId })
      .from(items)
      .where(and(eq(items.id, itemId), eq(items.isActive, true)))
      .limit(1);
    if (!target) throw notFound('items.not_found');
    if (target.userId === memberId) throw badRequest('favorites.own_item');
    const inserted = await tx
      .insert(favorites)
      .values({ userId: memberId, itemId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      added = true;
      await tx
        .update(items)
        .set({ favoriteCount: sql`${items.favoriteCount} + 1`, trendingScore: favouriteAdded })
        .where(eq(items.id, itemId));
    }
    const [row] = await tx
      .select({ createdAt: favorites.createdAt })
      .from(favorites)
      .where(and(eq(favorites.userId, memberId), eq(favorites.itemId, itemId)));
    return { itemId, createdAt: (row?.createdAt ?? new Date()).toISOString() };
  });
  // A new want may close a swap ring.
  if (added) await ctx.events.committed('favorite.added', { memberId, itemId });
  return result;
}

export async function removeFavorite(ctx: ServiceContext, memberId: string, itemId: string) {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, memberId), eq(favorites.itemId, itemId)))
      .returning();
    const [gone] = removed;
    if (gone) {
      await tx
        .update(items)
        .set({
          favoriteCount: sql`greatest(${items.favoriteCount} - 1, 0)`,
          trendingScore: favouriteRemoved(gone.createdAt),
        })
        .where(eq(items.id, itemId));
    }
  });
}
