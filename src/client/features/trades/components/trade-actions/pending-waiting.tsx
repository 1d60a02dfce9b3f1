import { Clock, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Spinner } from './spinner';
import type { TradeActionsProps } from './types';
import { useTradeStatusChange } from './use-trade-status';

/**
 * Pending, incoming, and the owner sent the latest counter-offer: they wait for the requester's
 * answer and may still decline.
 */
export function PendingIncomingWaitingActions({ trade, partnerName, onAccepted }: TradeActionsProps) {
  const { t } = useTranslation('trades');
  const status = useTradeStatusChange(trade, partnerName, onAccepted);
  return (
    <WaitingRow
      text={t('card.waitingForCounter', { name: partnerName })}
      status={status}
      to="declined"
      label={t('card.decline')}
      testId={`button-decline-${trade.id}`}
    />
  );
}

/** Pending, outgoing, and the requester's version is on the table: they wait and may cancel. */
export function PendingOutgoingWaitingActions({ trade, partnerName, onAccepted }: TradeActionsProps) {
  const { t } = useTranslation('trades');
  const status = useTradeStatusChange(trade, partnerName, onAccepted);
  return (
    <WaitingRow
      text={t('card.waiting', { name: partnerName })}
      status={status}
      to="cancelled"
      label={t('card.cancelRequest')}
      testId={`button-cancel-${trade.id}`}
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
    />
  );
}

/** "Waiting for …" beside the one way out of the wait (decline or cancel). */
function WaitingRow(props: {
  text: string;
  status: ReturnType<typeof useTradeStatusChange>;
  to: 'declined' | 'cancelled';
  label: string;
  testId: string;
  className?: string;
}) {
  const { status } = props;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        {props.text}
      </p>
      <Button
        variant="outline"
        className={props.className}
        disabled={status.busy}
        onClick={() => void status.change(props.to)}
        data-testid={props.testId}
      >
        {status.pending === props.to ? <Spinner /> : <X aria-hidden="true" />}
        {props.label}
      </Button>
    </div>
  );
}
