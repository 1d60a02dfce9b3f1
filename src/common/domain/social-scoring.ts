/** How the social network ranks members and measures a member (docs/product.md, Social). */

export interface StyleProfile {
  categories: string[];
  sizes: Record<string, string[]>;
  /** Lower-cased brands they list or favourite. */
  brands: string[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 && right.size === 0) return 0;
  let shared = 0;
  for (const value of left) if (right.has(value)) shared++;
  return shared / (left.size + right.size - shared);
}

export interface StyleMatch {
  score: number;
  sharedCategories: string[];
  sharedBrands: string[];
  /** Shared categories in which they also share a size. */
  sharedSizeCategories: string[];
}

/** 40% preferred categories, 20% sizes within shared categories, 40% brands (all Jaccard-like, 0..1). */
export function styleCompatibility(me: StyleProfile, them: StyleProfile): StyleMatch {
  const sharedCategories = me.categories.filter((category) => them.categories.includes(category));
  const sharedBrands = me.brands.filter((brand) => them.brands.includes(brand));
  const sharedSizeCategories = sharedCategories.filter((category) =>
    (me.sizes[category] ?? []).some((size) => (them.sizes[category] ?? []).includes(size)),
  );
  const sizeScore = sharedCategories.length ? sharedSizeCategories.length / sharedCategories.length : 0;
  const score =
    0.4 * jaccard(me.categories, them.categories) + 0.2 * sizeScore + 0.4 * jaccard(me.brands, them.brands);
  return { score: round2(score), sharedCategories, sharedBrands, sharedSizeCategories };
}

/** How much n matching items are worth to one side: each adds less than the one before (1 − e^(−n/3)). */
const wantCurve = (count: number) => 1 - Math.exp(-Math.max(0, count) / 3);

/**
 * How likely two members are to swap: a swap needs wants both ways, so three quarters of it is the
 * product of both sides' curves and a quarter their average (a one-sided interest still counts a
 * little, for rings). 4 and 5 matching items give 0.64, 1 and 6 give 0.33, 0 and 5 give 0.1; it
 * approaches 1 only with many items wanted in both directions, so members differ.
 */
export function tradingPotential(theirsForMe: number, mineForThem: number): number {
  const theirs = wantCurve(theirsForMe);
  const mine = wantCurve(mineForThem);
  return round2(0.75 * theirs * mine + 0.25 * ((theirs + mine) / 2));
}

export function recommendationScore(style: number, trading: number, mutualFriends: number): number {
  return round2(0.45 * style + 0.4 * trading + 0.15 * Math.min(1, mutualFriends / 3));
}

export function recommendationReasons(input: {
  style: StyleMatch;
  theirsForMe: number;
  mineForThem: number;
  mutualFriends: number;
  brandLabels: string[];
}): string[] {
  const reasons: string[] = [];
  if (input.theirsForMe > 0) {
    reasons.push(
      `${input.theirsForMe} of their items match${input.theirsForMe === 1 ? 'es' : ''} what you want`,
    );
  }
  if (input.mineForThem > 0) {
    reasons.push(
      `${input.mineForThem} of your items match${input.mineForThem === 1 ? 'es' : ''} what they want`,
    );
  }
  if (input.style.sharedCategories.length)
    reasons.push(`You both like ${input.style.sharedCategories.slice(0, 2).join(' and ')}`);
  if (input.brandLabels.length)
    reasons.push(`Shared taste in ${input.brandLabels.slice(0, 2).join(' and ')}`);
  if (input.style.sharedSizeCategories.length) reasons.push('You wear the same sizes');
  if (input.mutualFriends > 0)
    reasons.push(`${input.mutualFriends} mutual friend${input.mutualFriends === 1 ? '' : 's'}`);
  return reasons.length ? reasons : ['Active in the community'];
}

/** Grows with friends, favourites received and completed trades, and saturates towards 1. */
export function influenceScore(friends: number, favoritesReceived: number, completedTrades: number): number {
  return round2(1 - Math.exp(-(friends + favoritesReceived / 5 + completedTrades / 2) / 10));
}

/** Favourites received per listed item; two per item or more counts as full style influence. */
export function stylistRating(favoritesReceived: number, listedItems: number): number {
  return listedItems === 0 ? 0 : round2(Math.min(1, favoritesReceived / (listedItems * 2)));
}
