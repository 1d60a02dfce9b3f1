import type { Item } from '@common/api/items';
import type { TradeRequest, TradeRequestInput, TradeStatusInput } from '@common/api/trades';
import { tradeCounts } from '@common/domain/trade-board';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client';
import { invalidateNotifications } from '@client/features/notifications/api';

export const TRADE_REQUESTS_URL = '/api/trade-requests';

/** Spec §9: suggested barters are cached for 5 minutes. */
const SUGGESTED_BARTERS_STALE_MS = 5 * 60 * 1000;

export function suggestedBartersUrl(itemId: string): string {
  return `/api/items/${itemId}/suggested-barters`;
}

/** The member's trade requests, both directions, newest first. */
export function useTradeRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<TradeRequest[]>({ queryKey: [TRADE_REQUESTS_URL], enabled });
}

/**
 * The home dashboard's counts of the member's trade requests with status pending and completed
 * (spec §2). Both read 0 until the list arrives; isLoading tells the two apart.
 */
export function useTradeCounts(): {
  pending: number;
  completed: number;
  isLoading: boolean;
  isError: boolean;
} {
  const { data, isLoading, isError } = useTradeRequests();
  return { ...tradeCounts(data ?? []), isLoading, isError };
}

/** Other members' items that would make a good swap for one of the member's items; only while the dialog is open. */
export function useSuggestedBarters(itemId: string, enabled: boolean) {
  return useQuery<Item[]>({
    queryKey: [suggestedBartersUrl(itemId)],
    enabled,
    staleTime: SUGGESTED_BARTERS_STALE_MS,
  });
}

const isItemListKey = (url: unknown) =>
  typeof url === 'string' &&
  (url.startsWith('/api/items') ||
    /^\/api\/users\/[^/]+\/items/.test(url) ||
    url.startsWith('/api/favorites'));

/**
 * A trade changes the trades list, both items' availability (pending, reserved, traded) wherever
 * items are listed, and leaves notifications for the member (receipts) and the other party.
 */
export async function invalidateAfterTradeChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [TRADE_REQUESTS_URL] }),
    queryClient.invalidateQueries({ predicate: ({ queryKey: [url] }) => isItemListKey(url) }),
    invalidateNotifications(queryClient),
  ]);
}

async function tradeFrom(response: Response): Promise<TradeRequest> {
  return (await response.json()) as TradeRequest;
}

/** Shows the server's answer for one trade at once (it may move to another tab), then refetches. */
function useTradeChange<TInput>(request: (input: TInput) => Promise<TradeRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (updated) => {
      queryClient.setQueryData<TradeRequest[]>([TRADE_REQUESTS_URL], (list) =>
        list?.map((trade) => (trade.id === updated.id ? updated : trade)),
      );
    },
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
  return useTradeChange(async ({ id, ...input }: { id: string } & TradeStatusInput) =>
    tradeFrom(await apiRequest('PATCH', `${TRADE_REQUESTS_URL}/${id}`, input)),
  );
}

/** Confirms the member received their item; the second confirmation completes the trade. */
export function useConfirmReceived() {
  return useTradeChange(async (id: string) =>
    tradeFrom(await apiRequest('POST', `${TRADE_REQUESTS_URL}/${id}/received`)),
  );
}
