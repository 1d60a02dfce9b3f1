import type { TradeRequest } from '@common/api/trades';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A giveaway handover: the owner gives, the requester gives nothing (docs/decisions/027-giveaway-handovers.md). */
export const isHandover = (trade: Pick<TradeRequest, 'offeredItemId'>) => trade.offeredItemId === null;

/** The requester's side of a giveaway handover, where a barter shows the items offered. */
export function HandoverNothingSide({ testId }: { testId: string }) {
  const { t } = useTranslation('trades');
  return (
    <div
      className="flex min-w-0 items-center gap-3 rounded-lg border border-dashed p-3 text-sm"
      data-testid={testId}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-secondary-foreground">
        <Gift className="size-5" aria-hidden="true" />
      </span>
      <span className="grid min-w-0">
        <span className="font-medium">{t('card.nothingInReturn')}</span>
        <span className="text-xs text-muted-foreground">{t('card.nothingInReturnHint')}</span>
      </span>
    </div>
  );
}
