import { activeFilterChips, type ItemFilterState, parseItemFilters } from './item-filters';
import { CATEGORY_ROW } from './taxonomy';

/** The name field's limit (src/common/api/saved-searches.ts holds the same number for the API). */
const NAME_MAX = 60;

/**
 * A saved search's filters in words, in the order Browse shows them: the search words, the
 * category, then every active filter chip ("“denim”", "Clothing", "Good", "Size M").
 */
export function describeItemFilters(filters: ItemFilterState): string[] {
  return filterWords(filters, true);
}

/**
 * The name the 'Save this search' dialog suggests: the filters in words, clipped to the name's limit.
 * Texts show a name inside quotes of their own ('“{{name}}” is gone.', the match notification), so
 * the search words stay bare here: quoted too, they would read ““denim”, Clothing”.
 */
export function defaultSearchName(filters: ItemFilterState): string {
  const name = filterWords(filters, false).join(', ');
  if (!name) return 'My search';
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 1).trimEnd()}…`;
}

function filterWords(filters: ItemFilterState, quoteSearch: boolean): string[] {
  const parts: string[] = [];
  if (filters.search) parts.push(quoteSearch ? `“${filters.search}”` : filters.search);
  const category = CATEGORY_ROW.find((entry) => entry.id === filters.category && entry.id !== '');
  if (category) parts.push(category.label);
  for (const chip of activeFilterChips(filters)) parts.push(chip.label);
  return parts;
}

/** The words for a stored query string (the saved-searches list). */
export function describeSavedQuery(query: string): string {
  return describeItemFilters(parseItemFilters(query)).join(' · ');
}
