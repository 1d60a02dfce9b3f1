import { describe, expect, it } from 'vitest';
import {
  influenceScore,
  jaccard,
  recommendationReasons,
  recommendationScore,
  styleCompatibility,
  stylistRating,
  tradingPotential,
} from './social-scoring';

describe('jaccard', () => {
  it('is shared over union', () => {
    expect(jaccard(['a', 'b'], ['b', 'c'])).toBeCloseTo(1 / 3);
    expect(jaccard([], [])).toBe(0);
    expect(jaccard(['a'], ['a'])).toBe(1);
  });
});

describe('styleCompatibility', () => {
  it('weights categories, sizes and brands', () => {
    const me = {
      categories: ['Tops', 'Shoes'],
      sizes: { Tops: ['M'], Shoes: ['9'] },
      brands: ['cos', 'nike'],
    };
    const them = {
      categories: ['Tops', 'Shoes'],
      sizes: { Tops: ['M'], Shoes: ['10'] },
      brands: ['cos', 'nike'],
    };
    const match = styleCompatibility(me, them);
    expect(match.score).toBeCloseTo(0.4 + 0.2 * 0.5 + 0.4);
    expect(match.sharedCategories).toEqual(['Tops', 'Shoes']);
    expect(match.sharedSizeCategories).toEqual(['Tops']);
    expect(match.sharedBrands).toEqual(['cos', 'nike']);
    expect(styleCompatibility(me, { categories: [], sizes: {}, brands: [] }).score).toBe(0);
  });
});

describe('scores', () => {
  it('rates trading potential by wants in both directions, so that members differ', () => {
    expect(tradingPotential(0, 0)).toBe(0);
    expect(tradingPotential(4, 5)).toBe(0.64);
    expect(tradingPotential(1, 6)).toBe(0.33);
    expect(tradingPotential(0, 5)).toBe(0.1);
    // Wants both ways weigh more than the same number one way.
    expect(tradingPotential(3, 3)).toBeGreaterThan(tradingPotential(6, 0));
    // More items wanted never lowers it, and it stays below 1.
    expect(tradingPotential(5, 5)).toBeGreaterThan(tradingPotential(4, 5));
    expect(tradingPotential(40, 40)).toBeLessThanOrEqual(1);
    const demoPairs = [
      [4, 5],
      [1, 6],
      [3, 5],
      [5, 2],
      [2, 5],
      [5, 1],
    ] as const;
    expect(new Set(demoPairs.map(([a, b]) => tradingPotential(a, b))).size).toBeGreaterThanOrEqual(5);
  });
  it('combines style, trading and mutual friends', () => {
    expect(recommendationScore(1, 1, 3)).toBe(1);
    expect(recommendationScore(0, 0, 0)).toBe(0);
    expect(recommendationScore(0.5, 0.5, 0)).toBe(0.43);
  });
  it('explains a recommendation', () => {
    const style = { score: 0.5, sharedCategories: ['Tops'], sharedBrands: ['cos'], sharedSizeCategories: [] };
    expect(
      recommendationReasons({
        style,
        theirsForMe: 1,
        mineForThem: 2,
        mutualFriends: 1,
        brandLabels: ['COS'],
      }),
    ).toEqual([
      '1 of their items matches what you want',
      '2 of your items match what they want',
      'You both like Tops',
      'Shared taste in COS',
      '1 mutual friend',
    ]);
    const none = { score: 0, sharedCategories: [], sharedBrands: [], sharedSizeCategories: [] };
    expect(
      recommendationReasons({
        style: none,
        theirsForMe: 0,
        mineForThem: 0,
        mutualFriends: 0,
        brandLabels: [],
      }),
    ).toEqual(['Active in the community']);
  });
  it('saturates influence and style influence at 1', () => {
    expect(influenceScore(0, 0, 0)).toBe(0);
    expect(influenceScore(10, 0, 0)).toBeCloseTo(0.63);
    expect(influenceScore(1000, 1000, 1000)).toBe(1);
    expect(stylistRating(0, 0)).toBe(0);
    expect(stylistRating(4, 4)).toBe(0.5);
    expect(stylistRating(100, 4)).toBe(1);
  });
});
