import { formatCount } from '@common/domain/marketplace-stats';
import { formatMass, impactFactorsText } from '@common/domain/swap-impact';
import { Skeleton } from '@client/components/ui/skeleton';
import { PageContainer } from '@client/components/layout/page-container';
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
  const { stats } = useStats();
  return (
    <section aria-labelledby="stats-heading" className="bg-primary text-primary-foreground">
      <PageContainer className="py-14 sm:py-16">
        <h2 id="stats-heading" className="sr-only">
          Threadswap in numbers
        </h2>
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
          <Stat
            value={stats && formatCount(stats.totalUsers)}
            label="Active Traders"
            testId="stat-active-traders"
          />
          <Stat
            value={stats && formatCount(stats.totalItems)}
            label="Items Listed"
            testId="stat-items-listed"
          />
          <Stat
            value={stats && formatCount(stats.totalTrades)}
            label="Successful Trades"
            testId="stat-successful-trades"
          />
          <Stat value={stats && formatMass(stats.co2SavedKg)} label="CO2 Saved" testId="stat-co2-saved" />
        </div>
        <p className="mt-10 text-center text-sm text-primary-foreground" data-testid="text-swap-impact">
          {stats ? `${formatMass(stats.landfillSavedKg)} of fashion kept out of landfill. ` : null}
          Estimated per swapped item: {impactFactorsText()}.
        </p>
      </PageContainer>
    </section>
  );
}
