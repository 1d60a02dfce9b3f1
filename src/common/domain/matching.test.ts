import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCH_REASON,
  type MatchItem,
  type MatchProfile,
  matchesWishlist,
  scoreBarter,
  scoreOffer,
  SIGNAL_WEIGHTS,
  textSimilarity,
  wants,
} from './matching';

const item = (overrides: Partial<MatchItem>): MatchItem => ({
  id: 'i',
  userId: 'u',
  title: 'Plain Item',
  category: 'clothing',
  style: null,
  brand: null,
  size: null,
  condition: 'good',
  estimatedValue: 5000,
  tags: [],
  ...overrides,
});

const nobody: MatchProfile = {
  name: 'Ana',
  isViewer: false,
  wishlist: [],
  preferredCategories: [],
  preferredSizes: {},
  brands: [],
};
const signal = (offer: MatchItem, target: MatchItem, receiver: MatchProfile, key: string) =>
  scoreOffer(offer, target, receiver).signals.find((s) => s.key === key);

describe('the weights', () => {
  it('sum to 1', () => {
    expect(Object.values(SIGNAL_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });
});

describe('value closeness', () => {
  it('scores 1 for equal values and says fair trade within 10%', () => {
    const value = signal(item({ estimatedValue: 5000 }), item({ estimatedValue: 5000 }), nobody, 'value');
    expect(value).toMatchObject({ score: 1, reasons: [{ code: 'fairValue' }] });
  });
  it('says similar value within 20% of the wanted item', () => {
    const value = signal(item({ estimatedValue: 4200 }), item({ estimatedValue: 5000 }), nobody, 'value');
    expect(value?.reasons).toEqual([{ code: 'similarValue' }]);
    expect(value?.score).toBeCloseTo(0.84);
  });
  it('gives no reason and a low score far apart', () => {
    const value = signal(item({ estimatedValue: 1000 }), item({ estimatedValue: 5000 }), nobody, 'value');
    expect(value?.reasons).toEqual([]);
    expect(value?.score).toBeCloseTo(0.2);
    expect(
      signal(item({ estimatedValue: 20000 }), item({ estimatedValue: 5000 }), nobody, 'value')?.score,
    ).toBe(0);
  });
});

describe('wishlist', () => {
  const want = { title: 'Denim jacket', category: 'clothing', brand: null, size: null, maxValue: null };
  it('matches by category, a title word, brand, size and value', () => {
    const jacket = item({ title: "Levi's Trucker Jacket", brand: "Levi's", size: 'M', estimatedValue: 6000 });
    expect(matchesWishlist(jacket, want)).toBe(true);
    expect(matchesWishlist(jacket, { ...want, brand: "levi's" })).toBe(true);
    expect(matchesWishlist(jacket, { ...want, brand: 'Zara' })).toBe(false);
    expect(matchesWishlist(jacket, { ...want, size: 'L' })).toBe(false);
    expect(matchesWishlist(jacket, { ...want, maxValue: 5000 })).toBe(false);
    expect(matchesWishlist(jacket, { ...want, category: 'shoes' })).toBe(false);
    expect(matchesWishlist(item({ title: 'Wool Coat' }), want)).toBe(false);
  });
  it('maps bags, jewelry and watches to accessories of that style', () => {
    const bag = item({ title: 'Leather Tote Bag', category: 'accessories', style: 'Bags' });
    expect(matchesWishlist(bag, { ...want, title: 'tote', category: 'bags' })).toBe(true);
    expect(matchesWishlist(bag, { ...want, title: 'tote', category: 'jewelry' })).toBe(false);
    expect(matchesWishlist(bag, { ...want, title: 'tote', category: 'accessories' })).toBe(true);
  });
  it('is a full-weight signal, naming the entry only to its owner', () => {
    const receiver = { ...nobody, wishlist: [want] };
    expect(signal(item({ title: 'Denim Jacket' }), item({}), receiver, 'wishlist')).toMatchObject({
      score: 1,
      reasons: [{ code: 'wishlist', params: { whose: 'member', name: 'Ana' } }],
    });
    const viewer = { ...receiver, isViewer: true };
    expect(signal(item({ title: 'Denim Jacket' }), item({}), viewer, 'wishlist')).toMatchObject({
      score: 1,
      reasons: [{ code: 'wishlist', params: { whose: 'you', title: 'Denim jacket' } }],
    });
  });
});

describe('preferences', () => {
  it('rewards a preferred category and size', () => {
    const receiver = { ...nobody, preferredCategories: ['Outerwear'], preferredSizes: { Outerwear: ['M'] } };
    const coat = item({ style: 'Outerwear', size: 'M' });
    expect(signal(coat, item({}), receiver, 'preferences')).toMatchObject({
      score: 1,
      reasons: [
        { code: 'preferredCategory', params: { whose: 'member', name: 'Ana', category: 'Outerwear' } },
        { code: 'inSize', params: { whose: 'member', name: 'Ana', size: 'M' } },
      ],
    });
    expect(signal(item({ style: 'Outerwear', size: 'S' }), item({}), receiver, 'preferences')?.score).toBe(
      0.6,
    );
    expect(signal(item({ style: 'Tops' }), item({}), receiver, 'preferences')?.score).toBe(0);
  });
  it('treats shoes and accessories as profile categories', () => {
    const receiver = { ...nobody, preferredCategories: ['Shoes'] };
    expect(signal(item({ category: 'shoes' }), item({}), receiver, 'preferences')?.score).toBe(0.6);
  });
});

describe('brand affinity', () => {
  it('rewards a brand they list or favourite', () => {
    const receiver = { ...nobody, brands: ['ganni'] };
    expect(signal(item({ brand: 'Ganni' }), item({}), receiver, 'brand')).toMatchObject({
      score: 1,
      reasons: [{ code: 'brand', params: { whose: 'member', name: 'Ana', brand: 'Ganni' } }],
    });
    expect(signal(item({ brand: 'Zara' }), item({}), receiver, 'brand')?.score).toBe(0);
  });
});

describe('style, category and condition', () => {
  it('prefers the same style over the same category', () => {
    expect(signal(item({ style: 'Tops' }), item({ style: 'Tops' }), nobody, 'category')?.score).toBe(1);
    expect(signal(item({ style: 'Tops' }), item({ style: 'Dresses' }), nobody, 'category')?.score).toBe(0.7);
    expect(signal(item({ category: 'shoes' }), item({}), nobody, 'category')?.score).toBe(0);
  });
  it('scores an offer in at least the wanted condition fully', () => {
    expect(
      signal(item({ condition: 'new' }), item({ condition: 'good' }), nobody, 'condition'),
    ).toMatchObject({
      score: 1,
      reasons: [{ code: 'condition', params: { condition: 'new' } }],
    });
    expect(signal(item({ condition: 'poor' }), item({ condition: 'new' }), nobody, 'condition')?.score).toBe(
      0,
    );
  });
});

describe('text similarity', () => {
  it('is the Jaccard overlap of title, brand and tag words', () => {
    const a = item({ title: 'Vintage Denim Jacket', tags: ['vintage'] });
    const b = item({ title: 'Denim Jackets', tags: ['y2k'] });
    expect(textSimilarity(a, b)).toBeCloseTo(2 / 4);
    expect(textSimilarity(a, item({ title: '' }))).toBe(0);
  });
});

describe('scoreOffer', () => {
  it('combines the signals into 0..1 with reasons, best first', () => {
    const receiver = {
      ...nobody,
      wishlist: [{ title: 'jacket', category: 'clothing', brand: null, size: null, maxValue: null }],
    };
    const result = scoreOffer(
      item({ title: 'Denim Jacket', estimatedValue: 5000 }),
      item({ estimatedValue: 5000 }),
      receiver,
    );
    expect(result.overallScore).toBeGreaterThan(0.5);
    expect(result.overallScore).toBeLessThanOrEqual(1);
    expect(result.reasoning[0]).toEqual({ code: 'fairValue' });
    expect(result.reasoning).toContainEqual({ code: 'wishlist', params: { whose: 'member', name: 'Ana' } });
  });
  it('falls back to the default reason', () => {
    const result = scoreOffer(
      item({ title: 'Runner', estimatedValue: 100, category: 'shoes', condition: 'poor' }),
      item({ title: 'Scarf', condition: 'new' }),
      nobody,
    );
    expect(result.reasoning).toEqual([DEFAULT_MATCH_REASON]);
  });
});

describe('scoreBarter', () => {
  it('is direct when each side wants the other item', () => {
    const me = { ...nobody, isViewer: true, preferredCategories: ['Shoes'] };
    const them = { ...nobody, preferredCategories: ['Outerwear'] };
    const mine = item({ style: 'Outerwear' });
    const theirs = item({ category: 'shoes' });
    expect(wants(theirs, me)).toBe(true);
    const result = scoreBarter(mine, theirs, me, them);
    expect(result.tradeType).toBe('direct');
    expect(result.score).toBeGreaterThan(0);
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(result.explanations).toContainEqual({
      code: 'preferredCategory',
      params: { whose: 'you', category: 'Shoes' },
    });
    expect(scoreBarter(mine, theirs, me, nobody).tradeType).toBe('one-way');
  });
});
