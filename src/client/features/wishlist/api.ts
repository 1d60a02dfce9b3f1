import type { WishlistEntry, WishlistInput, WishlistMatch } from '@common/api/wishlist';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@client/lib/session';
import { apiRequest } from '@client/lib/api-client';
import type { MutationErrorMeta } from '@client/lib/query-client';

export const WISHLIST_URL = '/api/wishlist';
const WISHLIST_MATCHES_URL = '/api/wishlist/matches';

/** The member's wishlist entries, newest first (GET /api/wishlist); not requested for visitors. */
export function useWishlist() {
  const { isAuthenticated } = useAuth();
  return useQuery<WishlistEntry[]>({ queryKey: [WISHLIST_URL], enabled: isAuthenticated });
}

/** Other members' listed items that satisfy any of the member's entries (GET /api/wishlist/matches). */
export function useWishlistMatches() {
  const { isAuthenticated } = useAuth();
  return useQuery<WishlistMatch[]>({ queryKey: [WISHLIST_MATCHES_URL], enabled: isAuthenticated });
}

/** As docs/product.md (Wishlist and matching) has it: creating or deleting an entry refreshes both the wishlist and its matches. */
export function invalidateWishlist(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => url === WISHLIST_URL || url === WISHLIST_MATCHES_URL,
  });
}

/** `errorMeta`: the failure toast, which differs between the Wishlist page and the bookmark's dialog. */
export function useAddWishlistEntry(errorMeta: MutationErrorMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta,
    mutationFn: async (input: WishlistInput): Promise<WishlistEntry> =>
      (await (await apiRequest('POST', WISHLIST_URL, input)).json()) as WishlistEntry,
    onSuccess: (created) => {
      // The bookmark turns on at once; the refetch then brings the server's order and the matches.
      queryClient.setQueryData<WishlistEntry[]>([WISHLIST_URL], (entries) =>
        entries ? [created, ...entries] : entries,
      );
      return invalidateWishlist(queryClient);
    },
  });
}

export function useRemoveWishlistEntry(errorMeta: MutationErrorMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta,
    mutationFn: (id: string) => apiRequest('DELETE', `${WISHLIST_URL}/${id}`),
    onSuccess: (_response, id) => {
      queryClient.setQueryData<WishlistEntry[]>([WISHLIST_URL], (entries) =>
        entries?.filter((entry) => entry.id !== id),
      );
      return invalidateWishlist(queryClient);
    },
  });
}
