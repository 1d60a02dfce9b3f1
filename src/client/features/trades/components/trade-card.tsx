import type { TradeItemSummary, TradeRequest } from '@common/api/trades';
import { displayName, initials } from '@common/domain/display-name';
import { relativeTime } from '@common/domain/relative-time';
import { receiptState } from '@common/domain/trade-board';
import { tradeStatusBadge } from '@common/domain/trade-state';
import {
  ArrowLeftRight,
  Check,
  CircleCheck,
  Clock,
  LoaderCircle,
  PackageCheck,
  Truck,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Avatar, AvatarFallback } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { RatingStars } from '@client/features/reviews/components/rating-stars';
import { ReviewForm } from '@client/features/reviews/components/review-form';
import { useConfirmReceived, useUpdateTradeStatus } from '../api';
import { reportMutationError } from '../report-error';
import { AcceptChangedDialog } from './accept-changed-dialog';
import { ChangedSinceRequest, changedItems } from './terms-changes';
import { TradeItem } from './trade-item';

const STATUS_LABELS: Record<TradeRequest['status'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** The other member of a trade, seen from the signed-in member. */
export function tradePartner(trade: TradeRequest) {
  return trade.side === 'incoming' ? trade.requester : trade.owner;
}

/** The item the member sends away in this trade. */
export function myTradeItem(trade: TradeRequest): TradeItemSummary {
  return trade.side === 'incoming' ? trade.requestedItem : trade.offeredItem;
}

/**
 * One barter request in Barter Management (spec §2): both items as the request's terms hold them,
 * the other party, the message, the status and when it was sent, what changed since the request
 * (while pending), and the actions its status and the member's side allow.
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
  const partner = tradePartner(trade);
  const partnerName = displayName(partner);
  const incoming = trade.side === 'incoming';
  const settled = trade.status === 'declined' || trade.status === 'cancelled';

  return (
    <Card className={cn('overflow-hidden', settled && 'bg-muted/30')} data-testid={`trade-${trade.id}`}>
      <CardContent className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Avatar className="size-9">
            <AvatarFallback>{initials(partner)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words">
              {incoming ? 'Offer from ' : 'Your offer to '}
              <Link
                href={`/profile?user=${partner.id}`}
                className="font-semibold text-foreground underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                data-testid={`link-partner-${trade.id}`}
              >
                {partnerName}
              </Link>
            </p>
            <time dateTime={trade.createdAt} className="text-xs text-muted-foreground">
              {relativeTime(trade.createdAt)}
            </time>
          </div>
          <Badge variant={tradeStatusBadge(trade.status)} data-testid={`badge-status-${trade.id}`}>
            {STATUS_LABELS[trade.status]}
          </Badge>
        </div>

        <div className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-3">
          <TradeItem
            label={incoming ? `${partner.firstName || partnerName} offers` : 'You offer'}
            item={trade.offeredItem}
          />
          <span className="flex justify-center text-muted-foreground" aria-hidden="true">
            <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <ArrowLeftRight className="size-4 rotate-90 sm:rotate-0" />
            </span>
          </span>
          <TradeItem
            label={incoming ? 'For your' : `For ${partner.firstName || partnerName}'s`}
            item={trade.requestedItem}
          />
        </div>

        <ChangedSinceRequest trade={trade} />

        {trade.message && !compact ? (
          <blockquote className="rounded-lg bg-muted/70 px-3 py-2 text-sm break-words text-foreground/90 italic">
            “{trade.message}”
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
  const updateStatus = useUpdateTradeStatus();
  const confirmReceived = useConfirmReceived();
  const busy = updateStatus.isPending || confirmReceived.isPending;
  const pendingAction = updateStatus.isPending ? updateStatus.variables?.status : undefined;

  // mutateAsync: the card may leave its tab (unmount) when the list updates; the promise still settles.
  const [reviewing, setReviewing] = useState(false);
  const changed = changedItems(trade).length > 0;

  const changeStatus = async (status: 'accepted' | 'declined' | 'cancelled') => {
    try {
      await updateStatus.mutateAsync(
        status === 'accepted'
          ? { id: trade.id, status, termsVersion: trade.termsVersion }
          : { id: trade.id, status },
      );
      setReviewing(false);
    } catch (error) {
      reportMutationError(error, 'Failed to update barter request', 'Please try again.');
      return;
    }
    if (status === 'accepted') {
      toast({
        title: 'Barter request accepted!',
        description: `${partnerName} will be notified, and you can now arrange shipping.`,
      });
      onAccepted(trade);
    } else if (status === 'declined') {
      toast({ title: 'Barter request declined', description: `${partnerName} will be notified.` });
    } else {
      toast({ title: 'Barter request cancelled', description: `${partnerName} will be notified.` });
    }
  };

  const markReceived = async () => {
    let updated: TradeRequest;
    try {
      updated = await confirmReceived.mutateAsync(trade.id);
    } catch (error) {
      reportMutationError(error, 'Failed to mark as received', 'Please try again.');
      return;
    }
    toast(
      updated.status === 'completed'
        ? {
            title: 'Trade completed!',
            description: `Both items have arrived. Leave a review for ${partnerName}.`,
          }
        : {
            title: 'Marked as received',
            description: `The trade completes once ${partnerName} confirms receiving their item too.`,
          },
    );
  };

  const spinner = <LoaderCircle className="animate-spin" aria-hidden="true" />;

  if (trade.status === 'pending' && trade.side === 'incoming') {
    return (
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          disabled={busy}
          onClick={() => (changed ? setReviewing(true) : void changeStatus('accepted'))}
          aria-haspopup={changed ? 'dialog' : undefined}
          data-testid={`button-accept-${trade.id}`}
        >
          {pendingAction === 'accepted' ? spinner : <Check aria-hidden="true" />}
          Accept Barter
        </Button>
        {changed ? (
          <AcceptChangedDialog
            trade={trade}
            open={reviewing}
            onOpenChange={setReviewing}
            onAccept={() => void changeStatus('accepted')}
            busy={busy}
          />
        ) : null}
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void changeStatus('declined')}
          data-testid={`button-decline-${trade.id}`}
        >
          {pendingAction === 'declined' ? spinner : <X aria-hidden="true" />}
          Decline
        </Button>
      </div>
    );
  }

  if (trade.status === 'pending') {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          Waiting for {partnerName} to respond
        </p>
        <Button
          variant="outline"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={busy}
          onClick={() => void changeStatus('cancelled')}
          data-testid={`button-cancel-${trade.id}`}
        >
          {pendingAction === 'cancelled' ? spinner : <X aria-hidden="true" />}
          Cancel request
        </Button>
      </div>
    );
  }

  if (trade.status === 'accepted') {
    const receipt = receiptState(trade);
    return (
      <div className="grid gap-3">
        <ul
          className="grid gap-1.5 text-sm sm:grid-cols-2"
          aria-label="Receipt confirmations"
          data-testid={`receipt-status-${trade.id}`}
        >
          <ReceiptLine who="You" confirmed={receipt.mine} />
          <ReceiptLine who={partnerName} confirmed={receipt.theirs} />
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="outline"
            onClick={() => onArrangeShipping(trade)}
            data-testid={`button-arrange-shipping-${trade.id}`}
          >
            <Truck aria-hidden="true" />
            Arrange Shipping
          </Button>
          <Button
            disabled={busy || receipt.mine}
            onClick={() => void markReceived()}
            data-testid={`button-mark-received-${trade.id}`}
          >
            {confirmReceived.isPending ? spinner : <PackageCheck aria-hidden="true" />}
            {receipt.mine ? 'You marked it received' : 'Mark as received'}
          </Button>
        </div>
      </div>
    );
  }

  if (trade.status === 'completed') {
    if (trade.myReview) {
      return (
        <p
          className="inline-flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
          data-testid={`text-my-rating-${trade.id}`}
        >
          <RatingStars rating={trade.myReview.rating} label="Your rating" />
          You rated {trade.myReview.rating}/5
        </p>
      );
    }
    return <ReviewForm tradeId={trade.id} partnerName={partnerName} />;
  }

  return null;
}

function ReceiptLine({ who, confirmed }: { who: string; confirmed: boolean }) {
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
        <span className="font-medium">{who}</span>: {confirmed ? 'received' : 'not received yet'}
      </span>
    </li>
  );
}
