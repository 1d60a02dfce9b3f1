import type { Item, ItemDetail, ItemFacets, ItemInput, ItemUpdate, SimilarItem } from '@common/api/items';
import { BROWSE_PAGE_SIZE, LANDING_SHOWCASE_PARAMS, SHOWCASE_SIZE } from '@common/api/first-screen';
import {
  SEARCH_CORRECTED_HEADER,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@common/domain/marketplace-depth';
import { correctedSearchOf } from '@common/domain/search-corrected';
import type { Draft, DraftInput } from '@common/api/drafts';
import { imageUrl } from '@common/domain/image-url';
import { itemFiltersToParams, parseItemFilters, type ItemFilterState } from '@common/domain/item-filters';
import type { CategoryFilterId, SortBy } from '@common/domain/taxonomy';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { takeFirstScreenFacets, takeFirstScreenItems } from '@client/lib/first-screen';
import { holdsItems, invalidateItemQueries } from '@client/lib/item-queries';
import { EAGER_COUNT } from './components/item-image';
import { nextPageOffset, pageLimit } from './paging';

const ITEMS_URL = '/api/items';
const ITEM_FACETS_URL = '/api/items/facets';

export { SHOWCASE_SIZE };

export interface ItemsPage {
  items: Item[];
  /** X-Total-Count: every item that matches, over all pages, counted up to MARKETPLACE_DEPTH. */
  total: number;
  /** X-Total-Capped: more than `total` items match ("10,000+"); paging stops at `total`. */
  totalIsCapped: boolean;
  /** X-Search-Corrected: the search that ran instead of a misspelt one ("jacket" for "jaket"). */
  correctedSearch?: string;
}

/** One page of GET /api/items with the total from the X-Total-Count and X-Total-Capped headers. */
export async function fetchItemsPage(params: URLSearchParams, signal: AbortSignal): Promise<ItemsPage> {
  const query = params.toString();
  const response = await apiRequest('GET', query ? `${ITEMS_URL}?${query}` : ITEMS_URL, undefined, {
    signal,
  });
  const items = (await response.json()) as Item[];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return {
    items,
    total: Number.isFinite(header) && header >= 0 ? header : items.length,
    totalIsCapped: response.headers.get(TOTAL_CAPPED_HEADER) === 'true',
    ...correctedSearchOf(response.headers.get(SEARCH_CORRECTED_HEADER)),
  };
}

/**
 * The marketplace list for a set of filters, page by page ("Load more"). Its meta lets every item
 * change invalidate it; the key's third part is the query string, so equal filters share one
 * cache entry.
 */
function itemsInfiniteOptions(filters: ItemFilterState, pageSize: number) {
  const query = itemFiltersToParams(filters).toString();
  return infiniteQueryOptions({
    queryKey: [ITEMS_URL, 'pages', query, pageSize],
    meta: holdsItems(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchItemsPage(pageParams(query, pageSize, pageParam), signal),
    getNextPageParam: (_lastPage: ItemsPage, pages: ItemsPage[]) => nextPageOffset(pages),
  });
}

/** The GET /api/items parameters of the page at `offset` of a list. */
function pageParams(query: string, pageSize: number, offset: number): URLSearchParams {
  const params = new URLSearchParams(query);
  params.set('limit', String(pageLimit(offset, pageSize)));
  if (offset > 0) params.set('offset', String(offset));
  return params;
}

export function useItemsInfinite(filters: ItemFilterState, pageSize = BROWSE_PAGE_SIZE) {
  return useInfiniteQuery(itemsInfiniteOptions(filters, pageSize));
}

/** The first 8 items of a category for the home pages ('Trending Items', 'Latest Additions'). */
function showcaseOptions(category: CategoryFilterId, sortBy?: SortBy) {
  const params = new URLSearchParams({ limit: String(SHOWCASE_SIZE) });
  if (category) params.set('category', category);
  if (sortBy) params.set('sortBy', sortBy);
  return queryOptions({
    queryKey: [ITEMS_URL, 'showcase', category, sortBy ?? 'newest'],
    meta: holdsItems(),
    queryFn: ({ signal }) => fetchItemsPage(params, signal),
  });
}

export function useShowcaseItems(category: CategoryFilterId, sortBy?: SortBy) {
  return useQuery(showcaseOptions(category, sortBy));
}

/**
 * The landing page's showcase from the page itself, when the server wrote it in (a visitor's /):
 * its first render shows the items, with no request.
 */
export function seedLandingShowcase(queryClient: QueryClient): void {
  const page = takeFirstScreenItems(new URLSearchParams(LANDING_SHOWCASE_PARAMS));
  if (page) queryClient.setQueryData(showcaseOptions('', LANDING_SHOWCASE_PARAMS.sortBy).queryKey, page);
}

/**
 * Counts per category, condition, size and brand for the same filters (docs/product.md, Items). The order
 * does not change counts (and the facets endpoint refuses sortBy), so it is left out.
 */
function itemFacetsOptions(filters: ItemFilterState) {
  const query = itemFiltersToParams({ ...filters, sortBy: undefined }).toString();
  return queryOptions({
    queryKey: [ITEM_FACETS_URL, query],
    meta: holdsItems(),
    queryFn: async ({ signal }) => {
      const url = query ? `${ITEM_FACETS_URL}?${query}` : ITEM_FACETS_URL;
      return apiJson<ItemFacets>('GET', url, undefined, { signal });
    },
  });
}

export function useItemFacets(filters: ItemFilterState) {
  return useQuery(itemFacetsOptions(filters));
}

/**
 * Fills the cache with Browse's first page, and its counts, for the filters in `search` when the
 * page carries them (src/server/modules/items/first-screen.ts): the first render then shows them,
 * with no request. True when it carried the page.
 */
export function seedBrowse(queryClient: QueryClient, search: string): boolean {
  const filters = parseItemFilters(search);
  seedBrowseFacets(queryClient, filters);
  const query = itemFiltersToParams(filters).toString();
  const carried = takeFirstScreenItems(pageParams(query, BROWSE_PAGE_SIZE, 0));
  if (!carried) return false;
  const { key: _key, ...page } = carried;
  queryClient.setQueryData(itemsInfiniteOptions(filters, BROWSE_PAGE_SIZE).queryKey, {
    pages: [page],
    pageParams: [0],
  });
  return true;
}

/** Browse's counts for `filters` from the page, when the server wrote them in. True when it did. */
function seedBrowseFacets(queryClient: QueryClient, filters: ItemFilterState): boolean {
  const options = itemFacetsOptions(filters);
  const carried = takeFirstScreenFacets(new URLSearchParams(options.queryKey[1]));
  if (!carried) return false;
  queryClient.setQueryData(options.queryKey, carried.facets);
  return true;
}

/**
 * Starts Browse's requests (the first page of items and the facets for the filters in `search`)
 * before the app's first render rather than once the page has rendered; the page then finds them
 * in the cache. The first row's photos, the largest paint of the page, are requested as soon as
 * the list arrives. Failures are left to the page's own queries.
 */
export function prefetchBrowse(queryClient: QueryClient, search: string): void {
  const filters = parseItemFilters(search);
  const seeded = seedBrowse(queryClient, search);
  const facets = itemFacetsOptions(filters);
  if (queryClient.getQueryData(facets.queryKey) === undefined) void queryClient.prefetchQuery(facets);
  if (seeded) return;
  const items = itemsInfiniteOptions(filters, BROWSE_PAGE_SIZE);
  void queryClient.prefetchInfiniteQuery(items).then(() => {
    const firstPage = queryClient.getQueryData(items.queryKey)?.pages[0];
    for (const item of firstPage?.items.slice(0, EAGER_COUNT) ?? []) {
      const cover = item.images[0];
      if (!cover) continue;
      // The same address and priority as the card's <img>, which then finds it in the cache.
      const photo = new Image();
      photo.fetchPriority = 'high';
      photo.src = imageUrl(cover, 400);
    }
  });
}

export function itemUrl(id: string): string {
  return `${ITEMS_URL}/${id}`;
}

/** One item with its owner (the detail view). The default query function GETs the key's URL. */
/** Up to 12 listed items like this one, each with why (GET /api/items/:id/similar); for visitors too. */
export function useSimilarItems(id: string) {
  return useQuery<SimilarItem[]>({
    queryKey: [`${itemUrl(id)}/similar`],
    meta: holdsItems(),
  });
}

export function useItem(id: string | null) {
  return useQuery<ItemDetail>({
    queryKey: [itemUrl(id ?? '')],
    enabled: Boolean(id),
    meta: holdsItems(id ?? undefined),
  });
}

export function useDeleteItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', itemUrl(id)),
    meta: {
      errorTitle: () => i18n.t('items:errors.title'),
      get errorDescription() {
        return i18n.t('items:errors.deleteFailed');
      },
      fixedDescription: true,
    },
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}

export function useSaveItemMutation(existing?: Item) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ItemInput | ItemUpdate): Promise<Item> => {
      const response = existing
        ? await apiRequest('PATCH', itemUrl(existing.id), input)
        : await apiRequest('POST', ITEMS_URL, input);
      return (await response.json()) as Item;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData([itemUrl(saved.id)], saved);
      return invalidateItemQueries(queryClient);
    },
  });
}

