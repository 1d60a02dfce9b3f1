import type { ActivityEntry } from '@common/api/social';
import { ACTIVITY_SHOWN } from '@common/domain/display-limits';
import { displayName } from '@common/domain/display-name';
import { imageUrl } from '@common/domain/image-url';
import { Activity, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useActivityFeed } from '../api';
import { MemberAvatar, memberProfileHref } from './member-avatar';
import { EmptyState } from '@client/components/ui/empty-state';
import { SocialLoadError } from './social-load-error';

/** The Activity tab: the ten newest things the member's friends (or, without friends, the community) did. */
export function ActivityTab() {
  const { t } = useTranslation('social');
  const feed = useActivityFeed();

  if (feed.isPending) return <ActivitySkeletons />;
  if (feed.isError)
    return <SocialLoadError message={t('activity.loadError')} onRetry={() => void feed.refetch()} />;

  const entries = feed.data.slice(0, ACTIVITY_SHOWN);
  if (entries.length === 0) {
    return (
      <EmptyState
        className="py-10"
        icon={Activity}
        title={t('activity.emptyTitle')}
        description={t('activity.emptyText')}
        testId="empty-activity"
      />
    );
  }

  // One clock for the whole list, so neighbouring entries never disagree.
  const now = new Date();
  return (
    <Card className="overflow-hidden">
      <ol className="divide-y" aria-label={t('activity.listLabel')}>
        {entries.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} now={now} />
        ))}
      </ol>
    </Card>
  );
}

function ActivityRow({ entry, now }: { entry: ActivityEntry; now: Date }) {
  const format = useFormat();
  const { user, item } = entry;
  const cover = item?.images[0];
  return (
    <li className="flex gap-3 p-4" data-testid={`activity-${entry.id}`}>
      <MemberAvatar user={user} className="size-10" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-x-3 gap-y-0.5 sm:flex-row sm:items-baseline sm:justify-between">
          <p className="text-sm">
            <Link
              href={memberProfileHref(user.id)}
              className="rounded-sm font-semibold hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {displayName(user)}
            </Link>{' '}
            <span className="text-muted-foreground">{entry.action}</span>
          </p>
          <time
            dateTime={entry.timestamp}
            title={format.date(entry.timestamp)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {format.relative(entry.timestamp, now)}
          </time>
        </div>
        {item ? (
          <Link
            href={`/browse?highlight=${encodeURIComponent(item.id)}`}
            className="mt-2 flex max-w-full items-center gap-3 rounded-lg border bg-card p-2 pr-3 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-fit sm:max-w-md"
            data-testid={`link-activity-item-${item.id}`}
          >
            {cover ? (
              <img
                src={imageUrl(cover, 400)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                decoding="async"
                className="size-12 shrink-0 rounded-md object-cover"
              />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                <ImageOff className="size-5" aria-hidden="true" />
              </span>
            )}
            <span className="min-w-0 truncate text-sm font-medium">{item.title}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function ActivitySkeletons() {
  const { t } = useTranslation('social');
  return (
    <Card className="divide-y" role="status" aria-label={t('activity.loading')}>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3 max-w-72" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="size-14 rounded-lg" />
        </div>
      ))}
    </Card>
  );
}
