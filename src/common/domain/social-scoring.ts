/** How the social network ranks members and measures a member (README: Social figures). */

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

/** Items of theirs that I want plus items of mine they want; six or more is full potential. */
export function tradingPotential(theirsForMe: number, mineForThem: number): number {
  return round2(Math.min(1, (theirsForMe + mineForThem) / 6));
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
