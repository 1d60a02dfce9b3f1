import type { Review } from '@common/api/reviews';
import { ratingBars } from '@common/domain/rating-stars';
import { BadgeCheck, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
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
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const { data, isPending, isError } = useRatingSummary(userId);

  return (
    <Card data-testid="card-rating-summary">
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{t('summary.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isPending ? (
          <div className="grid gap-3" role="status">
            <span className="sr-only">{t('summary.loading')}</span>
            <Skeleton className="h-10 w-24" />
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} className="h-3 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">{t('summary.error')}</p>
        ) : (
          <>
            <div className="flex items-center gap-4">
              <p className="text-5xl font-bold tracking-tight" data-testid="text-average-rating">
                {format.number(Number(data.averageRating), {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                })}
              </p>
              <div className="grid gap-1">
                <RatingStars
                  rating={data.averageRating}
                  label={t('summary.average')}
                  starClassName="size-5"
                />
                <p className="text-sm text-muted-foreground" data-testid="text-total-reviews">
                  {t('summary.total', { count: data.totalReviews })}
                </p>
              </div>
            </div>
            <ul className="grid gap-2" aria-label={t('summary.byStars')}>
              {ratingBars(data).map((bar) => (
                <li key={bar.stars} className="grid grid-cols-[3.25rem_1fr_2rem] items-center gap-2 text-sm">
                  <span className="text-muted-foreground">{t('stars.count', { count: bar.stars })}</span>
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
  const { t } = useTranslation('reviews');
  const [showAll, setShowAll] = useState(false);
  const latest = useLatestReviews(userId);
  const total = useRatingSummary(userId).data?.totalReviews ?? 0;
  const all = useAllReviews(userId, showAll);
  const reviews = showAll && all.data ? all.data.pages.flat() : (latest.data ?? []);

  if (latest.isPending) {
    return (
      <div className="grid gap-3" role="status">
        <span className="sr-only">{t('list.loading')}</span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (latest.isError) {
    return <p className="text-sm text-muted-foreground">{t('list.error')}</p>;
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
        <p className="font-medium">{t('list.emptyTitle')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {t(isOwn ? 'list.emptyOwn' : 'list.emptyOther')}
        </p>
      </div>
    );
  }

  return (
    <section aria-label={t(showAll ? 'list.all' : 'list.latest')} className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t(showAll ? 'list.all' : 'list.latest')}</h3>
        {showAll || total > LATEST_REVIEWS ? (
          <Button
            variant="link"
            className="h-auto px-0"
            onClick={() => setShowAll((value) => !value)}
            data-testid="button-view-all-reviews"
          >
            {showAll ? t('list.showLatest') : t('list.viewAll', { count: total })}
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
          {all.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}

function ReviewEntry({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const reviewer = review.reviewer?.firstName?.trim() || t('list.anonymous');
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4" data-testid={`review-${review.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} label={t('form.overall')} />
        <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
          {format.date(review.createdAt)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          {t('list.communication')}
          <RatingStars
            rating={review.communicationRating}
            label={t('list.communication')}
            starClassName="size-3.5"
          />
        </span>
        {review.itemConditionAccurate ? (
          <Badge variant="secondary">
            <BadgeCheck aria-hidden="true" />
            {t('list.asDescribed')}
          </Badge>
        ) : null}
      </div>
      {review.comment ? <p className="text-sm break-words">{review.comment}</p> : null}
      <p className="text-sm font-medium">{t('list.byReviewer', { name: reviewer })}</p>
    </li>
  );
}
