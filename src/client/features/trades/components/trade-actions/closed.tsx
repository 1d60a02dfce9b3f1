import type { TradeRequest } from '@common/api/trades';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RatingStars, ReviewForm } from '@client/features/reviews';
import { invalidateTradeRequests } from '../../api';
import { partnerIdOf, type TradeActionsProps } from './types';

/** Disputed: who opened the dispute and why; the swap is on hold, nothing to do. */
export function DisputedState({ trade, partnerName }: TradeActionsProps) {
  const { t } = useTranslation('trades');
  if (!trade.dispute) return null;
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

/** A moderator's decision on the trade's dispute, when there was one. */
function DisputeResolution({ trade }: { trade: TradeRequest }) {
  const { t } = useTranslation('trades');
  if (!trade.dispute?.resolutionNote) return null;
  return (
    <p
      className="rounded-lg bg-muted/70 px-3 py-2 text-sm break-words"
      data-testid={`dispute-resolution-${trade.id}`}
    >
      <span className="font-medium">{t('card.moderatorDecision')}</span> {trade.dispute.resolutionNote}
    </p>
  );
}

/**
 * Cancelled: the moderator's decision when a dispute ended it, else who cancelled (or that it
 * expired) and why. Says nothing for a request withdrawn before acceptance without a reason.
 */
export function CancelledState({ trade, partnerName }: TradeActionsProps) {
  const { t } = useTranslation('trades');
  if (trade.dispute?.resolutionNote) return <DisputeResolution trade={trade} />;
  if (!trade.cancelReason && !trade.acceptedAt) return null;
  const what =
    trade.cancelledById === null
      ? t('card.expired')
      : trade.cancelledById === partnerIdOf(trade)
        ? t('card.partnerCancelled', { name: partnerName })
        : t('card.youCancelled');
  return (
    <p className="text-sm break-words text-muted-foreground" data-testid={`cancel-note-${trade.id}`}>
      {trade.cancelReason
        ? t('card.withReason', { text: what, reason: trade.cancelReason })
        : t('card.withoutReason', { text: what })}
    </p>
  );
}

/** Completed: the member's rating once given, else the review form (after any moderator's decision). */
export function CompletedActions({ trade, partnerName }: TradeActionsProps) {
  const { t } = useTranslation('trades');
  const queryClient = useQueryClient();
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
      <DisputeResolution trade={trade} />
      <ReviewForm
        subject={{ tradeRequestId: trade.id }}
        partnerName={partnerName}
        onReviewed={() => void invalidateTradeRequests(queryClient)}
      />
    </>
  );
}
