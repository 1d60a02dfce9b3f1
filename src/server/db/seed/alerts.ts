import {
  type MatchItem,
  type MatchProfile,
  possessiveOf,
  scoreBarter,
  STRONG_MATCH_SCORE,
  wants,
} from '../../../common/domain/matching';
import type { FavoriteRow, ItemRow } from './items';
import type { Random } from './random';
import { DAY, type Note } from './trade-plan';
import { isTradable, type WishlistRow, wishSatisfiedBy } from './wishlists';

/**
 * The alerts that listings would have raised (wishlist.service.ts notifyWishlistMatches and
 * matching.service.ts notifyStrongMatches), in their words, links and dedupe keys.
 */

const highlight = (itemId: string) => `/browse?highlight=${itemId}`;

/**
 * wishlist_match: every listing told each member (other than its owner) whose wishlist, as it was
 * then, it satisfies; one alert per member and item, naming their oldest matching wish.
 */
export function wishlistAlerts(random: Random, rows: readonly ItemRow[], wishes: readonly WishlistRow[]): Note[] {
  const byMember = new Map<string, WishlistRow[]>();
  for (const wish of wishes) byMember.set(wish.userId, [...(byMember.get(wish.userId) ?? []), wish]);
  for (const list of byMember.values()) list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const cache = new Map<string, Set<string>>();
  const notes: Note[] = [];
  for (const item of rows) {
    const listed = item.createdAt.getTime();
    for (const [userId, list] of byMember) {
      const hit = list.find((wish) => wish.createdAt.getTime() < listed && wishSatisfiedBy(item, wish, cache));
      if (!hit) continue;
      notes.push({
        userId,
        type: 'wishlist_match',
        title: 'Wishlist match found',
        message: `"${item.title}" matches your wishlist item "${hit.title}".`,
        link: highlight(item.id),
        dedupeKey: `wishlist-item:${item.id}`,
        at: listed + 20_000 + Math.floor(random.next() * 120_000),
      });
    }
  }
  return notes;
}

export interface ProfileMember {
  id: string;
  firstName: string;
  preferredCategories: string[];
  preferredSizes: Record<string, string[]>;
}

export function toMatchItem(row: ItemRow): MatchItem {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    category: row.category,
    style: row.style ?? null,
    brand: row.brand ?? null,
    size: row.size ?? null,
    condition: row.condition,
    estimatedValue: row.estimatedValue,
    tags: row.tags ?? [],
  };
}

/** What each member wants, as matching/profiles.ts loads it: wishlist, preferences, listed and favourite brands. */
export function buildProfiles(
  members: readonly ProfileMember[],
  rows: readonly ItemRow[],
  favoriteRows: readonly FavoriteRow[],
  wishes: readonly WishlistRow[],
) {
  const profiles = new Map<string, MatchProfile>();
  for (const member of members) {
    profiles.set(member.id, {
      possessive: possessiveOf(member.firstName),
      wishlist: [],
      preferredCategories: member.preferredCategories,
      preferredSizes: member.preferredSizes,
      brands: [],
    });
  }
  for (const wish of wishes) {
    profiles.get(wish.userId)?.wishlist.push({
      title: wish.title,
      category: wish.category,
      brand: wish.brand ?? null,
      size: wish.size ?? null,
      maxValue: wish.maxValue ?? null,
    });
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const brandOf = [
    ...rows.map((row) => [row.userId, row.brand] as const),
    ...favoriteRows.map((favorite) => [favorite.userId, byId.get(favorite.itemId)?.brand] as const),
  ];
  for (const [userId, brand] of brandOf) {
    const profile = profiles.get(userId);
    const lower = brand?.toLowerCase();
    if (profile && lower && !profile.brands.includes(lower)) profile.brands.push(lower);
  }
  return profiles;
}

/**
 * match_found: for each of `memberIds`, the strongest direct swap (score of at least 80) that a listing
 * of the last month offered for one of their tradable items, if any.
 */
export function strongMatchAlerts(
  random: Random,
  rows: readonly ItemRow[],
  profiles: ReadonlyMap<string, MatchProfile>,
  memberIds: readonly string[],
  now: number,
): Note[] {
  const recent = rows.filter((row) => row.createdAt.getTime() > now - 30 * DAY && row.availability !== 'reserved');
  const notes: Note[] = [];
  for (const memberId of memberIds) {
    const me = profiles.get(memberId);
    if (!me) continue;
    let best: { mine: ItemRow; listed: ItemRow; score: number } | undefined;
    for (const mine of rows) {
      if (mine.userId !== memberId || !isTradable(mine)) continue;
      for (const listed of recent) {
        const lister = profiles.get(listed.userId);
        if (listed.userId === memberId || !lister || listed.createdAt <= mine.createdAt) continue;
        // The listing's candidates (barterCandidates): same category and a value within 40%, or wanted by its owner.
        const close =
          mine.category === listed.category &&
          mine.estimatedValue >= listed.estimatedValue * 0.6 &&
          mine.estimatedValue <= listed.estimatedValue * 1.4;
        if (!close && !wants(toMatchItem(mine), lister)) continue;
        const result = scoreBarter(toMatchItem(mine), toMatchItem(listed), me, lister);
        if (result.tradeType !== 'direct' || result.score < STRONG_MATCH_SCORE * 100) continue;
        if (!wants(toMatchItem(listed), me)) continue;
        if (!best || result.score > best.score) best = { mine, listed, score: result.score };
      }
    }
    if (!best) continue;
    notes.push({
      userId: memberId,
      type: 'match_found',
      title: 'Strong match found',
      message: `"${best.listed.title}" was just listed and looks like a great swap for your "${best.mine.title}" (${best.score}% match).`,
      link: highlight(best.listed.id),
      dedupeKey: `match:${best.listed.id}:${best.mine.id}`,
      at: best.listed.createdAt.getTime() + 30_000 + Math.floor(random.next() * 180_000),
    });
  }
  return notes;
}
