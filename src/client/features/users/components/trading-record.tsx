import type { Reliability } from '@common/api/trades';
import { BadgeCheck, Sparkles } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useQuery } from '@tanstack/react-query';

const reliabilityUrl = (userId: string) => `/api/users/${userId}/reliability`;

/** A member's trading record, for profiles. */
function useReliability(userId: string | undefined) {
  // Refetched whenever a profile opens: a trade completed since (on this screen or another) counts.
  return useQuery<Reliability>({
    queryKey: [reliabilityUrl(userId ?? '')],
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

type Figure = 'completed' | 'cancelled' | 'disputesLost' | 'receiptDays';

function figures(
  record: Reliability,
  number: (value: number, options?: Intl.NumberFormatOptions) => string,
): Array<{ key: Figure; value: string }> {
  return [
    { key: 'completed', value: number(record.completedTrades) },
    {
      key: 'cancelled',
      value:
        record.cancelledShare === null
          ? '–'
          : number(Math.round(record.cancelledShare * 100) / 100, { style: 'percent' }),
    },
    { key: 'disputesLost', value: number(record.disputesLost) },
    {
      key: 'receiptDays',
      value: record.medianReceiptDays === null ? '–' : number(record.medianReceiptDays),
    },
  ];
}

const figureLabel = (t: TFunction<'users'>, key: Figure) => t(`record.${key}`);
/** The completed count, which a page may show elsewhere already and which carries a badge. */
const isCompleted = (key: Figure) => key === 'completed';

/**
 * A member's trading record on their profile: four figures, or "New member" before any accepted
 * trade. `withCompleted={false}` leaves out the completed count where the page shows it already.
 */
export function TradingRecord({
  userId,
  withCompleted = true,
  own = false,
}: {
  userId: string;
  withCompleted?: boolean;
  /** The member's own profile: their completed swaps counted in words ("1 swap") above the figures. */
  own?: boolean;
}) {
  const { t } = useTranslation('users');
  const format = useFormat();
  const { data, isError } = useReliability(userId);
  if (isError) return null;
  if (!data) return <Skeleton className="mx-auto h-12 w-64 sm:mx-0" />;
  if (own && data.completedTrades > 0) {
    return (
      <div className="grid gap-2">
        <p
          className="inline-flex items-center gap-1.5 text-sm font-semibold"
          data-testid="text-profile-own-swaps"
        >
          <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
          {t('record.swaps', { count: data.completedTrades, formatted: format.number(data.completedTrades) })}
        </p>
        <TradingRecord userId={userId} withCompleted={false} />
      </div>
    );
  }
  if (data.isNew) {
    return (
      <p
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground"
        data-testid="text-trading-record-new"
      >
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        {t('record.new')}
      </p>
    );
  }
  return (
    <section aria-label={t('record.title')} data-testid="trading-record">
      <h2 className="sr-only">{t('record.title')}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {figures(data, format.number)
          .filter((figure) => withCompleted || !isCompleted(figure.key))
          .map((figure) => (
            <div key={figure.key} className="flex flex-col-reverse items-center sm:items-start">
              <dt className="text-xs text-muted-foreground">{figureLabel(t, figure.key)}</dt>
              <dd className="inline-flex items-center gap-1 text-base font-semibold tabular-nums">
                {isCompleted(figure.key) ? (
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
