import { describe, expect, it } from 'vitest';
import {
  CHANGE,
  changeAffects,
  type EntryDeps,
  facetDeps,
  filterDeps,
  type ItemChange,
  parseItemChanges,
} from './marketplace-dependencies';

const shoe = (flags: number = CHANGE.listing, id = 'shoe-1'): ItemChange => ({
  id,
  category: 'shoes',
  gender: 'women',
  flags,
});
const affects = (deps: EntryDeps, ...items: ItemChange[]) => changeAffects(deps, { items });
const page = (deps: EntryDeps, ...ids: string[]): EntryDeps => ({ ...deps, ids: new Set(ids) });

describe('which cached marketplace reads a change affects', () => {
  it('an item in one category leaves lists and counts filtered to another, and evicts unfiltered ones', () => {
    expect(affects(page(filterDeps('list', { category: 'clothing' }), 'coat-1'), shoe())).toBe(false);
    expect(affects(filterDeps('count', { category: 'clothing' }), shoe())).toBe(false);
    expect(affects(page(filterDeps('list', {}), 'coat-1'), shoe())).toBe(true);
    expect(affects(filterDeps('count', {}), shoe())).toBe(true);
    expect(affects(page(filterDeps('list', { category: 'shoes' }), 'boot-1'), shoe())).toBe(true);
  });

  it('compares genders, whether asked as a category (women, men) or as the gender filter', () => {
    expect(affects(filterDeps('count', { category: 'men' }), shoe())).toBe(false);
    expect(affects(filterDeps('count', { category: 'women' }), shoe())).toBe(true);
    expect(affects(filterDeps('count', { gender: ['men', 'kids'] }), shoe())).toBe(false);
    expect(affects(filterDeps('count', { gender: ['women'] }), shoe())).toBe(true);
    // Both filters: women and men at once match nothing, so nothing affects it.
    expect(affects(filterDeps('count', { category: 'women', gender: ['men'] }), shoe())).toBe(false);
  });

  it('evicts a page that holds the item, whatever its filters, even for a change only shown', () => {
    const clothing = page(filterDeps('list', { category: 'clothing' }), 'coat-1', 'shoe-1');
    expect(affects(clothing, shoe(CHANGE.shown))).toBe(true);
    expect(affects(page(filterDeps('list', {}), 'coat-1'), shoe(CHANGE.shown))).toBe(false);
  });

  it('a change to the old or the new category both count (the trigger sends both)', () => {
    const moved = [shoe(CHANGE.listing), { ...shoe(CHANGE.listing), category: 'accessories' }];
    expect(affects(filterDeps('count', { category: 'accessories' }), ...moved)).toBe(true);
    expect(affects(filterDeps('count', { category: 'shoes' }), ...moved)).toBe(true);
    expect(affects(filterDeps('count', { category: 'clothing' }), ...moved)).toBe(false);
  });

  it('facets count every category whatever the category filter, so any category affects them', () => {
    expect(affects(facetDeps({}), shoe())).toBe(true);
    expect(affects(facetDeps({ gender: ['men'] }), shoe())).toBe(false);
    // A change only shown or only of an order changes no count.
    expect(affects(facetDeps({}), shoe(CHANGE.shown | CHANGE.popular | CHANGE.trending))).toBe(false);
    expect(affects(filterDeps('count', {}), shoe(CHANGE.shown))).toBe(false);
  });

  it('orders: a favourite moves the popular lists, a view or a sweep only the trending ones', () => {
    const sorted = (sortBy: string) => page(filterDeps('list', { sortBy }), 'other');
    expect(affects(sorted('popular'), shoe(CHANGE.shown | CHANGE.popular))).toBe(true);
    expect(affects(sorted('newest'), shoe(CHANGE.shown | CHANGE.popular))).toBe(false);
    expect(affects(sorted('trending'), shoe(CHANGE.trending))).toBe(true);
    expect(affects(sorted('popular'), shoe(CHANGE.trending))).toBe(false);
    expect(affects(page(filterDeps('list', {}), 'shoe-1'), shoe(CHANGE.trending))).toBe(false);
    // Value sorts follow a value change, which is a listing change: every list of its filters goes.
    expect(affects(sorted('price-low'), shoe(CHANGE.listing))).toBe(true);
  });

  it('a list still loading has no page yet: every item its filters let in may land on it', () => {
    expect(affects(filterDeps('list', {}), shoe(CHANGE.shown))).toBe(true);
    expect(affects(filterDeps('list', { category: 'clothing' }), shoe(CHANGE.shown))).toBe(false);
  });

  it('search modes follow any listing change; a search list follows its category like any other', () => {
    expect(affects({ kind: 'mode' }, shoe())).toBe(true);
    expect(affects({ kind: 'mode' }, shoe(CHANGE.shown))).toBe(false);
    expect(affects(filterDeps('count', { category: 'clothing', search: 'boots' } as never), shoe())).toBe(
      false,
    );
  });

  it('an offer changing availability only: reads filtered on availability and pages holding the item', () => {
    const offered = shoe(CHANGE.availability | CHANGE.shown);
    expect(affects(page(filterDeps('list', {}), 'other'), offered)).toBe(false);
    expect(affects(page(filterDeps('list', {}), 'shoe-1'), offered)).toBe(true);
    expect(affects(filterDeps('count', {}), offered)).toBe(false);
    expect(affects(facetDeps({}), offered)).toBe(false);
    expect(affects({ kind: 'mode' }, offered)).toBe(false);
    expect(affects(filterDeps('count', { availability: ['available'] }), offered)).toBe(true);
    expect(affects(facetDeps({ availability: ['available'] }), offered)).toBe(true);
    expect(affects(page(filterDeps('list', { availability: ['available'] }), 'other'), offered)).toBe(true);
    expect(affects(filterDeps('count', { category: 'clothing', availability: ['available'] }), offered)).toBe(
      false,
    );
  });

  it('a change that names no items affects everything', () => {
    expect(changeAffects(filterDeps('count', { category: 'clothing' }), {})).toBe(true);
  });

  it('reads the trigger payload, and refuses anything malformed', () => {
    expect(parseItemChanges([['a', 'shoes', 'men', 8]])).toEqual([
      { id: 'a', category: 'shoes', gender: 'men', flags: 8 },
    ]);
    expect(parseItemChanges(undefined)).toBeUndefined();
    expect(parseItemChanges([['a', null, 'men', 8]])).toBeUndefined();
    expect(parseItemChanges([['a', 'shoes']])).toBeUndefined();
  });
});
