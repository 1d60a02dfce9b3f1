import { describe, expect, it } from 'vitest';
import { needsSizes, remainingSizeOptions, sizeOptions } from './size-options';
import { PROFILE_CATEGORIES } from './taxonomy';

describe('sizeOptions', () => {
  it('offers letter sizes XS to XXL by default', () => {
    for (const category of ['Tops', 'Outerwear', 'Activewear']) {
      expect(sizeOptions(category)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    }
  });
  it('offers waist sizes 24 to 36 for Bottoms', () => {
    const sizes = sizeOptions('Bottoms');
    expect(sizes[0]).toBe('24');
    expect(sizes.at(-1)).toBe('36');
    expect(sizes).toHaveLength(13);
  });
  it('offers letter sizes and 0 to 14 for Dresses, and the same for Formal', () => {
    expect(sizeOptions('Dresses')).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '0',
      '2',
      '4',
      '6',
      '8',
      '10',
      '12',
      '14',
    ]);
    expect(sizeOptions('Formal')).toEqual(sizeOptions('Dresses'));
  });
  it('offers shoe sizes 5 to 11 in halves', () => {
    expect(sizeOptions('Shoes')).toEqual([
      '5',
      '5.5',
      '6',
      '6.5',
      '7',
      '7.5',
      '8',
      '8.5',
      '9',
      '9.5',
      '10',
      '10.5',
      '11',
    ]);
  });
  it('needs no sizes for Accessories, Bags and Jewelry', () => {
    for (const category of ['Accessories', 'Bags', 'Jewelry']) {
      expect(sizeOptions(category)).toEqual([]);
      expect(needsSizes(category)).toBe(false);
    }
  });
  it('has an answer for every profile category', () => {
    const sized = PROFILE_CATEGORIES.filter(needsSizes);
    expect(sized).toEqual(['Tops', 'Bottoms', 'Dresses', 'Outerwear', 'Shoes', 'Activewear', 'Formal']);
  });
});

describe('remainingSizeOptions', () => {
  it('does not offer already-chosen sizes again', () => {
    expect(remainingSizeOptions('Tops', ['M', 'XS'])).toEqual(['S', 'L', 'XL', 'XXL']);
    expect(remainingSizeOptions('Shoes', ['8.5'])).not.toContain('8.5');
  });
  it('offers nothing once every size is chosen', () => {
    expect(remainingSizeOptions('Tops', ['XS', 'S', 'M', 'L', 'XL', 'XXL'])).toEqual([]);
  });
});
