import type { CommunitySettings } from '@common/api/community';
import { DEFAULT_CURRENCY } from '@common/domain/currency';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';
import { keepCommunity as keep, keptCommunity as kept } from './community-storage';
import { takeFirstScreenCommunity } from './first-screen';
import { queryClient } from './query-client';

/*
 * The community's settings (GET /api/community: name, currency, rules, who may join, the
 * announcement), read by every page. Amounts on screen are formatted in its currency (useFormat).
 * The first render already has them, so that no price changes its currency once the page is up:
 * the landing page and Browse carry them (src/server/modules/items/first-screen.ts); other pages
 * start from the copy this browser kept from its last visit, then refresh it.
 */

export const COMMUNITY_URL = '/api/community';

const communityQuery = queryOptions({
  queryKey: [COMMUNITY_URL],
  queryFn: async (context) => {
    const settings = (await defaultQueryFn(context)) as CommunitySettings;
    keep(settings);
    return settings;
  },
});

/**
 * Fills the cache as the app starts: the page's answer (exactly what the server rendered from, so
 * hydration matches), else this browser's copy while the server is asked again, else the request.
 */
export function prefetchCommunity(queryClient: QueryClient, { fromStorage = true } = {}): void {
  const carried = takeFirstScreenCommunity();
  if (carried) {
    queryClient.setQueryData(communityQuery.queryKey, carried);
    keep(carried);
    return;
  }
  const stored = fromStorage ? kept() : undefined;
  if (stored) {
    queryClient.setQueryData(communityQuery.queryKey, stored);
    void queryClient.invalidateQueries({ queryKey: communityQuery.queryKey });
    return;
  }
  void queryClient.prefetchQuery(communityQuery);
}

/** The settings, or undefined until they arrive (the first visit to a page other than / and /browse). */
export function useCommunity(): CommunitySettings | undefined {
  return useQuery(communityQuery).data;
}

/**
 * The settings as the server has them now, for a form that writes them back (the admin console):
 * undefined until they were fetched since this component mounted, never this browser's kept copy
 * (saving a stale copy would undo another admin's or an earlier tab's change).
 */
export function useFreshCommunity(): CommunitySettings | undefined {
  const query = useQuery({
    queryKey: [COMMUNITY_URL, 'fresh'],
    // GET /api/community may be served from the HTTP cache for a minute (public, max-age=60):
    // the form asks the server itself.
    queryFn: async () => {
      const response = await fetch(COMMUNITY_URL, { cache: 'no-cache', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`GET ${COMMUNITY_URL}: ${response.status}`);
      return (await response.json()) as CommunitySettings;
    },
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return query.data;
}

/** The currency amounts are shown in (US dollars until the settings arrive). */
export function useCurrency(): string {
  return useCommunity()?.currency ?? DEFAULT_CURRENCY;
}

/** The currency now, outside React (texts built in plain functions); a re-render reads it again. */
export function currentCurrency(): string {
  return queryClient.getQueryData<CommunitySettings>(communityQuery.queryKey)?.currency ?? DEFAULT_CURRENCY;
}

/** After an admin saved the settings: every screen shows them at once. */
export function setCommunity(queryClient: QueryClient, settings: CommunitySettings): void {
  queryClient.setQueryData(communityQuery.queryKey, settings);
  keep(settings);
}
