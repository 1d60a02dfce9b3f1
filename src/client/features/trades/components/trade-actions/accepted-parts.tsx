import { timeLeft } from '@common/domain/trade-state';
import { CircleCheck, Clock, Hourglass } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';

/** The claim window: how long the member (or the partner) has left before the trade completes itself. */
export function ClaimCountdown({
  deadline,
  mine,
  partnerName,
  tradeId,
}: {
  deadline: string;
  mine: boolean;
  partnerName: string;
  tradeId: string;
}) {
  const { t } = useTranslation('trades');
  const left = timeLeft(new Date(deadline), new Date());
  const hours = left ? t('card.hours', { count: left.hours }) : '';
  const span = !left
    ? null
    : left.days > 0
      ? t('card.daysAndHours', { days: t('card.days', { count: left.days }), hours })
      : hours;
  return (
    <p
      className="inline-flex items-start gap-1.5 rounded-lg bg-secondary/60 px-3 py-2 text-sm"
      data-testid={`claim-countdown-${tradeId}`}
    >
      <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {!span
          ? t('card.claimClosed')
          : mine
            ? t('card.claimPartner', { name: partnerName, span })
            : t('card.claimMine', { span })}
      </span>
    </p>
  );
}

/** One party's receipt: confirmed, or not yet. */
export function ReceiptLine({ who, confirmed }: { who: string; confirmed: boolean }) {
  const { t } = useTranslation('trades');
  return (
    <li
      className={cn('inline-flex items-center gap-1.5', confirmed ? 'text-primary' : 'text-muted-foreground')}
    >
      {confirmed ? (
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Clock className="size-4 shrink-0" aria-hidden="true" />
      )}
      <span>
        <Trans
          t={t}
          i18nKey={confirmed ? 'card.received' : 'card.notReceived'}
          values={{ who }}
          components={{ b: <span className="font-medium" /> }}
        />
      </span>
    </li>
  );
}
