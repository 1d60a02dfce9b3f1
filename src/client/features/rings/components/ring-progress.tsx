import type { Ring, RingLeg } from '@common/api/rings';
import { canDisputeRing } from '@common/domain/ring-state';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, PackageCheck, ShieldAlert, Star, Truck } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { RatingStars, ReviewForm } from '@client/features/reviews';
import { DisputeDialog, ReceiveDialog } from '@client/features/trades';
import { RINGS_URL, useConfirmRingReceived, useMarkRingSent, useOpenRingDispute } from '../api';

/** Where one leg stands (the key of its words under progress.*): the receiver's side of it. */
function legState(
  leg: RingLeg,
  status: Ring['status'],
): {
  words: 'disputed' | 'reviewed' | 'received' | 'sent' | 'late' | 'waiting';
  tone: 'done' | 'problem' | 'waiting';
} {
  if (leg.disputed) return { words: 'disputed', tone: 'problem' };
  if (status === 'completed' && leg.reviewed) return { words: 'reviewed', tone: 'done' };
  if (leg.received || status === 'completed') return { words: 'received', tone: 'done' };
  if (leg.sentAt) return { words: 'sent', tone: 'waiting' };
  if (leg.late) return { words: 'late', tone: 'problem' };
  return { words: 'waiting', tone: 'waiting' };
}

const toneIcon = {
  done: <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />,
  problem: <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />,
  waiting: <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />,
};

/**
 * An accepted, disputed or completed ring, member by member: who sends what to whom and whether it
 * arrived, was disputed or reviewed; the member's disputes with the moderator's note; and their own
 * next step: report a problem with what they receive, or review the member they received from.
 */
export function RingProgress({ ring, memberId }: { ring: Ring; memberId: string }) {
  const { t } = useTranslation('rings');
  const [reporting, setReporting] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const openDispute = useOpenRingDispute();
  const markSent = useMarkRingSent();
  const receive = useConfirmRingReceived();
  const give = ring.legs[ring.myGiveLeg];
  const queryClient = useQueryClient();
  const get = ring.legs[ring.myGetLeg];
  const claimDeadline = ring.claimDeadline ? new Date(ring.claimDeadline) : null;
  const canReport = get ? canDisputeRing(ring.status, get.received, claimDeadline, new Date()) : false;
  const canReview = ring.status === 'completed' && ring.myReview === null && get !== undefined;
  const accepted = ring.status === 'accepted';
  // "I received it" waits until the giver marked the item sent, or their deadline passed.
  const canReceive = accepted && get !== undefined && !get.received && (get.sentAt !== null || get.late);
  const mustSend = accepted && give !== undefined && give.sentAt === null;
  return (
    <div className="space-y-3">
      <ul className="space-y-1.5 text-sm" aria-label={t('progress.label')} data-testid="ring-progress">
        {ring.legs.map((leg) => {
          const state = legState(leg, ring.status);
          const receiver = leg.receiver.id === memberId ? t('progress.you') : leg.receiver.firstName;
          const giver = leg.giver.id === memberId ? t('progress.youLower') : leg.giver.firstName;
          return (
            <li
              key={leg.position}
              className="flex items-start gap-2"
              data-testid={`ring-progress-${leg.position}`}
            >
              {toneIcon[state.tone]}
              <span>
                <Trans
                  t={t}
                  i18nKey="progress.leg"
                  values={{ title: leg.item.title, giver, state: t(`progress.${state.words}`) }}
                  components={{ receiver: <span className="font-medium">{receiver}</span> }}
                />
              </span>
            </li>
          );
        })}
      </ul>
      {ring.disputes.map((dispute) => (
        <div key={dispute.id} className="rounded-lg border border-destructive/40 p-3 text-sm" role="note">
          <p className="flex items-center gap-2 font-medium">
            <ShieldAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
            {t(`disputeReasons.${dispute.reason}`)}
            {dispute.openedById === memberId ? t('progress.yourReport') : t('progress.aboutYourItem')}
          </p>
          <p className="mt-1 break-words text-muted-foreground">
            {t('progress.disputeText', { text: dispute.text })}
          </p>
          {dispute.resolutionNote ? (
            <p className="mt-1">
              {t('progress.resolution', {
                outcome:
                  dispute.outcome === 'completed'
                    ? t('progress.foundDelivered')
                    : t('progress.cancelledRing'),
                note: dispute.resolutionNote,
              })}
            </p>
          ) : (
            <p className="mt-1">{t('progress.pending')}</p>
          )}
        </div>
      ))}
      {ring.myReview ? (
        <p
          className="inline-flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
          data-testid="ring-my-rating"
        >
          <RatingStars rating={ring.myReview.rating} label={t('progress.yourRating')} />
          {t('progress.youRated', { name: get?.giver.firstName ?? '', rating: ring.myReview.rating })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {mustSend ? (
          <Button
            disabled={markSent.isPending}
            onClick={() => markSent.mutate(ring.id)}
            data-testid="button-ring-sent"
          >
            <Truck aria-hidden="true" />
            {t('progress.markSent', { title: give?.item.title ?? '' })}
          </Button>
        ) : null}
        {canReceive ? (
          <Button
            variant={mustSend ? 'outline' : 'default'}
            className="h-auto min-h-10 max-w-full shrink text-left whitespace-normal"
            onClick={() => setReceiving(true)}
            aria-haspopup="dialog"
            data-testid="button-ring-received"
          >
            <PackageCheck aria-hidden="true" />
            {t('card.received', { title: get?.item.title ?? '' })}
          </Button>
        ) : null}
        {canReport ? (
          <Button variant="outline" onClick={() => setReporting(true)} data-testid="button-ring-report">
            <ShieldAlert aria-hidden="true" />
            {t('progress.report')}
          </Button>
        ) : null}
        {canReview && !reviewing ? (
          <Button onClick={() => setReviewing(true)} data-testid="button-ring-review">
            <Star aria-hidden="true" />
            {t('progress.review')}
          </Button>
        ) : null}
      </div>
      {canReview && reviewing && get ? (
        <ReviewForm
          subject={{ ringId: ring.id }}
          partnerName={get.giver.firstName}
          onReviewed={() => void queryClient.invalidateQueries({ queryKey: [RINGS_URL] })}
        />
      ) : null}
      {get ? (
        <ReceiveDialog
          open={receiving}
          onOpenChange={setReceiving}
          pending={receive.isPending}
          what={get.item.title}
          onYes={() => receive.mutate(ring.id, { onSuccess: () => setReceiving(false) })}
          onNo={() => {
            setReceiving(false);
            setReporting(true);
          }}
        />
      ) : null}
      {get ? (
        <DisputeDialog
          subject="swap ring"
          partnerName={get.giver.firstName}
          open={reporting}
          onOpenChange={setReporting}
          pending={openDispute.isPending}
          onSubmit={(input) => openDispute.mutateAsync({ id: ring.id, ...input })}
        />
      ) : null}
    </div>
  );
}
