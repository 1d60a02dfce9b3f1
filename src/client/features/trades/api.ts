import type { Item } from '@common/api/items';
import type {
  CounterOfferInput,
  DisputeInput,
  DisputeResolutionInput,
  ModerationDispute,
  ShipmentInput,
  TradeCounts,
  TradePage,
  TradeRequest,
  TradeRequestDetail,
  TradeRequestInput,
  TradeStatusInput,
} from '@common/api/trades';
import type { TradeTab } from '@common/domain/trade-board';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { holdsItems, invalidateItemQueries } from '@client/lib/item-queries';
import { invalidateNotifications } from '@client/features/notifications';

const TRADE_REQUESTS_URL = '/api/trade-requests';

/** As docs/product.md (Trades) has it: suggested barters are cached for 5 minutes. */
const SUGGESTED_BARTERS_STALE_MS = 5 * 60 * 1000;

export function suggestedBartersUrl(itemId: string): string {
  return `/api/items/${itemId}/suggested-barters`;
}

/** The member's trade requests, both directions, newest first. */
export function useTradeRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TradeRequest[]>({ queryKey: [TRADE_REQUESTS_URL], enabled });
}

const TRADE_PAGE_URL = `${TRADE_REQUESTS_URL}/page`;
const TRADE_COUNTS_URL = `${TRADE_REQUESTS_URL}/counts`;

/** One list's cache key; like every trade key it starts with the trades URL (invalidateTradeRequests). */
export const tradePageKey = (tab: TradeTab) => [TRADE_PAGE_URL, tab] as const;

/**
 * One list of Barter Management (a tab or the history), newest first, a page at a time:
 * fetchNextPage loads the next (older) page from the last one's `nextCursor`.
 */
export function useTradePages(tab: TradeTab, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: tradePageKey(tab),
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ tab });
      if (pageParam) query.set('cursor', pageParam);
      return apiJson<TradePage>('GET', `${TRADE_PAGE_URL}?${query.toString()}`, undefined, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The trades of every loaded page, newest first. */
export function flattenTradePages(data: InfiniteData<TradePage> | undefined): TradeRequest[] {
  return data?.pages.flatMap((page) => page.trades) ?? [];
}

/** How many trades each list holds (the tabs and the home dashboard), counted by the server. */
export function useTradeCounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TradeCounts>({ queryKey: [TRADE_COUNTS_URL], enabled });
}

/** Puts the server's answer for one trade wherever a cached list or page holds it. */
function replaceCachedTrade(queryClient: QueryClient, updated: TradeRequest) {
  queryClient.setQueryData<TradeRequest[]>([TRADE_REQUESTS_URL], (list) =>
    list?.map((trade) => (trade.id === updated.id ? updated : trade)),
  );
  queryClient.setQueriesData<InfiniteData<TradePage>>({ queryKey: [TRADE_PAGE_URL] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            trades: page.trades.map((trade) => (trade.id === updated.id ? updated : trade)),
          })),
        }
      : data,
  );
}

/** Other members' items that would make a good swap for one of the member's items; only while the dialog is open. */
export function useSuggestedBarters(itemId: string, enabled: boolean) {
  return useQuery<Item[]>({
    queryKey: [suggestedBartersUrl(itemId)],
    meta: holdsItems(),
    enabled,
    staleTime: SUGGESTED_BARTERS_STALE_MS,
  });
}

/** The URL of one trade: its own page reads it (GET /api/trade-requests/:id). */
export const tradeRequestUrl = (id: string) => `${TRADE_REQUESTS_URL}/${id}`;

/** One trade of the member, with its history; a trade they are no party to answers 404. */
export function useTradeRequest(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TradeRequestDetail>({ queryKey: [tradeRequestUrl(id)], enabled });
}

/** Refetches the member's trade requests and any trade page (a review shows on its trade once saved). */
export function invalidateTradeRequests(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && url.startsWith(TRADE_REQUESTS_URL),
  });
}

/**
 * A trade changes the trades list, both items' availability (pending, reserved, traded) wherever
 * items are listed, and leaves notifications for the member (receipts) and the other party.
 */
export async function invalidateAfterTradeChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateTradeRequests(queryClient),
    invalidateItemQueries(queryClient),
    invalidateNotifications(queryClient),
  ]);
}

