import type { TradeItemSummary, TradeOfferItem, TradeRequest } from '@common/api/trades';
import { displayName, initials } from '@common/domain/display-name';
import { receiptState } from '@common/domain/trade-board';
import { timeLeft, tradeStatusBadge } from '@common/domain/trade-state';
import type { TFunction } from 'i18next';
import {
  ArrowLeftRight,
  Check,
  CircleCheck,
  Clock,
  Hourglass,
  LoaderCircle,
  MessageCircle,
  PackageCheck,
  Repeat,
  ShieldAlert,
  Truck,
  X,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useChat } from '@client/features/chat';
import { RatingStars, ReviewForm } from '@client/features/reviews';
import { invalidateTradeRequests, useConfirmReceived, useUpdateTradeStatus } from '../api';
import { AcceptChangedDialog } from './accept-changed-dialog';
import { CancelTradeDialog } from './cancel-trade-dialog';
import { CounterOfferDialog } from './counter-offer-dialog';
import { ShipmentStatus } from './shipment-status';
import { TradeDisputeDialog } from './dispute-dialog';
import { ChangedSinceRequest, changedItems } from './terms-changes';
import { TradeItem } from './trade-item';

/** The other member of a trade, seen from the signed-in member. */
export function tradePartner(trade: TradeRequest) {
  return trade.side === 'incoming' ? trade.requester : trade.owner;
}

/** The item the member sends away in this trade. */
export function myTradeItem(trade: TradeRequest): TradeItemSummary {
  return (trade.side === 'incoming' ? trade.requestedItems : trade.offeredItems)[0];
}

/**
 * One barter request in Barter Management (docs/product.md § Trades): both items as the request's terms
 * hold them, the other party, the message, the status and when it was sent, what changed since the
 * request (while pending), and the actions its status and the member's side allow.
 */
