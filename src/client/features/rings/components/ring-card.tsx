import { useHashTarget } from '@client/lib/hash-target';
import type { Ring, RingLeg } from '@common/api/rings';
import { ArrowDown, ArrowRight, Check, Clock, Gift, MessagesSquare, Package, Undo2, X } from 'lucide-react';
import { ringPath } from '@common/domain/notification-links';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { useChat } from '@client/features/chat';
import { useFormat } from '@client/i18n/format';
import { useAnswerRing } from '../api';
import { RingPostageSection } from '@client/features/exchange';
import { RingProgress } from './ring-progress';
import { ringExplanationText } from '../ring-reasons';

/**
 * What is left until `until`: whole days from 48 hours on, then hours, then minutes (the
 * catalogue's duration.days / hours / minutes: '3 days', '31 h', '25 min'), or null once the
 * moment passed.
 */
function timeLeft(
  until: string,
  now = Date.now(),
): { unit: 'days' | 'hours' | 'minutes'; count: number } | null {
  const ms = new Date(until).getTime() - now;
  if (ms <= 0) return null;
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 48) return { unit: 'days', count: Math.floor(hours / 24) };
  if (hours >= 1) return { unit: 'hours', count: hours };
  return { unit: 'minutes', count: Math.max(1, Math.round(ms / 60_000)) };
}

function LegTile({ leg, isMine }: { leg: RingLeg; isMine: boolean }) {
  const { t } = useTranslation('rings');
  const format = useFormat();
  const photo = leg.item.images[0];
  return (
    <figure
      className={`flex w-full min-w-0 items-center gap-3 rounded-lg border p-2 sm:w-44 sm:flex-col sm:items-stretch ${isMine ? 'border-primary bg-primary/5' : 'bg-card'}`}
      data-testid={`ring-leg-${leg.position}`}
    >
      {photo ? (
        <img
          src={photo}
          alt={leg.item.title}
          className="size-16 shrink-0 rounded-md object-cover sm:aspect-square sm:size-auto sm:w-full"
        />
      ) : (
        <div className="flex size-16 shrink-0 items-center justify-center rounded-md bg-muted sm:aspect-square sm:size-auto sm:w-full">
          <Package className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
      )}
      <figcaption className="min-w-0 space-y-0.5 text-sm">
        <p className="truncate font-medium">{leg.item.title}</p>
        <p className="text-muted-foreground">{format.money(leg.item.estimatedValue)}</p>
        <p className="truncate">
          {isMine ? t('card.youGive') : t('card.memberGives', { name: leg.giver.firstName })}
          {leg.accepted ? (
            <Check className="ml-1 inline size-4 text-green-600" aria-label={t('card.legAccepted')} />
          ) : null}
        </p>
      </figcaption>
    </figure>
  );
}

/** The members a ring or chain joins: a chain's last member receives without giving a leg. */
const membersOf = (ring: Ring) => ring.legs.length + (ring.kind === 'chain' ? 1 : 0);

/** "3-member swap ring" or "3-member swap chain": the card's title, and the ring page's heading. */
export function ringTitle(ring: Ring, t: TFunction<'rings'>): string {
  return t(ring.kind === 'chain' ? 'card.chainTitle' : 'card.title', { count: membersOf(ring) });
}

