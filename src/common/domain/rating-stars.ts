/** Rating stars: a scale of 5, with a half star when the fraction is at least 0.5. */

export const RATING_SCALE = 5;

export interface StarParts {
  full: number;
  half: boolean;
  empty: number;
}

/** Reads the API's numeric-string average ("4.5"); anything unreadable counts as 0. */
export function parseRating(value: number | string | null | undefined): number {
  const rating = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  if (!Number.isFinite(rating)) return 0;
  return Math.min(RATING_SCALE, Math.max(0, rating));
}

/** How many full, half and empty stars draw a rating; always 5 stars in total. */
export function starParts(value: number | string | null | undefined): StarParts {
  const rating = parseRating(value);
  const full = Math.floor(rating);
  const half = full < RATING_SCALE && rating - full >= 0.5;
  return { full, half, empty: RATING_SCALE - full - (half ? 1 : 0) };
}

export interface StarCounts {
  fiveStarCount: number;
  fourStarCount: number;
  threeStarCount: number;
  twoStarCount: number;
  oneStarCount: number;
}

export interface RatingBar {
  stars: 5 | 4 | 3 | 2 | 1;
  count: number;
  /** Share of all reviews, 0 to 100, rounded. */
  percent: number;
}

/** One bar per star value, 5 down to 1, for the rating summary. */
export function ratingBars(counts: StarCounts): RatingBar[] {
  const bars: Array<Omit<RatingBar, 'percent'>> = [
    { stars: 5, count: counts.fiveStarCount },
    { stars: 4, count: counts.fourStarCount },
    { stars: 3, count: counts.threeStarCount },
    { stars: 2, count: counts.twoStarCount },
    { stars: 1, count: counts.oneStarCount },
  ];
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  return bars.map((bar) => ({ ...bar, percent: total === 0 ? 0 : Math.round((bar.count / total) * 100) }));
}
