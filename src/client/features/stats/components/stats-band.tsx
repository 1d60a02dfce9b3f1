import { SWAP_IMPACT_PER_ITEM } from '@common/domain/swap-impact';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@client/components/ui/skeleton';
import { PageContainer } from '@client/components/layout/page-container';
import { useFormat } from '@client/i18n/format';
import { useStats } from '../api';

function Stat({ value, label, testId }: { value: string | null; label: string; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-1 text-center" data-testid={testId}>
      {value === null ? (
        <Skeleton className="h-9 w-28 bg-white/20" />
      ) : (
        <span className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">{value}</span>
      )}{' '}
      <span className="text-sm font-medium sm:text-base">{label}</span>
    </div>
  );
}

/**
 * docs/product.md (Screens): landing statistics band: three live totals and the CO2 saved by every
 * swapped item, with the landfill figure and how both are estimated underneath.
 */
export function StatsBand() {
  const { t } = useTranslation('stats');
  const format = useFormat();
  const { stats } = useStats();
  const factors = Object.entries(SWAP_IMPACT_PER_ITEM)
    .map(([category, factor]) =>
      t('band.factor', {
        category: t(`band.categories.${category}`),
        co2: format.weight(factor.co2Kg),
        weight: format.weight(factor.weightKg),
      }),
    )
    .join(t('band.factorSeparator'));
  return (
    <section aria-labelledby="stats-heading" className="bg-primary text-primary-foreground">
      <PageContainer className="py-14 sm:py-16">
        <h2 id="stats-heading" className="sr-only">
          {t('band.heading')}
        </h2>
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
          <Stat
            value={stats && format.number(stats.totalUsers)}
            label={t('band.activeTraders')}
            testId="stat-active-traders"
          />
          <Stat
            value={stats && format.number(stats.totalItems)}
            label={t('band.itemsListed')}
            testId="stat-items-listed"
          />
          <Stat
            value={stats && format.number(stats.totalTrades)}
            label={t('band.successfulTrades')}
            testId="stat-successful-trades"
          />
          <Stat
            value={stats && format.mass(stats.co2SavedKg)}
            label={t('band.co2Saved')}
            testId="stat-co2-saved"
          />
        </div>
        <p className="mt-10 text-center text-sm text-primary-foreground" data-testid="text-swap-impact">
          {stats ? `${t('band.landfill', { mass: format.mass(stats.landfillSavedKg) })} ` : null}
          {t('band.estimated', { factors })}
        </p>
      </PageContainer>
    </section>
  );
}
