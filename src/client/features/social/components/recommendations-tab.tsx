import type { FriendRecommendation } from '@common/api/social';
import { RECOMMENDATIONS_SHOWN } from '@common/domain/display-limits';
import { displayName } from '@common/domain/display-name';
import { toPercent } from '@common/domain/score-band';
import { Sparkles, Tag, UserSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { relationshipWith, useFriendRecommendations, useNetwork, type Relationship } from '../api';
import { ConnectButton } from './connect-button';
import { MemberAvatar, memberProfileHref } from './member-avatar';
import { scoreBadgeClass, scoreBarClass, usePercent } from './score-styles';
import { EmptyState } from '@client/components/ui/empty-state';
import { SocialLoadError } from './social-load-error';

/** As docs/product.md (Social) has it: two reasons, three shared brands then '+N more', three mutual-friend avatars. */
const REASONS_SHOWN = 2;
const BRANDS_SHOWN = 3;
const MUTUAL_FRIENDS_SHOWN = 3;

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The Recommendations tab: up to five members worth connecting with, best first. */
export function RecommendationsTab() {
  const { t } = useTranslation('social');
  const recommendations = useFriendRecommendations();
  const network = useNetwork();

  if (recommendations.isPending) return <RecommendationSkeletons />;
  if (recommendations.isError) {
    return (
      <SocialLoadError
        message={t('recommendations.loadError')}
        onRetry={() => void recommendations.refetch()}
      />
    );
  }

  const shown = recommendations.data.slice(0, RECOMMENDATIONS_SHOWN);
  if (shown.length === 0) {
    return (
      <EmptyState
        className="py-10"
        icon={UserSearch}
        title={t('recommendations.emptyTitle')}
        description={t('recommendations.emptyText')}
        action={
          <Button asChild variant="outline" size="sm">
            <Link href="/profile?tab=preferences">{t('recommendations.setPreferences')}</Link>
          </Button>
        }
        testId="empty-recommendations"
      />
    );
  }

  return (
    <ul className={GRID} aria-label={t('recommendations.listLabel')}>
      {shown.map((recommendation) => (
        <li key={recommendation.user.id} className="flex">
          <RecommendationCard
            recommendation={recommendation}
            relationship={relationshipWith(network.data, recommendation.user.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function RecommendationCard({
  recommendation,
  relationship,
}: {
  recommendation: FriendRecommendation;
  relationship: Relationship;
}) {
  const { t } = useTranslation('social');
  const percent = usePercent();
  const {
    user,
    recommendationScore,
    styleCompatibility,
    tradingPotential,
    reasons,
    sharedBrands,
    mutualFriends,
  } = recommendation;
  const name = displayName(user);
  const headingId = `recommendation-${user.id}-name`;
  const hiddenBrands = sharedBrands.length - BRANDS_SHOWN;

  return (
    <Card
      className="flex w-full flex-col gap-4 p-5"
      aria-labelledby={headingId}
      role="article"
      data-testid={`card-recommendation-${user.id}`}
    >
      <div className="flex items-start gap-3">
        <MemberAvatar user={user} className="size-12" fallbackClassName="text-base" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-semibold">
            <Link
              href={memberProfileHref(user.id)}
              className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {name}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            {mutualFriends.length > 0
              ? t('recommendations.mutualFriends', { count: mutualFriends.length })
              : t('recommendations.suggested')}
          </p>
        </div>
        {recommendationScore > 0 ? (
          <span
            className={cn(
              'inline-flex shrink-0 items-baseline gap-1 rounded-full border px-2.5 py-1 text-sm font-semibold',
              scoreBadgeClass(recommendationScore),
            )}
          >
            <span data-testid={`text-recommendation-score-${user.id}`}>{percent(recommendationScore)}</span>
            <span className="text-xs font-medium">{t('recommendations.match')}</span>
          </span>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-3">
        <ScoreMeter
          label={t('recommendations.styleCompatibility')}
          value={styleCompatibility}
          testId={`text-style-compatibility-${user.id}`}
        />
        <ScoreMeter
          label={t('recommendations.tradingPotential')}
          value={tradingPotential}
          testId={`text-trading-potential-${user.id}`}
        />
      </dl>

      {reasons.length > 0 ? (
        <ul className="space-y-1.5 text-sm" aria-label={t('recommendations.reasonsLabel')}>
          {reasons.slice(0, REASONS_SHOWN).map((reason) => (
            <li key={reason} className="flex gap-2">
              <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {sharedBrands.length > 0 ? (
        <div className="space-y-1.5">
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Tag className="size-3.5" aria-hidden="true" />
            {t('recommendations.sharedBrands')}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('recommendations.sharedBrands')}>
            {sharedBrands.slice(0, BRANDS_SHOWN).map((brand) => (
              <li key={brand}>
                <Badge variant="secondary">{brand}</Badge>
              </li>
            ))}
            {hiddenBrands > 0 ? (
              <li>
                <Badge variant="outline">{t('recommendations.moreBrands', { count: hiddenBrands })}</Badge>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}

      {mutualFriends.length > 0 ? <MutualFriends friends={mutualFriends} /> : null}

      <ConnectButton
        user={user}
        relationship={relationship}
        testId={`button-connect-${user.id}`}
        className="mt-auto w-full"
      />
    </Card>
  );
}

function ScoreMeter({ label, value, testId }: { label: string; value: number; testId: string }) {
  const percent = usePercent();
  return (
    <div className="space-y-1.5 rounded-lg bg-muted/60 p-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold" data-testid={testId}>
        {percent(value)}
      </dd>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted-foreground/15" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', scoreBarClass(value))}
          style={{ width: `${toPercent(value)}%` }}
        />
      </div>
    </div>
  );
}

function MutualFriends({ friends }: { friends: FriendRecommendation['mutualFriends'] }) {
  const shown = friends.slice(0, MUTUAL_FRIENDS_SHOWN);
  const names = shown.map((friend) => friend.firstName).join(', ');
  const others = friends.length - shown.length;
  const { t } = useTranslation('social');
  return (
    <div className="flex items-center gap-2">
      <ul className="flex -space-x-1.5" aria-label={t('recommendations.mutualLabel')}>
        {shown.map((friend) => (
          <li key={friend.id} title={displayName(friend)}>
            <MemberAvatar
              user={friend}
              className="size-8 ring-2 ring-card"
              fallbackClassName="text-[0.65rem]"
            />
            <span className="sr-only">{displayName(friend)}</span>
          </li>
        ))}
      </ul>
      <p className="min-w-0 truncate text-xs text-muted-foreground" aria-hidden="true">
        {others > 0
          ? t('recommendations.friendsWithMore', { names, count: others })
          : t('recommendations.friendsWith', { names })}
      </p>
    </div>
  );
}

function RecommendationSkeletons() {
  const { t } = useTranslation('social');
  return (
    <div className={GRID} role="status" aria-label={t('recommendations.loading')}>
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="flex flex-col gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-7 w-20 rounded-full" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}
