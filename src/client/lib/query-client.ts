import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';
import { ApiError, isSessionLost } from './api-error';
import type { ItemQueryMeta } from './item-queries';
import { reportApiError } from './report-error';
import { handleUnauthorized } from './unauthorized';

/** A title that depends on what the mutation was called with (Accept or Decline, ...). */
type TitleFor = { bivarianceHack(variables: unknown): string }['bivarianceHack'];

/**
 * How a failed mutation is reported, declared once where the mutation is (`meta`), so that every
 * failure goes through the mutation cache's one handler below:
 * - a lost session (401 'Unauthorized') always sends the member to sign in, meta or not;
 * - with `errorTitle`, any other failure is a destructive toast with that title and the server's
 *   message, or `errorDescription` (default 'Please try again.') when it gave none;
 *   `fixedDescription` shows `errorDescription` whatever the server said;
 * - without `errorTitle` the caller shows the failure itself (a form's inline error, the chat's
 *   input that keeps the unsent text).
 */
export interface MutationErrorMeta extends Record<string, unknown> {
  errorTitle?: string | TitleFor;
  errorDescription?: string;
  fixedDescription?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
    queryMeta: ItemQueryMeta;
  }
}

const DEFAULT_DESCRIPTION = 'Please try again.';

/**
 * No retries, no refetch on focus, cached reads never go stale on their own; mutations invalidate
 * what they change.
 * A query that fails with 401 means the session is gone (member-only reads are only made for
 * members), so it sends the visitor to sign in again. The session check itself never fails (it
 * reads any failure as signed out), so it never reaches this handler.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isSessionLost(error)) handleUnauthorized();
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, variables, _context, mutation) => {
      const meta = mutation.meta;
      if (isSessionLost(error)) {
        handleUnauthorized();
        return;
      }
      if (!meta?.errorTitle) return;
      // A refused sign-in of a suspended member: the sign-in form shows why and until when itself
      // (SuspensionNotice), with the date in the member's language rather than the server's ISO text.
      if (error instanceof ApiError && error.suspension) return;
      const title = typeof meta.errorTitle === 'function' ? meta.errorTitle(variables) : meta.errorTitle;
      reportApiError(error, {
        title,
        fallback: meta.errorDescription ?? DEFAULT_DESCRIPTION,
        fixed: meta.fixedDescription ?? false,
      });
    },
  }),
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
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
