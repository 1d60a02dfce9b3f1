/**
 * How deep the marketplace goes (docs/decisions/016-capped-counts-and-depth.md): a page must end
 * within the first 10,000 results (`offset + limit`), and totals are counted up to this many. A
 * larger result answers this number with its total marked capped: "10,000+ items".
 *
 * Kept apart from the API contract (src/common/api/items.ts, which re-exports them) so that the
 * client's first bundle can use them without the contract's schema library.
 */
export const MARKETPLACE_DEPTH = 10_000;
/** `GET /api/items` answers the total in this header: the match count, at most MARKETPLACE_DEPTH. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** `true` when more than MARKETPLACE_DEPTH items match (the total then reads MARKETPLACE_DEPTH), else `false`. */
export const TOTAL_CAPPED_HEADER = 'x-total-capped';
/**
 * Set when `GET /api/items` corrected the search (a word no listing holds, replaced by the nearest
 * listed word): the search that ran, URI-encoded (encodeURIComponent), e.g. `jacket` for `jaket`.
 */
export const SEARCH_CORRECTED_HEADER = 'x-search-corrected';
