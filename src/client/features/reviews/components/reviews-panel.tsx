import type { Review } from '@common/api/reviews';
import { ratingBars } from '@common/domain/rating-stars';
import { formatDate } from '@common/domain/relative-time';
import { BadgeCheck, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LATEST_REVIEWS, useAllReviews, useLatestReviews, useRatingSummary } from '../api';
import { RatingStars } from './rating-stars';

/**
 * docs/product.md (Reviews): Reviews & Ratings: the rating summary (average with stars, total, a bar per star
 * value) and the latest 5 reviews, with 'View all' listing every visible review.
 */
export function ReviewsPanel({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <RatingSummaryCard userId={userId} />
      <ReviewList userId={userId} isOwn={isOwn} />
    </div>
  );
}

export function RatingSummaryCard({ userId }: { userId: string }) {
  const { data, isPending, isError } = useRatingSummary(userId);

  return (
    <Card data-testid="card-rating-summary">
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Rating summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isPending ? (
          <div className="grid gap-3" role="status">
            <span className="sr-only">Loading rating</span>
            <Skeleton className="h-10 w-24" />
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} className="h-3 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The rating is unavailable right now.</p>
        ) : (
          <>
            <div className="flex items-center gap-4">
              <p className="text-5xl font-bold tracking-tight" data-testid="text-average-rating">
                {data.averageRating}
              </p>
              <div className="grid gap-1">
                <RatingStars rating={data.averageRating} label="Average rating" starClassName="size-5" />
                <p className="text-sm text-muted-foreground" data-testid="text-total-reviews">
                  {data.totalReviews} {data.totalReviews === 1 ? 'review' : 'reviews'}
                </p>
              </div>
            </div>
            <ul className="grid gap-2" aria-label="Reviews by star rating">
              {ratingBars(data).map((bar) => (
                <li key={bar.stars} className="grid grid-cols-[3.25rem_1fr_2rem] items-center gap-2 text-sm">
                  <span className="text-muted-foreground">
                    {bar.stars} {bar.stars === 1 ? 'star' : 'stars'}
                  </span>
                  <span
                    className="h-2 overflow-hidden rounded-full bg-muted-foreground/15"
                    aria-hidden="true"
                  >
                    <span
                      className="block h-full rounded-full bg-amber-400"
                      style={{ width: `${bar.percent}%` }}
                    />
                  </span>
                  <span className="text-right tabular-nums">{bar.count}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ReviewList({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const latest = useLatestReviews(userId);
  const total = useRatingSummary(userId).data?.totalReviews ?? 0;
  const all = useAllReviews(userId, showAll);
  const reviews = showAll && all.data ? all.data.pages.flat() : (latest.data ?? []);

  if (latest.isPending) {
    return (
      <div className="grid gap-3" role="status">
        <span className="sr-only">Loading reviews</span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (latest.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        Reviews are unavailable right now. Please try again later.
      </p>
    );
  }
  if (reviews.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center"
        data-testid="text-no-reviews"
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MessageSquareText className="size-5" aria-hidden="true" />
        </span>
        <p className="font-medium">No reviews yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {isOwn
            ? 'After a completed trade your partner can review you. Reviews appear once both of you have reviewed, or after 7 days.'
            : 'This member has not been reviewed yet.'}
        </p>
      </div>
    );
  }

  return (
    <section aria-label={showAll ? 'All reviews' : 'Latest reviews'} className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{showAll ? 'All reviews' : 'Latest reviews'}</h3>
        {showAll || total > LATEST_REVIEWS ? (
          <Button
            variant="link"
            className="h-auto px-0"
            onClick={() => setShowAll((value) => !value)}
            data-testid="button-view-all-reviews"
          >
            {showAll ? 'Show latest' : `View all ${total} reviews`}
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-3">
        {reviews.map((review) => (
          <ReviewEntry key={review.id} review={review} />
        ))}
      </ul>
      {showAll && all.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={all.isFetchingNextPage}
          onClick={() => void all.fetchNextPage()}
        >
          {all.isFetchingNextPage ? 'Loading...' : 'Load more reviews'}
        </Button>
      ) : null}
    </section>
  );
}

function ReviewEntry({ review }: { review: Review }) {
  const reviewer = review.reviewer?.firstName?.trim() || 'Anonymous';
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4" data-testid={`review-${review.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} label="Overall" />
        <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
          {formatDate(review.createdAt)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          Communication
          <RatingStars rating={review.communicationRating} label="Communication" starClassName="size-3.5" />
        </span>
        {review.itemConditionAccurate ? (
          <Badge variant="secondary">
            <BadgeCheck aria-hidden="true" />
            As Described
          </Badge>
        ) : null}
      </div>
      {review.comment ? <p className="text-sm break-words">{review.comment}</p> : null}
      <p className="text-sm font-medium">— {reviewer}</p>
    </li>
  );
}
