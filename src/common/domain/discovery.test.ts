import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  DEFAULT_ITEM_FILTERS,
  itemFiltersToParams,
  parseItemFilters,
  withCategory,
} from './item-filters';
import {
  compareSizes,
  EU_SHOE_SIZES,
  listingSizeGroups,
  UK_SHOE_SIZES,
  US_SHOE_SIZES,
  WAIST_LENGTH_SIZES,
} from './size-options';
import {
  ITEM_CATEGORIES,
  isSubcategoryOf,
  SUBCATEGORIES,
  SUBCATEGORY_PARENT,
  SUBCATEGORY_TREE,
  subcategoriesOf,
} from './taxonomy';

describe('the category tree', () => {
  it('has the subcategories members look for under each category', () => {
    expect(subcategoriesOf('clothing')).toEqual(
      expect.arrayContaining(['dresses', 'tops', 'knitwear', 'jackets-coats', 'trousers', 'jeans', 'skirts']),
    );
    expect(subcategoriesOf('shoes')).toEqual(expect.arrayContaining(['sneakers', 'boots', 'heels', 'flats']));
    expect(subcategoriesOf('accessories')).toEqual(
      expect.arrayContaining(['bags', 'jewellery', 'scarves', 'hats', 'belts']),
    );
    expect(subcategoriesOf('women')).toEqual([]);
  });

  it('gives every subcategory one parent, and unique ids', () => {
    expect(new Set(SUBCATEGORIES).size).toBe(SUBCATEGORIES.length);
    for (const category of ITEM_CATEGORIES) {
      for (const { id } of SUBCATEGORY_TREE[category]) expect(SUBCATEGORY_PARENT[id]).toBe(category);
    }
    expect(isSubcategoryOf('boots', 'shoes')).toBe(true);
    expect(isSubcategoryOf('boots', 'clothing')).toBe(false);
    expect(isSubcategoryOf('nonsense', 'clothing')).toBe(false);
  });
});

describe('size systems', () => {
  it('offers US, UK and EU shoe sizes in halves', () => {
    const groups = listingSizeGroups('shoes', 'boots');
    expect(groups.map((group) => group.system)).toEqual(['us-shoe', 'uk-shoe', 'eu-shoe']);
    expect(US_SHOE_SIZES).toContain('9.5');
    expect(UK_SHOE_SIZES).toContain('UK 7.5');
    expect(EU_SHOE_SIZES).toEqual(expect.arrayContaining(['EU 38', 'EU 38.5', 'EU 47']));
  });

  it('offers waist and length for trousers and jeans, letters for tops, nothing for accessories', () => {
    expect(listingSizeGroups('clothing', 'jeans')[0]?.system).toBe('waist-length');
    expect(listingSizeGroups('clothing', 'trousers')[0]?.system).toBe('waist-length');
    expect(WAIST_LENGTH_SIZES).toEqual(expect.arrayContaining(['W30', 'W30 L32', 'W40 L34']));
    expect(listingSizeGroups('clothing', 'tops').map((group) => group.system)).toEqual(['letter']);
    expect(listingSizeGroups('clothing', 'dresses').map((group) => group.system)).toEqual([
      'letter',
      'dress',
    ]);
    expect(listingSizeGroups('clothing', 'tops', 'kids')[0]?.system).toBe('kids');
    expect(listingSizeGroups('accessories', 'bags')).toEqual([]);
  });

  it('orders sizes as people read them', () => {
    const sizes = [
      'XL',
      'EU 41',
      '10',
      'W30 L32',
      'S',
      'UK 7',
      '9.5',
      'W30',
      'M',
      'W28 L34',
      'EU 40.5',
      'odd',
    ];
    expect([...sizes].sort(compareSizes)).toEqual([
      'S',
      'M',
      'XL',
      'W28 L34',
      'W30',
      'W30 L32',
      '9.5',
      '10',
      'UK 7',
      'EU 40.5',
      'EU 41',
      'odd',
    ]);
  });
});

describe('multi-select filters in the URL', () => {
  it('reads several subcategories, sizes and conditions, comma-joined or repeated', () => {
    const filters = parseItemFilters(
      'category=clothing&subcategory=jeans&subcategory=trousers,skirts&size=M&size=W30%20L32&condition=good&condition=new',
    );
    expect(filters.subcategory).toEqual(['jeans', 'trousers', 'skirts']);
    expect(filters.size).toEqual(['M', 'W30 L32']);
    expect(filters.condition).toEqual(['good', 'new']);
    expect(itemFiltersToParams(filters).toString()).toBe(
      'category=clothing&subcategory=jeans%2Ctrousers%2Cskirts&condition=good%2Cnew&size=M%2CW30+L32',
    );
  });

  it('keeps old single-value URLs working', () => {
    const filters = parseItemFilters('category=shoes&size=9&condition=good&gender=women');
    expect(filters).toEqual({
      ...DEFAULT_ITEM_FILTERS,
      category: 'shoes',
      size: ['9'],
      condition: ['good'],
      gender: ['women'],
    });
  });

  it('drops unknown subcategories and those of another category than the chosen one', () => {
    expect(parseItemFilters('category=shoes&subcategory=boots,jeans,bogus').subcategory).toEqual(['boots']);
    expect(parseItemFilters('subcategory=boots,jeans').subcategory).toEqual(['boots', 'jeans']);
  });

  it('combines a category with a department: women’s shoes', () => {
    const filters = withCategory(
      { ...DEFAULT_ITEM_FILTERS, gender: ['women'], subcategory: ['jeans', 'boots'] },
      'shoes',
    );
    expect(filters).toMatchObject({ category: 'shoes', gender: ['women'], subcategory: ['boots'] });
    expect(itemFiltersToParams(filters).toString()).toBe('category=shoes&subcategory=boots&gender=women');
  });

  it('shows each subcategory as a removable chip', () => {
    const chips = activeFilterChips({ ...DEFAULT_ITEM_FILTERS, subcategory: ['jeans', 'jackets-coats'] });
    expect(chips.map((chip) => chip.label)).toEqual(['Jeans', 'Jackets & coats']);
    expect(chips[0]?.without.subcategory).toEqual(['jackets-coats']);
  });
});
