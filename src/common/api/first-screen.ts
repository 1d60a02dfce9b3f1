import type { AuthStatus } from './auth';
import type { CommunitySettings } from './community';
import type { Item, ItemFacets } from './items';

/*
 * What the server writes into a page (index.html) for the client's first render to start from,
 * so that it waits for no request: the answers a visitor's first screen would fetch, exactly as
 * the API gives them (docs/decisions/017-first-screen-data.md). Type-only imports: the client's
 * first bundle reads this without the contract's schema library.
 */

/** The `<script type="application/json">` element that carries it. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** One "Load more" step on Browse and Categories (the API allows up to 100). */
export const BROWSE_PAGE_SIZE = 24;
/** As docs/product.md (Items) has it: the home pages show the first 8 items. */
export const SHOWCASE_SIZE = 8;
/** The landing page's showcase ('Trending Items'): GET /api/items with these parameters. */
export const LANDING_SHOWCASE_PARAMS = { limit: String(SHOWCASE_SIZE), sortBy: 'trending' } as const;

/** One answer of GET /api/items: its items and its X-Total-Count and X-Total-Capped headers. */
export interface FirstScreenItems {
  /** The request's query string, as itemsRequestKey gives it. */
  key: string;
  items: Item[];
  total: number;
  totalIsCapped: boolean;
  /** The search as it ran when it was corrected (X-Search-Corrected), else absent. */
  correctedSearch?: string;
}

/** One answer of GET /api/items/facets. */
export interface FirstScreenFacets {
  /** The request's query string, as itemsRequestKey gives it. */
  key: string;
  facets: ItemFacets;
}

export interface FirstScreenData {
  /** GET /api/auth/status's answer; only ever a signed-out one (a page carries no member's data). */
  authStatus?: AuthStatus;
  /** GET /api/community's answer: the community's name and currency, which the first screen shows. */
  community?: CommunitySettings;
  /** GET /api/items answers for the lists on the first screen. */
  items: FirstScreenItems[];
  /** GET /api/items/facets answers: Browse's counts for its filters. */
  facets?: FirstScreenFacets[];
}

/** A GET /api/items query string in one spelling whatever the parameters' order. */
export function itemsRequestKey(params: URLSearchParams): string {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return sorted.toString();
}