async function tradeFrom(response: Response): Promise<TradeRequest> {
  return (await response.json()) as TradeRequest;
}

/** Shows the server's answer for one trade at once (it may move to another tab), then refetches. */
function useTradeChange<TInput>(errorTitle: string, request: (input: TInput) => Promise<TradeRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { errorTitle },
    onSuccess: (updated) => replaceCachedTrade(queryClient, updated),
    // Not awaited: the caller's own callbacks run without waiting for every list to refetch.
    onSettled: () => {
      void invalidateAfterTradeChange(queryClient);
    },
  });
}

export function useCreateTradeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TradeRequestInput) =>
      tradeFrom(await apiRequest('POST', TRADE_REQUESTS_URL, input)),
    meta: {
      errorTitle: i18n.t('trades:errors.requestNotSent'),
      errorDescription: i18n.t('common:status.error'),
    },
    onSuccess: () => {
      void invalidateAfterTradeChange(queryClient);
    },
  });
}

/**
 * Accept, decline or cancel. An accept sends the termsVersion of the trade the member was shown,
 * so that the server refuses it (409) if an item changed since. Callers use mutateAsync: the card
 * that started the change may move to another tab (unmount) before it settles, and mutate's own
 * callbacks would then not run.
 */
export function useUpdateTradeStatus() {
  return useTradeChange(
    i18n.t('trades:errors.statusNotUpdated'),
    async ({ id, ...input }: { id: string } & TradeStatusInput) =>
      tradeFrom(await apiRequest('PATCH', `${TRADE_REQUESTS_URL}/${id}`, input)),
  );
}

/** Opens a dispute on an accepted trade; the trade freezes until a moderator decides. */
export function useOpenDispute() {
  return useTradeChange(
    i18n.t('trades:errors.disputeNotOpened'),
    async ({ id, ...input }: { id: string } & DisputeInput) =>
      tradeFrom(await apiRequest('POST', `${TRADE_REQUESTS_URL}/${id}/dispute`, input)),
  );
}

export const MODERATION_DISPUTES_URL = '/api/moderation/disputes';

export function useModerationDisputes(status: 'open' | 'resolved') {
  return useQuery<ModerationDispute[]>({ queryKey: [`${MODERATION_DISPUTES_URL}?status=${status}`] });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: { id: string } & DisputeResolutionInput) =>
      apiRequest('POST', `${MODERATION_DISPUTES_URL}/${id}/resolve`, input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey: [url] }) =>
          typeof url === 'string' && url.startsWith(MODERATION_DISPUTES_URL),
      }),
  });
}

/**
 * Confirms the member received their items and that everything is as described (anything else is
 * a dispute); the second confirmation completes the trade.
 */
export function useConfirmReceived() {
  return useTradeChange(i18n.t('trades:errors.notMarkedReceived'), async (id: string) =>
    tradeFrom(await apiRequest('POST', `${TRADE_REQUESTS_URL}/${id}/received`, { asDescribed: true })),
  );
}

/** Says the member sent their own items (or handed them over); their partner may then confirm receipt. */
export function useMarkSent() {
  return useTradeChange(i18n.t('trades:errors.notMarkedSent'), async (id: string) =>
    tradeFrom(await apiRequest('POST', `${TRADE_REQUESTS_URL}/${id}/sent`, {})),
  );
}

/** Says how the member sent their own item (carrier and tracking number); saying it again replaces it. */
export function useRecordShipment() {
  return useTradeChange(
    i18n.t('trades:errors.trackingNotSaved'),
    async ({ id, ...input }: { id: string } & ShipmentInput) =>
      tradeFrom(await apiRequest('POST', `${TRADE_REQUESTS_URL}/${id}/shipment`, input)),
  );
}

/** A counter-offer: other items on either side; it replaces the request's terms, the partner answers it. */
export function useCounterOffer() {
  return useTradeChange(
    i18n.t('trades:errors.counterNotSent'),
    async ({ id, ...input }: { id: string } & CounterOfferInput) =>
      tradeFrom(await apiRequest('POST', `${TRADE_REQUESTS_URL}/${id}/counter`, input)),
  );
}
