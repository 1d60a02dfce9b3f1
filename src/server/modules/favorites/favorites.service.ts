import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Favorite } from '../../../common/api/items';
import type { Db } from '../../db/connect';
import { favorites, items, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { itemColumns, presentItem } from '../items/items.presenter';

export async function listFavorites(db: Db, userId: string): Promise<Favorite[]> {
  const rows = await db
    .select({ ...itemColumns, favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(items, eq(items.id, favorites.itemId))
    .innerJoin(users, eq(users.id, items.userId))
    .where(and(eq(favorites.userId, userId), isNull(items.deletedAt)))
    .orderBy(desc(favorites.createdAt))
    .limit(500);
  return rows.map((row) => ({
    itemId: row.item.id,
    createdAt: row.favoritedAt.toISOString(),
    item: presentItem(row),
  }));
}

/** Idempotent: favouriting twice keeps one favourite, and the popularity count moves only once. */
export async function addFavorite(db: Db, userId: string, itemId: string) {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ userId: items.userId })
      .from(items)
      .where(and(eq(items.id, itemId), eq(items.isActive, true)))
      .limit(1);
    if (!target) throw notFound('Item not found');
    if (target.userId === userId) throw badRequest('You cannot favourite your own item');
    const inserted = await tx.insert(favorites).values({ userId, itemId }).onConflictDoNothing().returning();
    if (inserted.length > 0) {
      await tx
        .update(items)
        .set({ favoriteCount: sql`${items.favoriteCount} + 1` })
        .where(eq(items.id, itemId));
    }
    const [row] = await tx
      .select({ createdAt: favorites.createdAt })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId)));
    return { itemId, createdAt: (row?.createdAt ?? new Date()).toISOString() };
  });
}

export async function removeFavorite(db: Db, userId: string, itemId: string) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId)))
      .returning();
    if (removed.length > 0) {
      await tx
        .update(items)
        .set({ favoriteCount: sql`greatest(${items.favoriteCount} - 1, 0)` })
        .where(eq(items.id, itemId));
    }
  });
}
