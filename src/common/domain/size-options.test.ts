import { describe, expect, it } from 'vitest';
import {
  communityShoeSizes,
  groupSizes,
  listingSizeGroups,
  needsSizes,
  remainingSizeOptions,
  SHOE_SIZES,
  shoeSystems,
  sizeOptions,
} from './size-options';
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

describe("the community's shoe sizes", () => {
  it('puts EU sizes first in continental Europe, UK sizes in Britain and US sizes elsewhere', () => {
    expect(shoeSystems('FR')).toEqual(['eu-shoe', 'uk-shoe', 'us-shoe']);
    expect(shoeSystems('de')).toEqual(['eu-shoe', 'uk-shoe', 'us-shoe']);
    expect(shoeSystems('GB')).toEqual(['uk-shoe', 'eu-shoe', 'us-shoe']);
    expect(shoeSystems('US')).toEqual(['us-shoe', 'uk-shoe', 'eu-shoe']);
    expect(shoeSystems(undefined)).toEqual(['us-shoe', 'uk-shoe', 'eu-shoe']);
  });

  it("orders the listing form's shoe groups and the preferences' shoe sizes the same way", () => {
    expect(listingSizeGroups('shoes', null, null, 'FR').map((group) => group.system)).toEqual(
      shoeSystems('FR'),
    );
    expect(sizeOptions('Shoes', 'FR')[0]).toBe('EU 36');
    expect(sizeOptions('Shoes', 'GB')[0]).toBe('UK 3');
    expect(sizeOptions('Shoes')).toEqual(SHOE_SIZES);
    expect(communityShoeSizes('FR')).toEqual(sizeOptions('Shoes', 'FR'));
  });
});

describe('groupSizes', () => {
  it('groups sizes by system, each in size order, shoe systems in the community order', () => {
    expect(
      groupSizes(['EU 41', 'M', '9.5', 'S', 'W30 L32', 'UK 7', 'EU 38', 'One size'], 'shoes', 'FR'),
    ).toEqual([
      { system: 'letter', sizes: ['S', 'M'] },
      { system: 'waist-length', sizes: ['W30 L32'] },
      { system: 'eu-shoe', sizes: ['EU 38', 'EU 41'] },
      { system: 'uk-shoe', sizes: ['UK 7'] },
      { system: 'us-shoe', sizes: ['9.5'] },
      { system: 'other', sizes: ['One size'] },
    ]);
  });

  it('calls bare numbers numbers outside Shoes, and leaves out empty groups', () => {
    expect(groupSizes(['30', '8', 'L'])).toEqual([
      { system: 'letter', sizes: ['L'] },
      { system: 'number', sizes: ['8', '30'] },
    ]);
  });
});
