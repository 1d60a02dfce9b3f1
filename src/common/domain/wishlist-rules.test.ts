import { describe, expect, it } from 'vitest';
import {
  EMPTY_WISHLIST_FORM,
  maxValueProblem,
  wishlistCategoryOf,
  wishlistEntryFor,
  wishlistPayload,
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
