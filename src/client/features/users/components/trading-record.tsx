import type { Reliability } from '@common/api/trades';
import { BadgeCheck, Sparkles } from 'lucide-react';
import { Skeleton } from '@client/components/ui/skeleton';
import { useQuery } from '@tanstack/react-query';

const reliabilityUrl = (userId: string) => `/api/users/${userId}/reliability`;

/** A member's trading record, for profiles. */
function useReliability(userId: string | undefined) {
  return useQuery<Reliability>({ queryKey: [reliabilityUrl(userId ?? '')], enabled: Boolean(userId) });
}

function figures(record: Reliability): Array<{ label: string; value: string }> {
  return [
    { label: 'Completed trades', value: String(record.completedTrades) },
    {
      label: 'Accepted trades cancelled',
      value: record.cancelledShare === null ? '–' : `${Math.round(record.cancelledShare * 100)}%`,
    },
    { label: 'Disputes lost', value: String(record.disputesLost) },
    {
      label: 'Median days to confirm receipt',
      value: record.medianReceiptDays === null ? '–' : String(record.medianReceiptDays),
    },
  ];
}

/**
 * A member's trading record on their profile: four figures, or "New member" before any accepted
 * trade. `withCompleted={false}` leaves out the completed count where the page shows it already.
 */
export function TradingRecord({ userId, withCompleted = true }: { userId: string; withCompleted?: boolean }) {
  const { data, isError } = useReliability(userId);
  if (isError) return null;
  if (!data) return <Skeleton className="mx-auto h-12 w-64 sm:mx-0" />;
  if (data.isNew) {
    return (
      <p
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground"
        data-testid="text-trading-record-new"
      >
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        New member: no trades yet
      </p>
    );
  }
  return (
    <section aria-label="Trading record" data-testid="trading-record">
      <h2 className="sr-only">Trading record</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {figures(data)
          .filter((figure) => withCompleted || figure.label !== 'Completed trades')
          .map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse items-center sm:items-start">
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="inline-flex items-center gap-1 text-base font-semibold tabular-nums">
                {figure.label === 'Completed trades' ? (
                  <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
                ) : null}
                {figure.value}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
