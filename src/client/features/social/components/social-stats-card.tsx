import type { SocialStats } from '@common/api/social';
import { formatOneDecimal, formatPercent } from '@common/domain/score-band';
import { Activity, ArrowLeftRight, Palette, Star, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { useSocialStats } from '../api';
import { SocialLoadError } from './social-load-error';

interface StatDefinition {
  key: keyof SocialStats;
  label: string;
  icon: LucideIcon;
  tint: string;
  /** As docs/product.md (Social) has it: percentages rounded to whole numbers, the trust rating with one decimal. */
  format: (stats: SocialStats) => string;
  suffix?: string;
  /** Whether the figure means something yet; the suffix is left out when it does not. */
  hasValue?: (stats: SocialStats) => boolean;
}

/** docs/product.md (Social): Social stats, in the product doc's order and with its labels. */
const SOCIAL_STAT_DEFINITIONS: readonly StatDefinition[] = [
  {
    key: 'totalFriends',
    label: 'Friends',
    icon: Users,
    tint: 'bg-secondary text-secondary-foreground',
    format: (stats) => String(stats.totalFriends),
  },
  {
    key: 'socialTradesCompleted',
    label: 'Social Trades',
    icon: ArrowLeftRight,
    tint: 'bg-blue-100 text-blue-800',
    format: (stats) => String(stats.socialTradesCompleted),
  },
  {
    key: 'influenceScore',
    label: 'Influence Score',
    icon: TrendingUp,
    tint: 'bg-green-100 text-green-800',
    format: (stats) => formatPercent(stats.influenceScore),
  },
  {
    key: 'trustRating',
    label: 'Trust Rating',
    icon: Star,
    tint: 'bg-amber-100 text-amber-800',
    // Nobody has rated a new member yet: 'New member', never '0.0 / 5'.
    format: (stats) => (stats.trustRating > 0 ? formatOneDecimal(stats.trustRating) : 'New member'),
    suffix: '/ 5',
    hasValue: (stats) => stats.trustRating > 0,
  },
  {
    key: 'stylistRating',
    label: 'Style Influence',
    icon: Palette,
    tint: 'bg-pink-100 text-pink-800',
    format: (stats) => formatPercent(stats.stylistRating),
  },
  {
    key: 'activeTradingFriends',
    label: 'Active Traders',
    icon: Activity,
    tint: 'bg-violet-100 text-violet-800',
    format: (stats) => String(stats.activeTradingFriends),
  },
];

const GRID = 'grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-6';

/** 'Your Social Trading Profile': the member's six social figures. */
export function SocialStatsCard() {
  const stats = useSocialStats();

  return (
    <Card data-testid="card-social-stats" aria-labelledby="social-stats-heading" role="region">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="social-stats-heading" className="text-xl leading-tight font-semibold">
          Your Social Trading Profile
        </h2>
        <CardDescription>Your standing in the Threadswap community</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {stats.isPending ? (
          <div className={GRID} role="status" aria-label="Loading your social figures">
            {SOCIAL_STAT_DEFINITIONS.map(({ key }) => (
              <Skeleton key={key} className="h-24 rounded-lg sm:h-28" />
            ))}
          </div>
        ) : stats.isError ? (
          <SocialLoadError what="your social figures" onRetry={() => void stats.refetch()} />
        ) : (
          <StatTiles stats={stats.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** The six tiles; without stats (the visitor's preview) every value reads '—'. */
export function StatTiles({ stats, className }: { stats: SocialStats | null; className?: string }) {
  return (
    <dl className={cn(GRID, className)}>
      {SOCIAL_STAT_DEFINITIONS.map(({ key, label, icon: Icon, tint, format, suffix, hasValue }) => (
        <div key={key} className="flex min-w-0 flex-col gap-1 rounded-lg border bg-background p-2.5 sm:p-4">
          <dt className="order-last text-xs leading-tight font-medium text-muted-foreground sm:text-sm">
            {label}
          </dt>
          <dd className="flex flex-col gap-2">
            <span className={cn('flex size-7 items-center justify-center rounded-md sm:size-8', tint)}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="flex items-baseline gap-1">
              <span
                className="text-xl font-bold tabular-nums sm:text-2xl"
                data-testid={`text-social-stat-${key}`}
              >
                {stats ? format(stats) : '—'}
              </span>
              {stats && suffix && (hasValue?.(stats) ?? true) ? <span className="text-xs text-muted-foreground">{suffix}</span> : null}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
