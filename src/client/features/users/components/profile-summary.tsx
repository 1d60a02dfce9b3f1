import type { User } from '@common/api/users';
import { displayName } from '@common/domain/display-name';
import { CalendarDays, Heart, MapPin, Package, Pencil, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { UserAvatar } from '@client/features/auth';
import { RatingStars, useRatingSummary } from '@client/features/reviews';
import { useFavorites } from '@client/features/favorites';
import { TradingRecord } from './trading-record';
import { useUserItems } from '../api';

/** docs/product.md (Screens): Profile header: initials, name, bio and 'Edit Profile' (opens Preferences). */
export function ProfileHeader({ user, onEdit }: { user: User; onEdit: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:items-center sm:text-left">
        <UserAvatar user={user} className="size-20 sm:size-24" fallbackClassName="text-2xl sm:text-3xl" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <h1
            className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
            data-testid="text-profile-name"
          >
            {displayName(user)}
          </h1>
          {user.location ? (
            <p
              className="inline-flex items-center gap-1.5 text-sm text-muted-foreground"
              data-testid="text-profile-location"
            >
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="break-words">{user.location}</span>
            </p>
          ) : null}
          {/* Only words the member wrote: without a bio, a hint that Edit profile adds one. */}
          {user.bio?.trim() ? (
            <p className="text-muted-foreground break-words" data-testid="text-profile-bio">
              {user.bio.trim()}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground italic" data-testid="text-profile-no-bio">
              {t('summary.noBio')}
            </p>
          )}
          {/* Rating and record side by side with a gap when they fit, one under the other when not. */}
          <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1.5 sm:justify-start">
            <MemberRating userId={user.id} />
            <TradingRecord userId={user.id} own />
          </div>
        </div>
        <Button
          variant="outline"
          onClick={onEdit}
          className="w-full sm:w-auto"
          data-testid="button-edit-profile"
        >
          <Pencil aria-hidden="true" />
          {t('summary.edit')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** '★★★★½ 4.5 · 3 reviews' under a member's name; nothing until it loads. */
export function MemberRating({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const format = useFormat();
  const { data } = useRatingSummary(userId);
  if (!data) return null;
  return (
    <p className="inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-muted-foreground sm:justify-start">
      {data.totalReviews > 0 ? (
        <>
          <RatingStars rating={data.averageRating} label={t('rating.average')} />
          <span>
            <span className="font-semibold text-foreground">
              {format.number(Number(data.averageRating), {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              })}
            </span>{' '}
            · {t('rating.reviews', { count: data.totalReviews })} ·{' '}
            {t('rating.partners', { count: data.partnerCount })}
          </span>
        </>
      ) : (
        <span>{t('rating.none')}</span>
      )}
    </p>
  );
}

/** docs/product.md (Screens): Profile stats card: Active Listings, Favorites, Member Since. */
export function ProfileStats({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const format = useFormat();
  const items = useUserItems(user.id);
  const favorites = useFavorites();
  const activeListings = items.data?.filter((item) => item.isActive).length;

  return (
    <Card>
      <CardContent className="grid grid-cols-3 divide-x p-0">
        <Stat
          icon={Package}
          label={t('summary.activeListings')}
          value={activeListings}
          testId="stat-active-listings"
        />
        <Stat
          icon={Heart}
          label={t('summary.favorites')}
          value={favorites.data?.length}
          testId="stat-favorites"
        />
        <Stat
          icon={CalendarDays}
          label={t('summary.memberSince')}
          value={format.monthYear(user.createdAt)}
          testId="stat-member-since"
        />
      </CardContent>
    </Card>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: number | string | undefined;
  testId: string;
}) {
  return (
    <div className="flex flex-col items-center gap-1 px-2 py-5 text-center sm:px-3" data-testid={testId}>
      <Icon className="size-5 text-primary" aria-hidden="true" />
      <div
        className={cn(
          'leading-tight font-bold text-balance',
          typeof value === 'string' ? 'text-base' : 'text-lg sm:text-2xl',
        )}
      >
        {value === undefined ? <Skeleton className="mx-auto h-7 w-10" /> : value}
      </div>
      <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
    </div>
  );
}
