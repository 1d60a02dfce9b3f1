import { describe, expect, it } from 'vitest';
import {
  EMPTY_WISHLIST_FORM,
  maxValueProblem,
  wishlistCategoryOf,
  wishlistEntryFor,
  wishlistPayload,
  wishlistTitleFor,
} from './wishlist-rules';

describe('wishlistCategoryOf', () => {
  it('files bags, jewelry and watches under their own category', () => {
    expect(wishlistCategoryOf({ category: 'accessories', style: 'Bags' })).toBe('bags');
    expect(wishlistCategoryOf({ category: 'accessories', style: 'Jewelry' })).toBe('jewelry');
    expect(wishlistCategoryOf({ category: 'accessories', style: 'Watches' })).toBe('watches');
  });

  it('uses the item category for every other style, or none', () => {
    expect(wishlistCategoryOf({ category: 'accessories', style: 'Accessories' })).toBe('accessories');
    expect(wishlistCategoryOf({ category: 'clothing', style: 'Dresses' })).toBe('clothing');
    expect(wishlistCategoryOf({ category: 'shoes', style: null })).toBe('shoes');
  });
});

describe('wishlistEntryFor', () => {
  const entries = [
    { id: 'a', title: 'Denim Jacket', category: 'clothing' },
    { id: 'b', title: 'Leather Tote', category: 'bags' },
  ];

  it('finds the entry with the same title, ignoring case and outer spaces, in the same category', () => {
    expect(
      wishlistEntryFor(entries, { title: 'denim jacket ', category: 'clothing', style: 'Outerwear' })?.id,
    ).toBe('a');
    expect(
      wishlistEntryFor(entries, { title: 'LEATHER TOTE', category: 'accessories', style: 'Bags' })?.id,
    ).toBe('b');
  });

  it('finds nothing when the category differs or the title is only similar', () => {
    expect(
      wishlistEntryFor(entries, { title: 'Leather Tote', category: 'accessories', style: null }),
    ).toBeUndefined();
    expect(
      wishlistEntryFor(entries, { title: 'Denim Jackets', category: 'clothing', style: null }),
    ).toBeUndefined();
  });
});

describe('maxValueProblem', () => {
  it('accepts empty, zero and amounts up to $100,000', () => {
    for (const input of ['', '  ', '0', '49.99', '100000']) expect(maxValueProblem(input)).toBeNull();
  });

  it('refuses negative, non-numeric and too large amounts', () => {
    expect(maxValueProblem('-1')).toBe('Max value must be 0 or more');
    expect(maxValueProblem('abc')).toBe('Enter an amount in dollars, like 50 or 49.99');
    expect(maxValueProblem('100000.01')).toBe('Max value must be at most $100,000');
  });
});

describe('wishlistPayload', () => {
  it('trims text, sends empty brand and size as null and the max value as rounded cents', () => {
    expect(
      wishlistPayload({
        title: '  Denim Jacket ',
        category: 'clothing',
        brand: '  ',
        size: ' M ',
        description: ' Light wash \n',
        maxValue: '49.995',
      }),
    ).toEqual({
      title: 'Denim Jacket',
      category: 'clothing',
      description: 'Light wash',
      brand: null,
      size: 'M',
      maxValue: 5000,
    });
  });

  it('sends no max value when it is empty', () => {
    expect(wishlistPayload({ ...EMPTY_WISHLIST_FORM, title: 'x', category: 'shoes', brand: 'Nike' })).toEqual(
      {
        title: 'x',
        category: 'shoes',
        description: '',
        brand: 'Nike',
        size: null,
        maxValue: null,
      },
    );
  });
});

describe('wishlistTitleFor (what a bookmark wishes for)', () => {
  it('names the kind of item with its brand, never the listing title', () => {
    expect(wishlistTitleFor({ category: 'clothing', style: 'Outerwear', brand: 'COS' })).toBe(
      'COS Outerwear',
    );
    expect(wishlistTitleFor({ category: 'accessories', style: 'Bags', brand: null })).toBe('Bags');
    expect(wishlistTitleFor({ category: 'shoes', style: null, brand: ' ' })).toBe('Shoes');
  });

  it('an entry saved from a bookmark is found again for the item (same kind, brand and size)', () => {
    const item = {
      title: 'Wool coat, worn twice',
      category: 'clothing' as const,
      style: 'Outerwear',
      brand: 'COS',
      size: 'M',
    };
    const saved = { id: 'k', title: 'COS Outerwear', category: 'clothing', brand: 'COS', size: 'M' };
    expect(wishlistEntryFor([saved], item)?.id).toBe('k');
    expect(wishlistEntryFor([saved], { ...item, size: 'L' })).toBeUndefined();
    expect(wishlistEntryFor([saved], { ...item, brand: 'Arket' })).toBeUndefined();
  });
});
