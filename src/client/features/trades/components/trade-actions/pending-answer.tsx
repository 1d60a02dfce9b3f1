import type { TradeRequest } from '@common/api/trades';
import { Check, Repeat, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { AcceptChangedDialog } from '../accept-changed-dialog';
import { AcceptConfirmDialog } from '../accept-confirm-dialog';
import { CounterOfferDialog } from '../counter-offer-dialog';
import { changedItems } from '../terms-changes';
import { Spinner } from './spinner';
import type { TradeActionsProps } from './types';
import { useTradeStatusChange } from './use-trade-status';

/**
 * Pending, and the member did not propose the latest version: they answer it. Accept is the main
 * action (through the changed-terms dialog when items changed since the request), then counter, then
 * decline (the owner) or cancel (the requester).
 */
export function PendingAnswerActions({ trade, partnerName, onAccepted }: TradeActionsProps) {
  const { t } = useTranslation('trades');
  const status = useTradeStatusChange(trade, partnerName, onAccepted);
  const [dialog, setDialog] = useState<'accept' | 'counter' | null>(null);
  // The version the changed-terms dialog opened with: live updates must not swap it under the
  // member's eyes. After a refused accept the dialog follows the latest version.
  const [reviewing, setReviewing] = useState(false);
  const [reviewed, setReviewed] = useState<TradeRequest | null>(null);
  const changed = changedItems(trade).length > 0;
  const review = (open: boolean) => {
    setReviewed(open ? trade : null);
    setReviewing(open);
  };
  const accept = async (seen: TradeRequest = trade) => {
    if (await status.change('accepted', seen)) setReviewing(false);
    else setReviewed(null);
  };
  const incoming = trade.side === 'incoming';
  const refusal = incoming ? 'declined' : 'cancelled';
  const { busy } = status;
  const accepting = status.pending === 'accepted';
  const refusing = status.pending === refusal;

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button
        disabled={busy}
        onClick={() => (changed ? review(true) : setDialog('accept'))}
        aria-haspopup="dialog"
        data-testid={`button-accept-${trade.id}`}
      >
        {accepting ? <Spinner /> : <Check aria-hidden="true" />}
        {trade.offerVersion > 1 ? t('card.acceptCounter') : t('card.accept')}
      </Button>
      <AcceptConfirmDialog
        trade={trade}
        partnerName={partnerName}
        open={dialog === 'accept'}
        onOpenChange={(open) => setDialog(open ? 'accept' : null)}
        onConfirm={() => {
          setDialog(null);
          void accept();
        }}
        busy={busy}
      />
      {changed ? (
        <AcceptChangedDialog
          trade={reviewed ?? trade}
          open={reviewing}
          onOpenChange={review}
          onAccept={() => void accept(reviewed ?? trade)}
          busy={busy}
        />
      ) : null}
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => setDialog('counter')}
        aria-haspopup="dialog"
        data-testid={`button-counter-${trade.id}`}
      >
        <Repeat aria-hidden="true" />
        {t('card.counter')}
      </Button>
      <CounterOfferDialog
        trade={trade}
        partnerName={partnerName}
        open={dialog === 'counter'}
        onOpenChange={(open) => setDialog(open ? 'counter' : null)}
      />
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => void status.change(refusal)}
        data-testid={incoming ? `button-decline-${trade.id}` : `button-cancel-${trade.id}`}
      >
        {refusing ? <Spinner /> : <X aria-hidden="true" />}
        {incoming ? t('card.decline') : t('card.cancelRequest')}
      </Button>
    </div>
  );
}
