import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  clearPanelFilters,
  countActiveFilters,
  DEFAULT_ITEM_FILTERS,
  formatPriceBound,
  itemFiltersToParams,
  parseItemFilters,
  toggleValue,
} from './item-filters';

describe('parseItemFilters', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseItemFilters('')).toEqual(DEFAULT_ITEM_FILTERS);
  });

  it('reads every filter, with or without the leading "?"', () => {
    const filters = parseItemFilters(
      '?search=denim&category=women&sortBy=price-low&condition=good,like-new&brand=Levi%27s&size=M,9.5&minPrice=20&maxPrice=200' +
        '&gender=women&availability=available&rating=4&dateFilter=week&location=Paris&colors=black,Navy&seasons=winter&tags=Vintage,y2k',
    );
    expect(filters).toEqual({
      search: 'denim',
      category: 'women',
      subcategory: [],
      sortBy: 'price-low',
      condition: ['good', 'like-new'],
      brand: "Levi's",
      size: ['M', '9.5'],
      minPrice: 20,
      maxPrice: 200,
      gender: ['women'],
      availability: ['available'],
      rating: '4',
      dateFilter: 'week',
      location: 'Paris',
      colors: ['Black', 'Navy'],
      seasons: ['Winter'],
      tags: ['vintage', 'y2k'],
    });
  });

  it('drops values the API would refuse, so a hand-edited URL never fails', () => {
    const filters = parseItemFilters(
      'category=hats&sortBy=cheapest&condition=mint,good&rating=4.5&dateFilter=year&availability=traded&colors=teal&minPrice=abc',
    );
    expect(filters.category).toBe('');
    expect(filters.sortBy).toBeUndefined();
    expect(filters.condition).toEqual(['good']);
    expect(filters.rating).toBe('');
    expect(filters.dateFilter).toBe('');
    expect(filters.availability).toEqual([]);
    expect(filters.colors).toEqual([]);
    expect(filters.minPrice).toBe(0);
  });

  it('clamps prices to the slider and swaps a reversed range', () => {
    expect(parseItemFilters('minPrice=-5&maxPrice=9000')).toMatchObject({ minPrice: 0, maxPrice: 500 });
    expect(parseItemFilters('minPrice=300&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 300 });
  });

  it('clips text to the API limits and de-duplicates lists', () => {
    const filters = parseItemFilters(`brand=${'b'.repeat(80)}&size=M,M,S&tags=a,A,${'t'.repeat(31)}`);
    expect(filters.brand).toHaveLength(60);
    expect(filters.size).toEqual(['M', 'S']);
    expect(filters.tags).toEqual(['a']);
  });
});

describe('itemFiltersToParams', () => {
  it('leaves out every default and empty value', () => {
    expect(itemFiltersToParams(DEFAULT_ITEM_FILTERS).toString()).toBe('');
    expect(itemFiltersToParams({ ...DEFAULT_ITEM_FILTERS, search: '   ' }).toString()).toBe('');
  });

  it('sends a price bound only when it moved from the default', () => {
    expect(itemFiltersToParams({ ...DEFAULT_ITEM_FILTERS, minPrice: 40 }).toString()).toBe('minPrice=40');
    expect(itemFiltersToParams({ ...DEFAULT_ITEM_FILTERS, maxPrice: 120 }).toString()).toBe('maxPrice=120');
  });

  it('joins lists with commas and survives a round trip', () => {
    const query = 'search=wool+coat&category=men&condition=new%2Cgood&size=L&colors=Gray%2CNavy&tags=winter';
    const params = itemFiltersToParams(parseItemFilters(query));
    expect(params.get('condition')).toBe('new,good');
    expect(parseItemFilters(params)).toEqual(parseItemFilters(query));
  });
});

describe('activeFilterChips', () => {
  it('has one removable chip per value, each removing only itself', () => {
    const filters = parseItemFilters(
      'condition=good,new&brand=Zara&size=M&tags=boho&minPrice=10&search=dress',
    );
    const chips = activeFilterChips(filters);
    expect(chips.map((chip) => chip.id)).toEqual([
      'condition-good',
      'condition-new',
      'brand',
      'size-m',
      'price',
      'tags-boho',
    ]);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Good',
      'New',
      'Brand: Zara',
      'Size M',
      '$10 – $500+',
      '#boho',
    ]);
    const good = chips[0];
    expect(good?.without.condition).toEqual(['new']);
    expect(good?.without.search).toBe('dress');
    expect(chips.find((chip) => chip.id === 'price')?.without).toMatchObject({ minPrice: 0, maxPrice: 500 });
    expect(countActiveFilters(filters)).toBe(6);
  });

  it('covers the advanced filters too', () => {
    const filters = parseItemFilters(
      'gender=kids&availability=reserved&rating=5&dateFilter=3months&location=Oslo&colors=Red&seasons=Summer',
    );
    expect(activeFilterChips(filters).map((chip) => chip.label)).toEqual([
      'Kids',
      'Reserved',
      'Seller 5 stars',
      'Posted: Last 3 months',
      'Near: Oslo',
      'Red',
      'Summer',
    ]);
  });

  it('names the town of the distance chip once it is known', () => {
    const filters = parseItemFilters('near=3006767&withinKm=10');
    expect(activeFilterChips(filters).map((chip) => chip.label)).toEqual(['Within 10 km']);
    expect(activeFilterChips(filters, undefined, 'Boulogne-Billancourt').map((chip) => chip.label)).toEqual([
      'Within 10 km of Boulogne-Billancourt',
    ]);
  });

  it('does not count search, category or sort as panel filters', () => {
    expect(countActiveFilters(parseItemFilters('search=x&category=shoes&sortBy=oldest'))).toBe(0);
  });
});

describe('clearPanelFilters', () => {
  it('resets the panel but keeps search, category and sort', () => {
    const cleared = clearPanelFilters(
      parseItemFilters('search=x&category=shoes&sortBy=oldest&condition=good&maxPrice=50'),
    );
    expect(cleared).toEqual({ ...DEFAULT_ITEM_FILTERS, search: 'x', category: 'shoes', sortBy: 'oldest' });
  });
});

describe('helpers', () => {
  it('formats the top of the price range as open-ended', () => {
    expect(formatPriceBound(0)).toBe('$0');
    expect(formatPriceBound(500)).toBe('$500+');
  });

  it('toggles a value in a list', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});
