import { type SQL, sql } from 'drizzle-orm';
import { items, wishlistItems } from '../../db/schema';
import { ownerPresent } from '../../lib/item-visibility';

/**
 * The one definition of "this item satisfies that wishlist entry", in SQL: used by the matches card,
 * by listing alerts (one query for every member at once) and by trade rings. Mirrors
 * `matchesWishlist` in common/domain/matching.ts, with PostgreSQL's English stemming for the words.
 * Items of members away on holiday match nothing until they are back.
 */
export function wishlistMatchesItem(): SQL {
  return sql`${items.isActive}
    and ${ownerPresent(items.userId)}
    and ${items.userId} <> ${wishlistItems.userId}
    and ${items.category} = ${wishlistItems.itemCategory}
    and (${wishlistItems.itemStyle} is null or ${items.style} = ${wishlistItems.itemStyle})
    and (${wishlistItems.brand} is null or lower(${items.brand}) = lower(${wishlistItems.brand}))
    and (${wishlistItems.size} is null or lower(${items.size}) = lower(${wishlistItems.size}))
    and (${wishlistItems.maxValue} is null or ${items.estimatedValue} <= ${wishlistItems.maxValue})
    and (${wishlistItems.titleQuery} = '' or ${items.titleVector} @@ to_tsquery('english', ${wishlistItems.titleQuery}))`;
}
