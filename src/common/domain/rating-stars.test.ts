import { describe, expect, it } from 'vitest';
import { parseRating, ratingBars, starParts } from './rating-stars';

describe('starParts', () => {
  it('draws a half star when the fraction is at least 0.5', () => {
    expect(starParts('4.5')).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(3.7)).toEqual({ full: 3, half: true, empty: 1 });
  });
  it('rounds a fraction under 0.5 down', () => {
    expect(starParts('4.4')).toEqual({ full: 4, half: false, empty: 1 });
    expect(starParts(1.49)).toEqual({ full: 1, half: false, empty: 4 });
  });
  it('draws whole ratings, zero and the maximum', () => {
    expect(starParts('5.0')).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts('0.0')).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(2)).toEqual({ full: 2, half: false, empty: 3 });
  });
  it('clamps out-of-range and unreadable values', () => {
    expect(starParts(7)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts('n/a')).toEqual({ full: 0, half: false, empty: 5 });
    expect(parseRating(null)).toBe(0);
  });
});

describe('ratingBars', () => {
  it('lists 5 down to 1 stars with their share', () => {
    const bars = ratingBars({
      fiveStarCount: 3,
      fourStarCount: 1,
      threeStarCount: 0,
      twoStarCount: 0,
      oneStarCount: 0,
    });
    expect(bars.map((bar) => bar.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(bars.map((bar) => bar.percent)).toEqual([75, 25, 0, 0, 0]);
  });
  it('shows empty bars without reviews', () => {
    const bars = ratingBars({
      fiveStarCount: 0,
      fourStarCount: 0,
      threeStarCount: 0,
      twoStarCount: 0,
      oneStarCount: 0,
    });
    expect(bars.every((bar) => bar.percent === 0 && bar.count === 0)).toBe(true);
  });
});
