import { QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api-client';
import { handleUnauthorized } from './unauthorized';

/**
 * Design §3 / spec §7: no retries, no refetch on focus, cached reads never go stale on their own;
 * mutations invalidate what they change.
 * A query that fails with 401 means the session is gone (member-only reads are only made for
 * members), so it sends the visitor to sign in again. Queries that expect signed-out visitors use
 * on401 'returnNull' or their own query function and never reach this handler.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
    },
  }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
