import type { SocialStats } from '@common/api/social';
import { Activity, ArrowLeftRight, Palette, Star, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat, type Formatters } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useSocialStats } from '../api';
import { formatScorePercent } from './score-styles';
import { SocialLoadError } from './social-load-error';

/** What a figure is shown with: the page's number format and the social catalogue. */
interface StatContext {
  format: Formatters;
  t: (key: 'stats.newMember' | 'stats.outOfFive') => string;
}

/** Each figure's label is `stats.<key>` in the social catalogue. */
interface StatDefinition {
  key: keyof SocialStats;
  icon: LucideIcon;
  tint: string;
  /** As docs/product.md (Social) has it: percentages rounded to whole numbers, the trust rating with one decimal. */
  format: (stats: SocialStats, context: StatContext) => string;
  /** The key of a text shown after the figure. */
  suffix?: 'stats.outOfFive';
  /** Whether the figure means something yet; the suffix is left out when it does not. */
  hasValue?: (stats: SocialStats) => boolean;
}

/** docs/product.md (Social): Social stats, in the product doc's order and with its labels. */
const SOCIAL_STAT_DEFINITIONS: readonly StatDefinition[] = [
  {
    key: 'totalFriends',
    icon: Users,
    tint: 'bg-secondary text-secondary-foreground',
    format: (stats, { format }) => format.number(stats.totalFriends),
  },
  {
    key: 'socialTradesCompleted',
    icon: ArrowLeftRight,
    tint: 'bg-blue-100 text-blue-800',
    format: (stats, { format }) => format.number(stats.socialTradesCompleted),
  },
  {
    key: 'influenceScore',
    icon: TrendingUp,
    tint: 'bg-green-100 text-green-800',
    format: (stats, { format }) => formatScorePercent(format, stats.influenceScore),
  },
  {
    key: 'trustRating',
    icon: Star,
    tint: 'bg-amber-100 text-amber-800',
    // Nobody has rated a new member yet: 'New member', never '0.0 / 5'.
    format: (stats, { format, t }) =>
      stats.trustRating > 0
        ? format.number(stats.trustRating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
        : t('stats.newMember'),
    suffix: 'stats.outOfFive',
    hasValue: (stats) => stats.trustRating > 0,
  },
  {
    key: 'stylistRating',
    icon: Palette,
    tint: 'bg-pink-100 text-pink-800',
    format: (stats, { format }) => formatScorePercent(format, stats.stylistRating),
  },
  {
    key: 'activeTradingFriends',
    icon: Activity,
    tint: 'bg-violet-100 text-violet-800',
    format: (stats, { format }) => format.number(stats.activeTradingFriends),
  },
];

const GRID = 'grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-6';

/** 'Your Social Trading Profile': the member's six social figures. */
export function SocialStatsCard() {
  const { t } = useTranslation('social');
  const stats = useSocialStats();

  return (
    <Card data-testid="card-social-stats" aria-labelledby="social-stats-heading" role="region">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="social-stats-heading" className="text-xl leading-tight font-semibold">
          {t('stats.title')}
        </h2>
        <CardDescription>{t('stats.description')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {stats.isPending ? (
          <div className={GRID} role="status" aria-label={t('stats.loading')}>
            {SOCIAL_STAT_DEFINITIONS.map(({ key }) => (
              <Skeleton key={key} className="h-24 rounded-lg sm:h-28" />
            ))}
          </div>
        ) : stats.isError ? (
          <SocialLoadError message={t('stats.loadError')} onRetry={() => void stats.refetch()} />
        ) : (
          <StatTiles stats={stats.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** The six tiles; without stats (the visitor's preview) every value reads '—'. */
export function StatTiles({ stats, className }: { stats: SocialStats | null; className?: string }) {
  const { t } = useTranslation('social');
  const context: StatContext = { format: useFormat(), t };
  return (
    <dl className={cn(GRID, className)}>
      {SOCIAL_STAT_DEFINITIONS.map(({ key, icon: Icon, tint, format, suffix, hasValue }) => (
        <div key={key} className="flex min-w-0 flex-col gap-1 rounded-lg border bg-background p-2.5 sm:p-4">
          <dt className="order-last text-xs leading-tight font-medium text-muted-foreground sm:text-sm">
            {t(`stats.${key}`)}
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
                {stats ? format(stats, context) : '—'}
              </span>
              {stats && suffix && (hasValue?.(stats) ?? true) ? (
                <span className="text-xs text-muted-foreground">{t(suffix)}</span>
              ) : null}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
