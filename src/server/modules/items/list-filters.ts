import type { ItemFilters } from '../../../common/api/items';
import type { Color } from '../../../common/domain/taxonomy';
import { fuzzyWords, searchTerms } from '../../lib/search-text';

/**
 * A list request's search, parsed once (docs/product.md § Search): what full text and the typo
 * fallback match, and the colour words, as every query of the request reads them.
 */
export interface ParsedSearch {
  /** The search without its colour words, cleaned for `websearch_to_tsquery` (search-text.ts websearchText). */
  text: string;
  /** Colour words, each matching the item's colour field (or its title and brand). */
  colours: Color[];
  /** The words the typo-tolerant fallback requires (search-text.ts fuzzyWords of `text`). */
  words: string[];
  /** Every word of the cleaned search in order, colour words included (search-text.ts searchTerms). */
  tokens: string[];
}

/** Where a parsed filter set keeps its parsed search: a symbol, so cache keys (JSON) and filter walks (Object.values) never see it. */
export const PARSED_SEARCH = Symbol('parsed search');

/**
 * A list request's filters as validated by the contract (`itemListQuery`, `itemFacetsQuery`) with
 * their search parsed once: built at the route (`parseListFilters`) and passed down to the SQL
 * (items.query.ts marketplaceWhere, marketplaceSortKeys). Undefined without a search.
 */
export type ListFilters<T extends ItemFilters = ItemFilters> = T & {
  readonly [PARSED_SEARCH]: ParsedSearch | undefined;
};

/** Parses a search box's text (the only place a list request does). */
export function parseSearch(search: string): ParsedSearch {
  const { text, colours, tokens } = searchTerms(search);
  return { text, colours, tokens, words: fuzzyWords(text) };
}

/** The filters with their search parsed; a filter set parsed already is returned as it is. */
export function parseListFilters<T extends ItemFilters>(filters: T): ListFilters<T> {
  if (PARSED_SEARCH in filters) return filters as ListFilters<T>;
  return { ...filters, [PARSED_SEARCH]: filters.search ? parseSearch(filters.search) : undefined };
}

/** The parsed search of a filter set: the one parsed at the route, or parsed here for a caller that has plain filters. */
export function searchOf(filters: ItemFilters): ParsedSearch | undefined {
  return parseListFilters(filters)[PARSED_SEARCH];
}

/**
 * The filters with another search (the search as it runs, corrected against the vocabulary of listed
 * words: search-correction.ts), parsed; the same filters when the search is unchanged.
 */
export function withSearch<T extends ItemFilters>(
  filters: ListFilters<T>,
  run: { search: string | undefined; parsed?: ParsedSearch | undefined },
): ListFilters<T> {
  const { search } = run;
  if (search === filters.search) return filters;
  return { ...filters, search, [PARSED_SEARCH]: run.parsed ?? (search ? parseSearch(search) : undefined) };
}
