import { describe, expect, it } from 'vitest';
import {
  EMPTY_WISHLIST_FORM,
  maxValueProblem,
  wishlistCategoryOf,
  wishlistEntryFor,
  wishlistPayload,
  wishlistTitleFor,
  WISHLIST_CATEGORY_LABELS,
} from './wishlist-rules';
import {
  CATEGORY_ROW,
  SUBCATEGORY_LABELS,
  SUBCATEGORY_PARENT,
  WISHLIST_CATEGORIES,
  WISHLIST_CATEGORY_MAP,
  WISHLIST_SUBCATEGORY,
} from './taxonomy';

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
    for (const input of ['', '  ', '0', '49.99', '49,99', '100000'])
      expect(maxValueProblem(input)).toBeNull();
    expect(maxValueProblem('2500', 'JPY')).toBeNull();
    expect(maxValueProblem('24.99', 'JPY')).toBe('maxValueNotANumber');
    expect(maxValueProblem('10000000', 'JPY')).toBeNull();
    expect(maxValueProblem('10000001', 'JPY')).toBe('maxValueTooHigh');
  });

  it('refuses negative, non-numeric and too large amounts', () => {
    expect(maxValueProblem('-1')).toBe('maxValueNegative');
    expect(maxValueProblem('abc')).toBe('maxValueNotANumber');
    expect(maxValueProblem('100000.01')).toBe('maxValueTooHigh');
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

describe("the wishlist's categories are the site's taxonomy", () => {
  it('each is an item category or a subcategory of its item category, named as the listing form names it', () => {
    for (const category of WISHLIST_CATEGORIES) {
      const { category: itemCategory } = WISHLIST_CATEGORY_MAP[category];
      const subcategory = WISHLIST_SUBCATEGORY[category];
      if (subcategory) {
        expect(SUBCATEGORY_PARENT[subcategory]).toBe(itemCategory);
        expect(WISHLIST_CATEGORY_LABELS[category]).toBe(SUBCATEGORY_LABELS[subcategory]);
      } else {
        expect(category).toBe(itemCategory);
        expect(WISHLIST_CATEGORY_LABELS[category]).toBe(
          CATEGORY_ROW.find((entry) => entry.id === category)?.label,
        );
      }
    }
  });
});