/** One ring: the chain of items with arrows, what the member gives and gets, why, and their actions. */
export function RingCard({
  ring,
  memberId,
  showPageLink = true,
}: {
  ring: Ring;
  memberId: string;
  /**
   * In the list: the ring's title and a link to its own page. On that page (false), the page's
   * heading already says what the card would, so the card shows neither.
   */
  showPageLink?: boolean;
}) {
  const { t } = useTranslation('rings');
  const format = useFormat();
  const answer = useAnswerRing();
  const give = ring.legs[ring.myGiveLeg];
  const get = ring.legs[ring.myGetLeg];
  const iAccepted = ring.iAccepted;
  const isChain = ring.kind === 'chain';
  const lastLeg = ring.legs[ring.legs.length - 1];
  // A chain's last member receives without giving: one member more than its legs.
  const memberCount = membersOf(ring);
  const accepted = ring.legs.filter((leg) => leg.accepted).map((leg) => leg.giver.firstName);
  if (isChain && ring.endAccepted && lastLeg) accepted.push(lastLeg.receiver.firstName);
  const duration = (until: string) => {
    const left = timeLeft(until);
    return left ? t(`duration.${left.unit}`, { count: left.count }) : null;
  };
  const left = ring.status === 'proposed' ? duration(ring.expiresAt) : null;
  const claimLeft = ring.claimDeadline ? duration(ring.claimDeadline) : null;
  const busy = answer.isPending;
  const { openConversation } = useChat();
  const { status } = ring;
  const isProposed = status === 'proposed';
  const isAccepted = status === 'accepted';
  const isDisputed = status === 'disputed';
  const showsProgress = isAccepted || isDisputed || status === 'completed';
  const scrollTarget = useHashTarget(`ring-${ring.id}`);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const decline = () =>
    answer.mutate(
      { id: ring.id, status: 'declined' },
      {
        onSuccess: () => {
          setConfirmDecline(false);
          toast({ title: t('decline.doneTitle'), description: t('decline.doneDescription') });
        },
      },
    );
  return (
    <Card id={`ring-${ring.id}`} ref={scrollTarget} className="scroll-mt-24" data-testid={`ring-${ring.id}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        {showPageLink ? <CardTitle className="text-lg">{ringTitle(ring, t)}</CardTitle> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={isDisputed ? 'destructive' : isProposed || isAccepted ? 'default' : 'secondary'}>
            {t(`status.${ring.status}`)}
          </Badge>
          {left ? (
            <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Clock className="size-4" aria-hidden="true" /> {t('card.timeLeft', { duration: left })}
            </span>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <ol
          className="flex flex-col items-stretch gap-1 sm:flex-row sm:flex-wrap sm:items-center"
          aria-label={t('card.order')}
        >
          {ring.legs.map((leg, index) => (
            <Fragment key={leg.position}>
              <li className="contents">
                <LegTile leg={leg} isMine={leg.giver.id === memberId} />
              </li>
              {index === ring.legs.length - 1 && isChain ? (
                // A chain ends with a member who receives without giving.
                <li
                  className="flex items-center justify-center gap-1.5 rounded-full border border-dashed px-3 py-1 text-sm text-muted-foreground"
                  data-testid="chain-end"
                >
                  <Gift className="size-4 shrink-0" aria-hidden="true" />
                  {t('card.chainEnd', { name: receiverName(leg, memberId, t) })}
                </li>
              ) : index === ring.legs.length - 1 ? (
                // The chain closes: the last item goes back to the first member, shown, not only said.
                <li
                  className="flex items-center justify-center gap-1.5 rounded-full border border-dashed px-3 py-1 text-sm text-muted-foreground"
                  data-testid="ring-loop-back"
                >
                  <Undo2 className="size-4 shrink-0" aria-hidden="true" />
                  {t('card.backToFirst', { name: firstName(ring.legs[0], memberId, t) })}
                </li>
              ) : (
                <li aria-hidden="true" className="flex justify-center text-muted-foreground">
                  <ArrowDown className="size-5 sm:hidden" />
                  <ArrowRight className="hidden size-5 sm:block" />
                </li>
              )}
            </Fragment>
          ))}
        </ol>
        {give && get ? (
          <p className="text-sm">
            <Trans
              t={t}
              i18nKey="card.summary"
              values={{
                giveValue: format.money(give.item.estimatedValue),
                receiver: give.receiver.firstName,
                getValue: format.money(get.item.estimatedValue),
                giver: get.giver.firstName,
              }}
              components={{
                give: <strong>{give.item.title}</strong>,
                get: <strong>{get.item.title}</strong>,
              }}
            />
          </p>
        ) : give ? (
          <p className="text-sm" data-testid="chain-summary">
            {t('card.summaryGiver', { title: give.item.title, receiver: give.receiver.firstName })}
          </p>
        ) : get ? (
          <p className="text-sm" data-testid="chain-summary">
            {t('card.summaryEnd', { title: get.item.title, giver: get.giver.firstName })}
          </p>
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t('card.why')}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {ring.explanation.map((line, index) => (
              <li key={index}>{ringExplanationText(t as TFunction, line, format)}</li>
            ))}
          </ul>
        </details>
        {isProposed ? (
          <p className="text-sm text-muted-foreground" data-testid="ring-accepted-by">
            {accepted.length === 0
              ? t('card.nobodyAccepted')
              : t('card.acceptedBy', {
                  names: accepted.join(', '),
                  accepted: accepted.length,
                  total: memberCount,
                })}
          </p>
        ) : null}
        {/* Where to send and the slip come before "I sent it", as on a trade's page. */}
        <RingPostageSection ring={ring} />
        {showsProgress ? <RingProgress ring={ring} memberId={memberId} /> : null}
        {isAccepted && claimLeft ? (
          <p className="text-sm text-muted-foreground">{t('card.completesIn', { duration: claimLeft })}</p>
        ) : null}
        {ring.cancelReason ? (
          <p className="text-sm">{t('card.reason', { reason: ring.cancelReason })}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {isProposed && !iAccepted ? (
            <>
              <Button
                disabled={busy}
                onClick={() => answer.mutate({ id: ring.id, status: 'accepted' })}
                data-testid="button-accept-ring"
              >
                {t('card.accept')}
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => setConfirmDecline(true)}
                aria-haspopup="dialog"
                data-testid="button-decline-ring"
              >
                {t('card.decline')}
              </Button>
            </>
          ) : null}
          {isAccepted && ring.legs.every((leg) => !leg.received) ? (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => answer.mutate({ id: ring.id, status: 'cancelled' })}
            >
              {t('card.backOut')}
            </Button>
          ) : null}
          {showPageLink ? (
            <Button asChild variant="outline" data-testid={`link-ring-page-${ring.id}`}>
              <Link href={ringPath(ring.id)}>{t('card.openPage')}</Link>
            </Button>
          ) : null}
          {ring.conversationId ? (
            <Button
              variant="outline"
              onClick={() => openConversation(ring.conversationId as string)}
              data-testid="button-message-ring"
            >
              <MessagesSquare aria-hidden="true" />
              {isProposed || isAccepted ? t('card.message') : t('card.messages')}
            </Button>
          ) : null}
        </div>
        <Dialog open={confirmDecline} onOpenChange={setConfirmDecline}>
          <DialogContent data-testid="dialog-decline-ring">
            <DialogHeader className="text-left">
              <DialogTitle>{t('decline.title')}</DialogTitle>
              <DialogDescription>{t('decline.description')}</DialogDescription>
            </DialogHeader>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                decline();
              }}
            >
              <ConfirmDialogFooter
                cancelLabel={t('decline.keep')}
                onCancel={() => setConfirmDecline(false)}
                confirmLabel={t('decline.confirm')}
                icon={X}
                pending={answer.isPending}
                destructive
                testId="button-confirm-decline-ring"
              />
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** A chain's last member, who receives the last item ('you' for the member). */
function receiverName(leg: RingLeg, memberId: string, t: (key: 'progress.youLower') => string) {
  return leg.receiver.id === memberId ? t('progress.youLower') : leg.receiver.firstName;
}

/** The first member of the chain, as the loop's end names them ('you' for the member). */
function firstName(leg: RingLeg | undefined, memberId: string, t: (key: 'progress.youLower') => string) {
  if (!leg) return '';
  return leg.giver.id === memberId ? t('progress.youLower') : leg.giver.firstName;
}