const DRAFTS_URL = '/api/drafts';

/** The member's listing drafts, last saved first (docs/decisions/013-listing-drafts.md). */
export function useDrafts(enabled = true) {
  return useQuery<Draft[]>({ queryKey: [DRAFTS_URL], enabled });
}

/** Saves the form as a draft: a new one, or over `id` (PUT replaces it). */
export function useSaveDraftMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: DraftInput }): Promise<Draft> => {
      const response = id
        ? await apiRequest('PUT', `${DRAFTS_URL}/${id}`, input)
        : await apiRequest('POST', DRAFTS_URL, input);
      return (await response.json()) as Draft;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DRAFTS_URL] }),
  });
}

export function useDeleteDraftMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${DRAFTS_URL}/${id}`),
    meta: { errorTitle: i18n.t('drafts:error'), errorDescription: i18n.t('drafts:deleteFailed') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DRAFTS_URL] }),
  });
}

/** Lists the draft with the form's fields; the draft is gone and the item lists refresh. */
export function usePublishDraftMutation(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ItemInput): Promise<Item> => {
      const response = await apiRequest('POST', `${DRAFTS_URL}/${id ?? ''}/publish`, input);
      return (await response.json()) as Item;
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData([itemUrl(saved.id)], saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [DRAFTS_URL] }),
        invalidateItemQueries(queryClient),
      ]);
    },
  });
}
