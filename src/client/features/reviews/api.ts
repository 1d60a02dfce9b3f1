import type { RatingSummary, Review, ReviewInput } from '@common/api/reviews';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';

/** As docs/product.md (Reviews) has it: the profile shows the latest 5 reviews; 'View all' pages through the rest. */
export const LATEST_REVIEWS = 5;
const ALL_REVIEWS_PAGE = 20;

export function ratingUrl(userId: string): string {
  return `/api/ratings/${userId}`;
}

function reviewsUrl(userId: string): string {
  return `/api/reviews/user/${userId}`;
}

export function useRatingSummary(userId: string | undefined) {
  return useQuery<RatingSummary>({ queryKey: [ratingUrl(userId ?? '')], enabled: Boolean(userId) });
}

/** The latest visible reviews, newest first. */
export function useLatestReviews(userId: string | undefined) {
  return useQuery<Review[]>({
    queryKey: [`${reviewsUrl(userId ?? '')}?limit=${LATEST_REVIEWS}`],
    enabled: Boolean(userId),
  });
}

/** Every visible review, a page at a time; loaded only once 'View all' is chosen. */
export function useAllReviews(userId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [reviewsUrl(userId), 'all'],
    queryFn: async ({ pageParam }) => {
      const response = await apiRequest(
        'GET',
        `${reviewsUrl(userId)}?limit=${ALL_REVIEWS_PAGE}&offset=${pageParam}`,
      );
      return (await response.json()) as Review[];
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < ALL_REVIEWS_PAGE ? undefined : pages.length * ALL_REVIEWS_PAGE,
    enabled,
  });
}

/** Refetches every rating summary and review list: a review can publish the other party's too. */
export async function invalidateReviews(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) =>
      typeof url === 'string' && (url.startsWith('/api/ratings/') || url.startsWith('/api/reviews/user/')),
  });
}

/**
 * Reviews the other party of a completed trade (blind: it shows once both have reviewed, or after
 * 7 days). `onReviewed` lets the caller refresh what shows the trade (the trades feature's list).
 */
export function useCreateReview(onReviewed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => apiRequest('POST', '/api/reviews', input),
    meta: { errorTitle: () => i18n.t('reviews:errors.submitFailed') },
    onSuccess: () => {
      onReviewed();
      void invalidateReviews(queryClient);
    },
  });
}
