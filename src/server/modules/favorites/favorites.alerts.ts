import { and, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { favorites, items } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { text } from '../../lib/i18n';
import { noBlockBetween } from '../safety';

/** What happened to a favourited item, as its favouriters hear it. */
export type FavoriteChange = 'reserved' | 'available' | 'withdrawn';

/**
 * Tells every member who favourited these items what just happened to them, in the transaction
 * that changed them: never the owner, nor `parties` (the members of the trade or ring that changed
 * them, told by its own notifications), nobody on either side of a block. One notification per
 * member, item and change: the dedupe key holds the transaction's start time (`now()`), so the same
 * change reported twice in one transaction is stored once, and a later change is a new one.
 */
export async function alertFavoriters(
  tx: Tx,
  effects: Effects,
  itemIds: string[],
  change: FavoriteChange,
  parties: string[] = [],
) {
  if (itemIds.length === 0) return;
  const rows = await tx
    .select({
      userId: favorites.userId,
      itemId: items.id,
      title: items.title,
      stamp: sql<string>`(extract(epoch from now()) * 1000000)::bigint::text`,
    })
    .from(favorites)
    .innerJoin(items, sql`${items.id} = ${favorites.itemId}`)
    .where(
      and(
        inArray(favorites.itemId, [...new Set(itemIds)]),
        ne(favorites.userId, items.userId),
        parties.length > 0 ? notInArray(favorites.userId, parties) : undefined,
        noBlockBetween(favorites.userId, items.userId),
      ),
    );
  effects.notify(
    ...rows.map((row) => ({
      userId: row.userId,
      type: 'favorite_update' as const,
      title: text(`notifications:favorites.${change}.title`),
      message: text(`notifications:favorites.${change}.message`, { item: row.title }),
      link: change === 'withdrawn' ? '/profile?tab=favorites' : `/browse?highlight=${row.itemId}`,
      dedupeKey: `favorite:${row.itemId}:${change}:${row.stamp}`,
    })),
  );
}
