import type { SavedSearch, SavedSearchInput } from '@common/api/saved-searches';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session';

export const SAVED_SEARCHES_URL = '/api/saved-searches';

/** The member's saved searches with their new-match counts (GET /api/saved-searches); not requested for visitors. */
export function useSavedSearches() {
  const { isAuthenticated } = useAuth();
  return useQuery<SavedSearch[]>({ queryKey: [SAVED_SEARCHES_URL], enabled: isAuthenticated });
}

/** Refetches the saved searches (a new match changes a count). */
export function invalidateSavedSearches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [SAVED_SEARCHES_URL] });
}

/** Saves a Browse search; the dialog shows a refusal (limit, duplicate, bad filter) itself. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SavedSearchInput): Promise<SavedSearch> =>
      (await (await apiRequest('POST', SAVED_SEARCHES_URL, input)).json()) as SavedSearch,
    onSuccess: () => invalidateSavedSearches(queryClient),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: () => i18n.t('savedSearches:errors.notDeleted') },
    mutationFn: (id: string) => apiRequest('DELETE', `${SAVED_SEARCHES_URL}/${id}`),
    onSuccess: (_response, id) => {
      queryClient.setQueryData<SavedSearch[]>([SAVED_SEARCHES_URL], (list) =>
        list?.filter((search) => search.id !== id),
      );
      return invalidateSavedSearches(queryClient);
    },
  });
}

/** Opening a saved search starts its new-match count again; the badge clears at once. */
export function useMarkSavedSearchViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<SavedSearch> =>
      (await (await apiRequest('POST', `${SAVED_SEARCHES_URL}/${id}/viewed`, {})).json()) as SavedSearch,
    onMutate: (id) => {
      queryClient.setQueryData<SavedSearch[]>([SAVED_SEARCHES_URL], (list) =>
        list?.map((search) => (search.id === id ? { ...search, newMatchCount: 0 } : search)),
      );
    },
    onSettled: () => invalidateSavedSearches(queryClient),
  });
}
