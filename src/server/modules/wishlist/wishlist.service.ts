import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { NewWishlistEntry, WishlistEntry, WishlistMatch } from '../../../common/api/wishlist';
import { words } from '../../../common/domain/matching';
import { WISHLIST_CATEGORY_MAP } from '../../../common/domain/taxonomy';
import { queryRows } from '../../db/connect';
import { items, notifications, users, wishlistItems } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { lockMember } from '../../lib/member-lock';
import type { ServiceContext } from '../../lib/service-context';
import { textSql } from '../../lib/i18n';
import { transact } from '../../lib/unit-of-work';
import { wishlistMatchesItem } from './wishlist.query';
import { noBlockBetween } from '../safety';
import { memberLanguage } from '../../lib/community-settings';

type EntryRow = typeof wishlistItems.$inferSelect;

export const MAX_WISHLIST_ENTRIES = 100;

export function presentEntry(row: EntryRow): WishlistEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    brand: row.brand,
    size: row.size,
    maxValue: row.maxValue,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    preferredBrand: row.brand,
    preferredSize: row.size,
    maxPrice: row.maxValue,
  };
}

export async function listWishlist(ctx: ServiceContext, memberId: string) {
  const rows = await ctx.db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, memberId))
    .orderBy(desc(wishlistItems.createdAt))
    .limit(MAX_WISHLIST_ENTRIES);
  return rows.map(presentEntry);
}

export async function addWishlistEntry(ctx: ServiceContext, memberId: string, entry: NewWishlistEntry) {
  const mapped = WISHLIST_CATEGORY_MAP[entry.category];
  const row = await transact(ctx, async (tx) => {
    await lockMember(tx, memberId);
    const [existing] = await tx
      .select({ value: count() })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, memberId));
    if ((existing?.value ?? 0) >= MAX_WISHLIST_ENTRIES) {
      throw badRequest('wishlist.full', { maximum: MAX_WISHLIST_ENTRIES });
    }
    const [inserted] = await tx
      .insert(wishlistItems)
      .values({
        userId: memberId,
        ...entry,
        itemCategory: mapped.category,
        itemStyle: mapped.style ?? null,
        titleQuery: [...new Set(words(entry.title))].join(' | '),
      })
      .returning();
    if (!inserted) throw new Error('wishlist insert returned nothing');
    return inserted;
  });
  return presentEntry(row);
}

/** Only the member's own entry; another member's id answers 404 like an unknown one. */
export async function removeWishlistEntry(ctx: ServiceContext, memberId: string, id: string) {
  const removed = await ctx.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, memberId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('wishlist.not_found');
}

/** Other members' listed items that satisfy any of the member's entries, newest first. */
export async function wishlistMatches(
  ctx: ServiceContext,
  memberId: string,
  limit = 50,
): Promise<WishlistMatch[]> {
  const rows = await ctx.db
    .select({
      id: items.id,
      title: items.title,
      images: items.images,
      brand: items.brand,
      condition: items.condition,
      category: items.category,
      estimatedValue: items.estimatedValue,
      userId: items.userId,
      wishlistItemIds: sql<string[]>`array_agg(${wishlistItems.id}::text)`,
    })
    .from(wishlistItems)
    .innerJoin(items, wishlistMatchesItem())
    .where(
      and(
        eq(wishlistItems.userId, memberId),
        sql`${items.availability} not in ('reserved', 'traded')`,
        noBlockBetween(memberId, items.userId),
      ),
    )
    .groupBy(items.id)
    .orderBy(desc(items.createdAt))
    .limit(limit);
  return rows;
}

/**
 * A listed (or relisted) item tells every member whose wishlist it matches: one notification per
 * member and item, never to its owner, in one INSERT … SELECT for all wishlists at once.
 */
export async function notifyWishlistMatches(ctx: ServiceContext, itemId: string) {
  // Each notification in its member's language.
  const recipientLocale = sql`(select ${memberLanguage} from ${users} where ${users.id} = ${wishlistItems.userId})`;
  const stored = await queryRows<{ id: string; user_id: string }>(
    ctx.db,
    sql`insert into ${notifications} (user_id, type, title, message, link, dedupe_key)
      select distinct on (${wishlistItems.userId})
        ${wishlistItems.userId}, 'wishlist_match', ${textSql('notifications:wishlist.match.title', recipientLocale)},
        ${textSql('notifications:wishlist.match.message', recipientLocale, { item: sql`${items.title}`, wish: sql`${wishlistItems.title}` })},
        '/browse?highlight=' || ${items.id}, 'wishlist-item:' || ${items.id}
      from ${wishlistItems} join ${items} on ${wishlistMatchesItem()}
      where ${items.id} = ${itemId} and ${noBlockBetween(wishlistItems.userId, items.userId)}
      order by ${wishlistItems.userId}, ${wishlistItems.createdAt}
      on conflict do nothing
      returning id, user_id`,
  );
  // One statement, committed on its own.
  await ctx.events.committed('notifications.stored', {
    notifications: stored.map((row) => ({ id: row.id, userId: row.user_id })),
  });
}
