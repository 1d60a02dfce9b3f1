import { describe, expect, it } from 'vitest';
import { dealTerms, describeChangedFields, diffTerms, formatTermValue, photoChange } from './trade-terms';

const coat = dealTerms({
  title: 'Wool Coat',
  description: 'Warm',
  images: ['/images/a', '/images/b'],
  condition: 'like-new',
  estimatedValue: 8000,
  category: 'clothing',
  gender: 'women',
});

describe('trade terms', () => {
  it('reads absent optional fields as null and keeps only deal fields', () => {
    expect(coat).toEqual({
      title: 'Wool Coat',
      description: 'Warm',
      images: ['/images/a', '/images/b'],
      condition: 'like-new',
      estimatedValue: 8000,
      brand: null,
      size: null,
      category: 'clothing',
      gender: 'women',
      style: null,
    });
  });

  it('diffs field by field in a fixed order; photo order counts, equal values do not', () => {
    expect(diffTerms(coat, { ...coat })).toEqual([]);
    expect(
      diffTerms(coat, { ...coat, estimatedValue: 5000, title: 'Coat', images: ['/images/b', '/images/a'] }),
    ).toEqual([
      { field: 'title', before: 'Wool Coat', after: 'Coat' },
      { field: 'images', before: ['/images/a', '/images/b'], after: ['/images/b', '/images/a'] },
      { field: 'estimatedValue', before: 8000, after: 5000 },
    ]);
  });

  it('formats values and field lists for people', () => {
    expect(formatTermValue('estimatedValue', 5000)).toBe('$50.00');
    expect(formatTermValue('condition', 'like-new')).toBe('Like New');
    expect(formatTermValue('brand', null)).toBe('None');
    expect(formatTermValue('images', ['/images/a'])).toBe('1 photo');
    expect(describeChangedFields(['title', 'estimatedValue', 'brand'])).toBe('title, value and brand');
    expect(describeChangedFields(['size'])).toBe('size');
    expect(photoChange(['/images/a', '/images/b'], ['/images/b', '/images/c'])).toEqual({
      added: 1,
      removed: 1,
    });
  });
});
