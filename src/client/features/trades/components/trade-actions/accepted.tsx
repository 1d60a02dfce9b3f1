import type { TradeRequest } from '@common/api/trades';
import { receiptState } from '@common/domain/trade-board';
import { PackageCheck, ShieldAlert, Truck, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { PostageSection } from '@client/features/exchange';
import { MeetupSection, useMeetup } from '@client/features/meetups';
import { useConfirmReceived, useMarkSent } from '../../api';
import { sendingState } from '../../next-step';
import { CancelTradeDialog } from '../cancel-trade-dialog';
import { TradeDisputeDialog } from '../dispute-dialog';
import { ReceiveDialog } from '../receive-dialog';
import { isHandover } from '../handover-side';
import { ClaimCountdown, ReceiptLine } from './accepted-parts';
import { Spinner } from './spinner';
import type { TradeActionsProps } from './types';

/** How an accepted trade's items travel, as far as the card's main action is concerned. */
export type HandoverWay = 'post' | 'meetup';

/** What an accepted trade's buttons are: each is the main one, a secondary one, or absent. */
export interface AcceptedButtons {
  send: 'main' | 'secondary' | null;
  receive: 'main' | 'secondary' | null;
}

/**
 * The accepted trade's "I sent my items" and "I received it" buttons (docs/product.md § Trades).
 *
 * By post, "I sent my items" is the main action until the member sent; "I received it" is offered
 * once the partner sent or their deadline passed (sendingState.canConfirmReceipt, the server's
 * receiptOpenTo), and becomes the main action once the member sent.
 *
 * With an agreed meet-up the handover is the main action (the meet-up section: show your code,
 * enter theirs, which confirms receipt on the spot), so neither button is: sending by post stays
 * a secondary path while the member has not sent or handed over (the server's markTradeSent accepts
 * it for any accepted trade), and so does "I received it" when the partner posted their items.
 */
export function acceptedButtons(
  trade: TradeRequest,
  way: HandoverWay,
  now: Date = new Date(),
): AcceptedButtons {
  const sending = sendingState(trade, now);
  const receivable = sending.canConfirmReceipt && !receiptState(trade).mine;
  if (way === 'meetup') {
    return { send: sending.mySentAt ? null : 'secondary', receive: receivable ? 'secondary' : null };
  }
  return {
    send: sending.mySentAt ? null : 'main',
    receive: receivable ? (sending.mySentAt ? 'main' : 'secondary') : null,
  };
}

/** An accepted trade: by post, or in person once a meet-up is agreed. */
export function AcceptedActions(props: TradeActionsProps) {
  const meetup = useMeetup(props.trade.id).data;
  return meetup?.meetup?.status === 'accepted' ? (
    <AcceptedMeetupActions {...props} />
  ) : (
    <AcceptedPostActions {...props} />
  );
}

/** Accepted, items travelling by post (or not yet agreed): postage, then the optional meet-up. */
export function AcceptedPostActions(props: TradeActionsProps) {
  return (
    <AcceptedTrade {...props} way="post">
      <PostageSection trade={props.trade} />
      <MeetupSection trade={props.trade} />
    </AcceptedTrade>
  );
}

/**
 * Accepted with an agreed meet-up: the meet-up and its handover come first (the main action);
 * postage follows as the other way, should the members not meet after all.
 */
export function AcceptedMeetupActions(props: TradeActionsProps) {
  return (
    <AcceptedTrade {...props} way="meetup">
      <MeetupSection trade={props.trade} />
      <PostageSection trade={props.trade} />
    </AcceptedTrade>
  );
}

/** What both ways share: receipts, the sections (`children`), the claim window, and the buttons. */
function AcceptedTrade({
  trade,
  partnerName,
  onArrangeShipping,
  way,
  children,
}: TradeActionsProps & { way: HandoverWay; children: ReactNode }) {
  const { t } = useTranslation('trades');
  const confirmReceived = useConfirmReceived();
  const markSent = useMarkSent();
  const [dialog, setDialog] = useState<'cancel' | 'dispute' | 'receive' | null>(null);
  const busy = confirmReceived.isPending || markSent.isPending;
  const receipt = receiptState(trade);
  // A giveaway handover: its giver (the owner, incoming) and its receiver.
  const handoverGiver = isHandover(trade) && trade.side === 'incoming';
  const handoverReceiver = isHandover(trade) && trade.side !== 'incoming';
  const sending = sendingState(trade);
  const buttons = acceptedButtons(trade, way);
  // With a meet-up agreed, sending is the other way: by post, instead. A giver sends a gift.
  const sendLabel = handoverGiver
    ? t(way === 'meetup' ? 'sending.markSentGiftByPost' : 'sending.markSentGift')
    : t(way === 'meetup' ? 'sending.markSentByPost' : 'sending.markSent');
  const nobodyReceived = !trade.requesterReceived && !trade.ownerReceived;
  const gets = (trade.side === 'incoming' ? trade.offeredItems : trade.requestedItems)
    .map((item) => item.title)
    .join(', ');

  const sendItems = async () => {
    try {
      await markSent.mutateAsync(trade.id);
    } catch {
      return;
    }
    toast({ title: t('sending.markedSent'), description: t('notified', { name: partnerName }) });
  };

  const markReceived = async () => {
    let updated: TradeRequest;
    try {
      updated = await confirmReceived.mutateAsync(trade.id);
    } catch {
      // Reported by the mutation's own error handling (see useConfirmReceived).
      return;
    }
    setDialog(null);
    toast(
      updated.status === 'completed'
        ? { title: t('card.completed'), description: t('card.completedDescription', { name: partnerName }) }
        : {
            title: t('card.markedReceived'),
            description: t('card.markedReceivedDescription', { name: partnerName }),
          },
    );
  };

  return (
    <div className="grid gap-3">
      <ul
        className="grid gap-1.5 text-sm sm:grid-cols-2"
        aria-label={t('card.receiptsLabel')}
        data-testid={`receipt-status-${trade.id}`}
      >
        {/* A giveaway handover's giver receives nothing: only the receiver's line. */}
        {handoverGiver ? null : <ReceiptLine who={t('card.you')} confirmed={receipt.mine} />}
        {handoverReceiver ? null : <ReceiptLine who={partnerName} confirmed={receipt.theirs} />}
      </ul>
      {children}
      {trade.claimDeadline ? (
        <ClaimCountdown
          deadline={trade.claimDeadline}
          mine={receipt.mine}
          partnerName={partnerName}
          tradeId={trade.id}
        />
      ) : null}
      {sending.partnerLate && nobodyReceived ? (
        <p className="text-sm text-muted-foreground" data-testid={`text-partner-late-${trade.id}`}>
          {t('sending.partnerLate', { name: partnerName })}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {buttons.send ? (
          <Button
            variant={buttons.send === 'main' ? 'default' : 'outline'}
            disabled={busy}
            onClick={() => void sendItems()}
            data-testid={`button-mark-sent-${trade.id}`}
          >
            {markSent.isPending ? <Spinner /> : <Truck aria-hidden="true" />}
            {sendLabel}
          </Button>
        ) : null}
        {buttons.receive ? (
          <Button
            variant={buttons.receive === 'main' ? 'default' : 'outline'}
            disabled={busy}
            onClick={() => setDialog('receive')}
            aria-haspopup="dialog"
            data-testid={`button-mark-received-${trade.id}`}
          >
            <PackageCheck aria-hidden="true" />
            {t('card.markReceived')}
          </Button>
        ) : null}
        <Button
          variant="outline"
          onClick={() => onArrangeShipping(trade)}
          data-testid={`button-arrange-shipping-${trade.id}`}
        >
          <Truck aria-hidden="true" />
          {t('card.arrangeShipping')}
        </Button>
        {receipt.mine ? null : (
          <Button
            variant="outline"
            onClick={() => setDialog('dispute')}
            data-testid={`button-open-dispute-${trade.id}`}
          >
            <ShieldAlert aria-hidden="true" />
            {t('card.openDispute')}
          </Button>
        )}
        {nobodyReceived ? (
          <Button
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => setDialog('cancel')}
            data-testid={`button-cancel-trade-${trade.id}`}
          >
            <X aria-hidden="true" />
            {t('card.cancelTrade')}
          </Button>
        ) : null}
      </div>
      <ReceiveDialog
        open={dialog === 'receive'}
        onOpenChange={(open) => setDialog(open ? 'receive' : null)}
        onYes={() => void markReceived()}
        onNo={() => setDialog('dispute')}
        pending={confirmReceived.isPending}
        what={gets}
      />
      <CancelTradeDialog
        trade={trade}
        partnerName={partnerName}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
      />
      <TradeDisputeDialog
        trade={trade}
        partnerName={partnerName}
        open={dialog === 'dispute'}
        onOpenChange={(open) => setDialog(open ? 'dispute' : null)}
      />
    </div>
  );
}
