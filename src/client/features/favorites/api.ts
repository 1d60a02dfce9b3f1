import type { Favorite, Item } from '@common/api/items';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '@client/lib/session';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';
import { holdsItems, invalidateItem, invalidateItemQueries } from '@client/lib/item-queries';

const FAVORITES_URL = '/api/favorites';

/** The member's favourites (GET /api/favorites); not requested for visitors. */
export function useFavorites() {
  const { isAuthenticated } = useAuth();
  return useQuery<Favorite[]>({ queryKey: [FAVORITES_URL], enabled: isAuthenticated, meta: holdsItems() });
}

/** Refetches the member's favourites (when on screen; otherwise on next use). */
export function invalidateFavorites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [FAVORITES_URL] });
}

/** The ids of the member's favourite items: where each heart's state starts (docs/product.md, Items). */
export function useFavoriteIds(): ReadonlySet<string> {
  const { data } = useFavorites();
  return useMemo(() => new Set((data ?? []).map((favorite) => favorite.itemId)), [data]);
}

/**
 * Adds or removes one favourite. The heart flips only when the server agrees (docs/product.md, Items): the
 * cached list is updated on success, then refetched. Item lists are only marked stale
 * (favoriteCount and the 'popular' order change), so the grid under the pointer does not reshuffle.
 */
export function useToggleFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, favorite }: { item: Item; favorite: boolean }) => {
      if (favorite) await apiRequest('POST', FAVORITES_URL, { itemId: item.id });
      else await apiRequest('DELETE', `${FAVORITES_URL}/${item.id}`);
    },
    meta: {
      errorTitle: () => i18n.t('items:errors.title'),
      get errorDescription() {
        return i18n.t('items:errors.favoritesFailed');
      },
      fixedDescription: true,
    },
    onSuccess: async (_result, { item, favorite }) => {
      queryClient.setQueryData<Favorite[]>([FAVORITES_URL], (current = []) =>
        favorite
          ? [
              { itemId: item.id, createdAt: new Date().toISOString(), item },
              ...current.filter((entry) => entry.itemId !== item.id),
            ]
          : current.filter((entry) => entry.itemId !== item.id),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [FAVORITES_URL] }),
        invalidateItem(queryClient, item.id),
        invalidateItemQueries(queryClient, { refetchType: 'none' }),
      ]);
    },
  });
}
