import {
  type MatchItem,
  type MatchProfile,
  scoreBarter,
  STRONG_MATCH_SCORE,
  wants,
} from '../../../common/domain/matching';
import type { WishlistCategory } from '../../../common/domain/taxonomy';
import type { FavoriteRow, ItemRow } from './items';
import type { Random } from './random';
import { DAY, type Note } from './trade-plan';
import { isTradable, toMatchItem, type WishlistRow, wishlistRow, wishSatisfiedBy } from './wishlists';

/**
 * The alerts that listings would have raised (wishlist.service.ts notifyWishlistMatches and
 * matching.service.ts notifyStrongMatches), in their words, links and dedupe keys.
 */

const highlight = (itemId: string) => `/browse?highlight=${itemId}`;

/**
 * wishlist_match: every listing told each member (other than its owner) whose wishlist, as it was
 * then, it satisfies; one alert per member and item, naming their oldest matching wish.
 */
export function wishlistAlerts(
  random: Random,
  rows: readonly ItemRow[],
  wishes: readonly WishlistRow[],
): Note[] {
  const byMember = new Map<string, WishlistRow[]>();
  for (const wish of wishes) byMember.set(wish.userId, [...(byMember.get(wish.userId) ?? []), wish]);
  for (const list of byMember.values()) list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const cache = new Map<string, Set<string>>();
  const notes: Note[] = [];
  for (const item of rows) {
    const listed = item.createdAt.getTime();
    for (const [userId, list] of byMember) {
      const hit = list.find(
        (wish) => wish.createdAt.getTime() < listed && wishSatisfiedBy(item, wish, cache),
      );
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
      name: member.firstName,
      isViewer: false,
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

/** The wishlist category a member would file an item under. */
function wishlistCategoryOf(item: ItemRow): WishlistCategory {
  if (item.style === 'Bags') return 'bags';
  if (item.style === 'Jewelry') return 'jewelry';
  if (item.style === 'Watches') return 'watches';
  return item.category as WishlistCategory;
}

interface Pair {
  mine: ItemRow;
  listed: ItemRow;
  score: number;
}

/**
 * Direct swaps between a listing of the last month and an older tradable item of another member,
 * scored as notifyStrongMatches scores them, best first. A direct swap needs each side to want the
 * other's item; checking that before scoring keeps this cheap.
 */
function directPairs(
  rows: readonly ItemRow[],
  profiles: ReadonlyMap<string, MatchProfile>,
  now: number,
  skip: ReadonlySet<string>,
) {
  const matchItems = new Map(rows.map((row) => [row.id, toMatchItem(row)]));
  const asMatch = (row: ItemRow) => matchItems.get(row.id) as MatchItem;
  const wanted = new Map<string, boolean>();
  /** Whether the member wants the item, computed once per pair. */
  const wantedBy = (item: ItemRow, userId: string) => {
    const key = `${item.id}:${userId}`;
    let answer = wanted.get(key);
    if (answer === undefined) {
      const profile = profiles.get(userId);
      answer = profile !== undefined && wants(asMatch(item), profile);
      wanted.set(key, answer);
    }
    return answer;
  };
  const tradable = rows.filter((row) => isTradable(row) && !skip.has(row.userId));
  const recent = tradable.filter((row) => row.createdAt.getTime() > now - 30 * DAY);
  const pairs: Pair[] = [];
  for (const listed of recent) {
    const lister = profiles.get(listed.userId);
    if (!lister) continue;
    for (const mine of tradable) {
      const me = profiles.get(mine.userId);
      // Among the listing's candidates (same category, value within 40%), only the same style with a
      // value within 20% can score 80: the others are not worth scoring.
      if (
        !me ||
        mine.userId === listed.userId ||
        mine.style !== listed.style ||
        mine.category !== listed.category ||
        mine.estimatedValue < listed.estimatedValue * 0.8 ||
        mine.estimatedValue > listed.estimatedValue * 1.2 ||
        listed.createdAt <= mine.createdAt ||
        !wantedBy(listed, mine.userId) ||
        !wantedBy(mine, listed.userId)
      ) {
        continue;
      }
      const result = scoreBarter(asMatch(mine), asMatch(listed), me, lister);
      if (result.tradeType === 'direct') pairs.push({ mine, listed, score: result.score });
    }
  }
  return pairs.sort((a, b) => b.score - a.score);
}

/**
 * match_found: a listing that is a strong direct swap (score of at least 80) for another member's
 * item told that member. By chance such swaps are rare in a catalogue this size, so the best direct
 * swaps are made strong the way members make them: each side had put the other's item on their
 * wishlist before the listing. Adds those wishes to `wishes` (replacing the newest one of a member
 * who already has four) and answers the alerts.
 */
export function planStrongMatches(
  random: Random,
  rows: readonly ItemRow[],
  members: readonly ProfileMember[],
  favoriteRows: readonly FavoriteRow[],
  wishes: WishlistRow[],
  now: number,
  options: { count: number; skip: ReadonlySet<string> },
): Note[] {
  const notes: Note[] = [];
  const used = new Set(options.skip);
  const wishFor = (userId: string, item: ItemRow, createdAt: number) => {
    const row = wishlistRow(
      userId,
      { title: item.title, category: wishlistCategoryOf(item) },
      new Date(createdAt),
    );
    const own = wishes.filter((wish) => wish.userId === userId);
    if (own.length >= 4) wishes.splice(wishes.indexOf(own[own.length - 1] as WishlistRow), 1);
    wishes.push(row);
    return row;
  };
  const candidates = directPairs(rows, buildProfiles(members, rows, favoriteRows, wishes), now, options.skip);
  for (const pair of candidates) {
    if (notes.length >= options.count) break;
    const { mine, listed } = pair;
    if (used.has(mine.userId) || used.has(listed.userId)) continue;
    const before = [...wishes];
    const listedAt = listed.createdAt.getTime();
    wishFor(mine.userId, listed, listedAt - DAY - Math.floor(random.next() * 6 * DAY));
    wishFor(listed.userId, mine, listedAt - DAY - Math.floor(random.next() * 6 * DAY));
    const profiles = buildProfiles(members, rows, favoriteRows, wishes);
    const me = profiles.get(mine.userId);
    const lister = profiles.get(listed.userId);
    const result = me && lister ? scoreBarter(toMatchItem(mine), toMatchItem(listed), me, lister) : undefined;
    if (!result || result.tradeType !== 'direct' || result.score < STRONG_MATCH_SCORE * 100) {
      wishes.splice(0, wishes.length, ...before);
      continue;
    }
    used.add(mine.userId);
    used.add(listed.userId);
    notes.push({
      userId: mine.userId,
      type: 'match_found',
      title: 'Strong match found',
      message: `"${listed.title}" was just listed and looks like a great swap for your "${mine.title}" (${result.score}% match).`,
      link: highlight(listed.id),
      dedupeKey: `match:${listed.id}:${mine.id}`,
      at: listedAt + 30_000 + Math.floor(random.next() * 180_000),
    });
  }
  return notes;
}
