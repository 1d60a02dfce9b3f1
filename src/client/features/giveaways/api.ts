import type {
  GiveawayAskers,
  GiveawayAskInput,
  GiveawayPickResult,
  MyGiveawayAsk,
} from '@common/api/giveaways';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { invalidateItemQueries } from '@client/lib/item-queries';
import { invalidateNotifications } from '@client/features/notifications';

/** The asks on one giveaway (src/common/api/giveaways.ts). */
export const giveawayAsksUrl = (itemId: string) => `/api/items/${itemId}/giveaway-requests`;
const myAskUrl = (itemId: string) => `${giveawayAsksUrl(itemId)}/mine`;

const invalidateAsks = (queryClient: QueryClient, itemId: string) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && url.startsWith(giveawayAsksUrl(itemId)),
  });

/** The member's own open ask on this giveaway, or null. */
export function useMyGiveawayAsk(itemId: string, enabled: boolean) {
  return useQuery<{ ask: MyGiveawayAsk | null }>({ queryKey: [myAskUrl(itemId)], enabled });
}

/** Who asked for the owner's giveaway, oldest first (the owner only). */
export function useGiveawayAsks(itemId: string, enabled: boolean) {
  return useQuery<GiveawayAskers>({ queryKey: [giveawayAsksUrl(itemId)], enabled });
}

export function useAskForGiveaway(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GiveawayAskInput) => apiJson<MyGiveawayAsk>('POST', giveawayAsksUrl(itemId), input),
    meta: { errorTitle: i18n.t('items:giveaway.errors.notAsked') },
    onSettled: () => invalidateAsks(queryClient, itemId),
  });
}

export function useWithdrawGiveawayAsk(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', giveawayAsksUrl(itemId)),
    meta: { errorTitle: i18n.t('items:giveaway.errors.notWithdrawn') },
    onSettled: () => invalidateAsks(queryClient, itemId),
  });
}

/** The owner picks one asker: the handover becomes a trade (its id is answered). */
export function usePickGiveawayAsk(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (askId: string) =>
      apiJson<GiveawayPickResult>('POST', `/api/giveaway-requests/${askId}/pick`),
    meta: { errorTitle: i18n.t('items:giveaway.errors.notPicked') },
    onSettled: () =>
      Promise.all([
        invalidateAsks(queryClient, itemId),
        // The trades lists (their keys start with the trades URL), without importing the trades
        // feature, which imports items, which shows this one.
        queryClient.invalidateQueries({
          predicate: ({ queryKey: [url] }) =>
            typeof url === 'string' && url.startsWith('/api/trade-requests'),
        }),
        invalidateItemQueries(queryClient),
        invalidateNotifications(queryClient),
      ]),
  });
}
