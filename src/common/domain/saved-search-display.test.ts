import { describe, expect, it } from 'vitest';
import { parseItemFilters } from './item-filters';
import { defaultSearchName, describeSavedQuery } from './saved-search-display';

describe('saved search names and summaries', () => {
  it('names a search after its words, category and filters, in Browse order', () => {
    expect(defaultSearchName(parseItemFilters('search=denim&category=clothing&condition=good&size=M'))).toBe(
      'denim, Clothing, Good, Size M',
    );
    expect(defaultSearchName(parseItemFilters(''))).toBe('My search');
  });

  it('clips a long name to 60 characters with an ellipsis', () => {
    const name = defaultSearchName(parseItemFilters(`search=${'a'.repeat(80)}`));
    expect(name).toHaveLength(60);
    expect(name.endsWith('…')).toBe(true);
  });

  it('describes a stored query', () => {
    expect(describeSavedQuery('category=shoes&brand=nike&maxPrice=100')).toBe(
      'Shoes · Brand: nike · $0 – $100',
    );
  });

  it('suggests a name without quotes of its own, since texts quote the whole name (issue 37)', () => {
    const name = defaultSearchName(parseItemFilters('search=denim&category=clothing'));
    expect(name).toBe('denim, Clothing');
    expect(`“${name}” is gone.`).not.toMatch(/[“"]{2}/);
  });
});
