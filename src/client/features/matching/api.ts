import type { Item } from '@common/api/items';
import type { BarterMatch, SmartMatches, ValueEstimate } from '@common/api/matching';
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';
import { isSessionLost } from '@client/lib/api-error';
import { holdsItems } from '@client/lib/item-queries';

export function smartMatchesUrl(itemId: string): string {
  return `/api/items/${itemId}/smart-matches`;
}

export function barterMatchesUrl(itemId: string): string {
  return `/api/barter-matches/${itemId}`;
}

/** Refetches every open 'What You Could Get' list (a strong match was found for one of the member's items). */
export function invalidateBarterMatches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && url.startsWith(barterMatchesUrl('')),
  });
}

const VALUE_ESTIMATE_URL = '/api/items/value-estimate';

const NO_MATCHES: SmartMatches = { matches: [] };

/**
 * Smart Match for another member's item (POST /api/items/{id}/smart-matches): the member's own items
 * ranked as offers its owner is likely to accept. Computed afresh each time the dialog opens.
 * As docs/product.md (Wishlist and matching) has it: on an error the list is emptied and 'Smart matching unavailable' is shown; a lost
 * session is left to the query cache (toast 'Unauthorized', then sign in).
 */
export function useSmartMatches(item: Item, enabled: boolean) {
  return useQuery<SmartMatches>({
    queryKey: [smartMatchesUrl(item.id)],
    meta: holdsItems(),
    enabled,
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => {
      try {
        return (await (await apiRequest('POST', smartMatchesUrl(item.id), {})).json()) as SmartMatches;
      } catch (error) {
        if (isSessionLost(error)) throw error;
        toast({
          title: i18n.t('matching:errors.smartTitle'),
          description: i18n.t('matching:errors.smartDescription'),
          variant: 'destructive',
        });
        return NO_MATCHES;
      }
    },
  });
}

/**
 * 'What You Could Get' for one of the member's own items (GET /api/barter-matches/{itemId}): direct
 * swaps, one-way offers and trade rings. Refetched each time the dialog opens, since other members
 * list and trade items meanwhile.
 */
export function useBarterMatches(itemId: string, enabled: boolean) {
  return useQuery<BarterMatch[]>({ queryKey: [barterMatchesUrl(itemId)], enabled, staleTime: 0 });
}

export interface ValueEstimateQuery {
  category: string;
  style?: string;
  brand?: string;
  condition?: string;
}

/** The median value of comparable listings (GET /api/items/value-estimate), asked for on demand. */
export function useValueEstimate() {
  return useMutation({
    mutationFn: async (query: ValueEstimateQuery): Promise<ValueEstimate> => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
      return (await (
        await apiRequest('GET', `${VALUE_ESTIMATE_URL}?${params.toString()}`)
      ).json()) as ValueEstimate;
    },
  });
}
