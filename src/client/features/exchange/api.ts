import type { MyAddressAnswer, ShippingAddressInput } from '@common/api/addresses';
import type { Ring } from '@common/api/rings';
import type { ShipmentInput, TradeRequest } from '@common/api/trades';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';

export const ADDRESS_URL = '/api/users/address';
const TRADES_URL = '/api/trade-requests';
const RINGS_URL = '/api/rings';

export const tradeSlipUrl = (tradeId: string) => `${TRADES_URL}/${tradeId}/packing-slip`;
export const ringSlipUrl = (ringId: string) => `${RINGS_URL}/${ringId}/packing-slip`;

/** The member's own private shipping address (null before they give one). */
export function useMyAddress({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<MyAddressAnswer>({ queryKey: [ADDRESS_URL], enabled });
}

/** Trades and rings carry the partner's address and whether to ask for one: refetch them after a change. */
function invalidateSwaps(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) =>
      typeof url === 'string' && (url.startsWith(TRADES_URL) || url.startsWith(RINGS_URL)),
  });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ShippingAddressInput) =>
      (await (await apiRequest('PUT', ADDRESS_URL, input)).json()) as MyAddressAnswer,
    meta: { errorTitle: i18n.t('exchange:address.notSaved') },
    onSuccess: (answer) => {
      queryClient.setQueryData([ADDRESS_URL], answer);
      void invalidateSwaps(queryClient);
    },
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('DELETE', ADDRESS_URL)).json()) as MyAddressAnswer,
    meta: { errorTitle: i18n.t('exchange:address.notDeleted') },
    onSuccess: (answer) => {
      queryClient.setQueryData([ADDRESS_URL], answer);
      void invalidateSwaps(queryClient);
    },
  });
}

/** Carrier and tracking for the member's own parcel in a trade. */
export function useRecordTradeShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: { id: string } & ShipmentInput) =>
      (await (await apiRequest('POST', `${TRADES_URL}/${id}/shipment`, input)).json()) as TradeRequest,
    meta: { errorTitle: i18n.t('exchange:tracking.notSaved') },
    onSuccess: (updated) => {
      queryClient.setQueryData<TradeRequest[]>([TRADES_URL], (list) =>
        list?.map((trade) => (trade.id === updated.id ? updated : trade)),
      );
      queryClient.setQueryData([`${TRADES_URL}/${updated.id}`], updated);
    },
    onSettled: () => void invalidateSwaps(queryClient),
  });
}

/** Carrier and tracking for the item the member gives in a ring. */
export function useRecordRingShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: { id: string } & ShipmentInput) =>
      (await (await apiRequest('POST', `${RINGS_URL}/${id}/shipment`, input)).json()) as Ring,
    meta: { errorTitle: i18n.t('exchange:tracking.notSaved') },
    onSettled: () => void invalidateSwaps(queryClient),
  });
}