export function TradeCard({
  trade,
  onAccepted,
  onArrangeShipping,
  compact = false,
}: {
  trade: TradeRequest;
  onAccepted: (trade: TradeRequest) => void;
  onArrangeShipping: (trade: TradeRequest) => void;
  /** History entries leave out the message. */
  compact?: boolean;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const partner = tradePartner(trade);
  const partnerName = displayName(partner);
  const partnerFirstName = partner.firstName || partnerName;
  const { messageAbout } = useChat();
  const incoming = trade.side === 'incoming';
  const settled = trade.status === 'declined' || trade.status === 'cancelled';

  return (
    <Card className={cn('overflow-hidden', settled && 'bg-muted/30')} data-testid={`trade-${trade.id}`}>
      <CardContent className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Avatar className="size-9">
            {partner.profileImageUrl ? <AvatarImage src={partner.profileImageUrl} alt="" /> : null}
            <AvatarFallback>{initials(partner)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1 basis-40">
            <p className="text-sm font-medium break-words">
              <Trans
                t={t}
                i18nKey={incoming ? 'card.offerFrom' : 'card.offerTo'}
                values={{ name: partnerName }}
                components={{
                  partner: (
                    <Link
                      href={`/profile?user=${partner.id}`}
                      className="font-semibold text-foreground underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                      data-testid={`link-partner-${trade.id}`}
                    />
                  ),
                }}
              />
            </p>
            <time dateTime={trade.createdAt} className="text-xs text-muted-foreground">
              {format.relative(trade.createdAt)}
            </time>
          </div>
          <Badge variant={tradeStatusBadge(trade.status)} data-testid={`badge-status-${trade.id}`}>
            {t(`card.status.${trade.status}`)}
          </Badge>
          <Button
            variant="outline"
            size="sm"
            onClick={() => messageAbout(partner.id, trade.requestedItemId)}
            aria-label={t('card.messageLabel', { name: partnerName })}
            data-testid={`button-message-trade-${trade.id}`}
          >
            <MessageCircle aria-hidden="true" />
            {t('card.message')}
          </Button>
        </div>

        <div className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-3">
          <TradeSide
            label={(count, total) =>
              incoming
                ? sideLabel(t, 'theyOffer', partnerFirstName, count, total)
                : sideLabel(t, 'youOffer', partnerFirstName, count, total)
            }
            items={trade.offeredItems}
            testId={`trade-side-offered-${trade.id}`}
          />
          <span className="flex justify-center text-muted-foreground" aria-hidden="true">
            <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <ArrowLeftRight className="size-4 rotate-90 sm:rotate-0" />
            </span>
          </span>
          <TradeSide
            label={(count, total) =>
              incoming
                ? sideLabel(t, 'forYours', partnerFirstName, count, total)
                : sideLabel(t, 'forTheirs', partnerFirstName, count, total)
            }
            items={trade.requestedItems}
            testId={`trade-side-requested-${trade.id}`}
          />
        </div>

        <ChangedSinceRequest trade={trade} />

        <OfferHistory trade={trade} partnerName={partnerName} />

        {trade.message && !compact ? (
          <blockquote className="rounded-lg bg-muted/70 px-3 py-2 text-sm break-words text-foreground/90 italic">
            {t('quoted', { text: trade.message })}
          </blockquote>
        ) : null}

        <TradeActions
          trade={trade}
          partnerName={partnerName}
          onAccepted={onAccepted}
          onArrangeShipping={onArrangeShipping}
        />
      </CardContent>
    </Card>
  );
}

function TradeActions({
  trade,
  partnerName,
  onAccepted,
  onArrangeShipping,
}: {
  trade: TradeRequest;
  partnerName: string;
  onAccepted: (trade: TradeRequest) => void;
  onArrangeShipping: (trade: TradeRequest) => void;
}) {
  const { t } = useTranslation('trades');
  const queryClient = useQueryClient();
  const updateStatus = useUpdateTradeStatus();
  const confirmReceived = useConfirmReceived();
  const [dialog, setDialog] = useState<'cancel' | 'dispute' | 'counter' | null>(null);
  const busy = updateStatus.isPending || confirmReceived.isPending;
  const pendingAction = updateStatus.isPending ? updateStatus.variables?.status : undefined;

  // mutateAsync: the card may leave its tab (unmount) when the list updates; the promise still settles.
  const [reviewing, setReviewing] = useState(false);
  // The version the changed-terms dialog opened with: live updates must not swap it under the
  // member's eyes. An accept carries its termsVersion, so a newer change is refused, not accepted
  // unseen; after such a refusal the dialog follows the latest version.
  const [reviewed, setReviewed] = useState<TradeRequest | null>(null);
  const changed = changedItems(trade).length > 0;
  const review = (open: boolean) => {
    setReviewed(open ? trade : null);
    setReviewing(open);
  };

  const changeStatus = async (status: 'accepted' | 'declined' | 'cancelled', seen: TradeRequest = trade) => {
    try {
      await updateStatus.mutateAsync(
        status === 'accepted'
          ? { id: trade.id, status, termsVersion: seen.termsVersion, offerVersion: seen.offerVersion }
          : { id: trade.id, status },
      );
      setReviewing(false);
    } catch {
      // Reported by the mutation's own error handling (see useUpdateTradeStatus).
      setReviewed(null);
      return;
    }
    if (status === 'accepted') {
      toast({
        title: t('card.accepted'),
        description: t('card.acceptedDescription', { name: partnerName }),
      });
      onAccepted(trade);
    } else {
      toast({ title: t(`card.${status}`), description: t('notified', { name: partnerName }) });
    }
  };

  const markReceived = async () => {
    let updated: TradeRequest;
    try {
      updated = await confirmReceived.mutateAsync(trade.id);
    } catch {
      // Reported by the mutation's own error handling (see useConfirmReceived).
      return;
    }
    toast(
      updated.status === 'completed'
        ? {
            title: t('card.completed'),
            description: t('card.completedDescription', { name: partnerName }),
          }
        : {
            title: t('card.markedReceived'),
            description: t('card.markedReceivedDescription', { name: partnerName }),
          },
    );
  };

  const spinner = <LoaderCircle className="animate-spin" aria-hidden="true" />;

  const memberId = trade.side === 'incoming' ? trade.owner.id : trade.requester.id;
  // The party who did not propose the latest version answers it: accept, counter, or say no.
  const mustAnswer = trade.status === 'pending' && trade.offeredById !== memberId;
  const counterDialog = (
    <CounterOfferDialog
      trade={trade}
      partnerName={partnerName}
      open={dialog === 'counter'}
      onOpenChange={(open) => setDialog(open ? 'counter' : null)}
    />
  );

  if (mustAnswer) {
    const incoming = trade.side === 'incoming';
    const accepting = pendingAction === 'accepted';
    const answering = pendingAction === 'declined' || pendingAction === 'cancelled';
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          disabled={busy}
          onClick={() => (changed ? review(true) : void changeStatus('accepted'))}
          aria-haspopup={changed ? 'dialog' : undefined}
          data-testid={`button-accept-${trade.id}`}
        >
          {accepting ? spinner : <Check aria-hidden="true" />}
          {trade.offerVersion > 1 ? t('card.acceptCounter') : t('card.accept')}
        </Button>
        {changed ? (
          <AcceptChangedDialog
            trade={reviewed ?? trade}
            open={reviewing}
            onOpenChange={review}
            onAccept={() => void changeStatus('accepted', reviewed ?? trade)}
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
        {counterDialog}
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void changeStatus(incoming ? 'declined' : 'cancelled')}
          data-testid={incoming ? `button-decline-${trade.id}` : `button-cancel-${trade.id}`}
        >
          {answering ? spinner : <X aria-hidden="true" />}
          {incoming ? t('card.decline') : t('card.cancelRequest')}
        </Button>
      </div>
    );
  }

  if (trade.status === 'pending' && trade.side === 'incoming') {
    const declining = pendingAction === 'declined';
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {t('card.waitingForCounter', { name: partnerName })}
        </p>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void changeStatus('declined')}
          data-testid={`button-decline-${trade.id}`}
        >
          {declining ? spinner : <X aria-hidden="true" />}
          {t('card.decline')}
        </Button>
      </div>
    );
  }

  if (trade.status === 'pending') {
    const cancelling = pendingAction === 'cancelled';
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {t('card.waiting', { name: partnerName })}
        </p>
        <Button
          variant="outline"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={busy}
          onClick={() => void changeStatus('cancelled')}
          data-testid={`button-cancel-${trade.id}`}
        >
          {cancelling ? spinner : <X aria-hidden="true" />}
          {t('card.cancelRequest')}
        </Button>
      </div>
    );
  }

  if (trade.status === 'accepted') {
    const receipt = receiptState(trade);
    const nobodyReceived = !trade.requesterReceived && !trade.ownerReceived;
    return (
      <div className="grid gap-3">
        <ul
          className="grid gap-1.5 text-sm sm:grid-cols-2"
          aria-label={t('card.receiptsLabel')}
          data-testid={`receipt-status-${trade.id}`}
        >
          <ReceiptLine who={t('card.you')} confirmed={receipt.mine} />
          <ReceiptLine who={partnerName} confirmed={receipt.theirs} />
        </ul>
        <ShipmentStatus trade={trade} partnerName={partnerName} />
        {trade.claimDeadline ? (
          <ClaimCountdown
            deadline={trade.claimDeadline}
            mine={receipt.mine}
            partnerName={partnerName}
            tradeId={trade.id}
          />
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            variant="outline"
            onClick={() => onArrangeShipping(trade)}
            data-testid={`button-arrange-shipping-${trade.id}`}
          >
            <Truck aria-hidden="true" />
            {t('card.arrangeShipping')}
          </Button>
          <Button
            disabled={busy || receipt.mine}
            onClick={() => void markReceived()}
            data-testid={`button-mark-received-${trade.id}`}
          >
            {confirmReceived.isPending ? spinner : <PackageCheck aria-hidden="true" />}
            {receipt.mine ? t('card.youMarkedReceived') : t('card.markReceived')}
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

  if (trade.status === 'disputed' && trade.dispute) {
    const mine = trade.dispute.openedById !== partnerIdOf(trade);
    const reason = t(`disputeReasons.${trade.dispute.reason}`).toLowerCase();
    return (
      <div
        className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
        data-testid={`dispute-state-${trade.id}`}
      >
        <p className="inline-flex items-center gap-1.5 font-medium">
          <ShieldAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          {mine
            ? t('card.youOpenedDispute', { reason })
            : t('card.partnerOpenedDispute', { name: partnerName, reason })}
        </p>
        <p className="break-words text-muted-foreground">{t('quoted', { text: trade.dispute.text })}</p>
        <p className="text-muted-foreground">{t('card.onHold')}</p>
      </div>
    );
  }

  const resolution = trade.dispute?.resolutionNote ? (
    <p
      className="rounded-lg bg-muted/70 px-3 py-2 text-sm break-words"
      data-testid={`dispute-resolution-${trade.id}`}
    >
      <span className="font-medium">{t('card.moderatorDecision')}</span> {trade.dispute.resolutionNote}
    </p>
  ) : null;

  if (trade.status === 'cancelled' && (trade.cancelReason || resolution || trade.acceptedAt)) {
    const what =
      trade.cancelledById === null
        ? t('card.expired')
        : trade.cancelledById === partnerIdOf(trade)
          ? t('card.partnerCancelled', { name: partnerName })
          : t('card.youCancelled');
    return (
      resolution ?? (
        <p className="text-sm break-words text-muted-foreground" data-testid={`cancel-note-${trade.id}`}>
          {trade.cancelReason
            ? t('card.withReason', { text: what, reason: trade.cancelReason })
            : t('card.withoutReason', { text: what })}
        </p>
      )
    );
  }

  if (trade.status === 'completed') {
    if (trade.myReview) {
      return (
        <p
          className="inline-flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
          data-testid={`text-my-rating-${trade.id}`}
        >
          <RatingStars rating={trade.myReview.rating} label={t('card.yourRating')} />
          {t('card.youRated', { rating: trade.myReview.rating })}
        </p>
      );
    }
    return (
      <>
        {resolution}
        <ReviewForm
          subject={{ tradeRequestId: trade.id }}
          partnerName={partnerName}
          onReviewed={() => void invalidateTradeRequests(queryClient)}
        />
      </>
    );
  }

  return null;
}

function partnerIdOf(trade: TradeRequest) {
  return tradePartner(trade).id;
}

/** The claim window: how long the member (or the partner) has left before the trade completes itself. */
function ClaimCountdown({
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

function ReceiptLine({ who, confirmed }: { who: string; confirmed: boolean }) {
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

type SideKey = 'theyOffer' | 'youOffer' | 'forYours' | 'forTheirs';

/**
 * A side's caption: "You offer" above a single item; "You offer 3 items · $120.00" above a bundle
 * (`total` is then the side's formatted value).
 */
function sideLabel(t: TFunction<'trades'>, key: SideKey, name: string, count: number, total: string) {
  return count === 1 ? t(`card.${key}`, { name }) : t(`card.bundle.${key}`, { name, count, total });
}

/** One side of a trade: its item, or each item of a bundle. */
function TradeSide({
  label,
  items,
  testId,
}: {
  /** The caption for `count` items worth `total` (formatted). */
  label: (count: number, total: string) => string;
  items: TradeItemSummary[];
  testId: string;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  if (items.length === 1 && items[0]) return <TradeItem label={label(1, '')} item={items[0]} />;
  const total = items.reduce((sum, item) => sum + item.estimatedValue, 0);
  return (
    <div className="grid min-w-0 gap-1.5" data-testid={testId}>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {label(items.length, format.money(total))}
      </p>
      {items.map((item, index) => (
        <TradeItem
          key={item.id}
          label={t('card.bundleIndex', { index: index + 1, total: items.length })}
          item={item}
        />
      ))}
    </div>
  );
}

/** Every version of the offer once there was a counter-offer: who proposed what, newest last. */
function OfferHistory({ trade, partnerName }: { trade: TradeRequest; partnerName: string }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  if (trade.offers.length < 2) return null;
  const memberId = trade.side === 'incoming' ? trade.owner.id : trade.requester.id;
  const titles = (items: TradeOfferItem[]) => items.map((item) => item.title).join(', ');
  return (
    <details className="rounded-lg border px-3 py-2 text-sm" data-testid={`offer-history-${trade.id}`}>
      <summary className="cursor-pointer font-medium">
        {t('card.history.summary', { count: trade.offers.length })}
      </summary>
      <ol className="mt-2 grid gap-2">
        {trade.offers.map((offer) => {
          const latest = offer.version === trade.offerVersion;
          const byMe = offer.proposedById === memberId;
          const name =
            offer.version === 1
              ? t('card.history.request')
              : t('card.history.counterOffer', { number: offer.version - 1 });
          return (
            <li
              key={offer.version}
              className={cn('grid gap-0.5 rounded-md p-2', latest ? 'bg-secondary/60' : 'bg-muted/40')}
              data-testid={`offer-version-${trade.id}-${offer.version}`}
            >
              <p className="text-xs text-muted-foreground">
                {byMe
                  ? t('card.history.byYou', { offer: name })
                  : t('card.history.byPartner', { offer: name, name: partnerName })}{' '}
                · {format.relative(offer.createdAt)}
                {latest ? ` · ${t('card.history.latest')}` : ''}
              </p>
              <p className="break-words">
                {titles(offer.offeredItems)}{' '}
                <span className="text-muted-foreground">{t('card.history.for')}</span>{' '}
                {titles(offer.requestedItems)}
              </p>
              {offer.message ? (
                <p className="text-xs break-words text-muted-foreground italic">
                  {t('quoted', { text: offer.message })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
