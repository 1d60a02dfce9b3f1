import type { Ring, RingLeg } from '@common/api/rings';
import { ArrowDown, ArrowRight, Check, Clock, MessagesSquare, Package } from 'lucide-react';
import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useChat } from '@client/features/chat';
import { useFormat } from '@client/i18n/format';
import { useAnswerRing, useConfirmRingReceived } from '../api';
import { RingProgress } from './ring-progress';

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

/** One ring: the chain of items with arrows, what the member gives and gets, why, and their actions. */
export function RingCard({ ring, memberId }: { ring: Ring; memberId: string }) {
  const { t } = useTranslation('rings');
  const format = useFormat();
  const answer = useAnswerRing();
  const receive = useConfirmRingReceived();
  const give = ring.legs[ring.myGiveLeg];
  const get = ring.legs[ring.myGetLeg];
  const iAccepted = give?.accepted ?? false;
  const iReceived = get?.received ?? false;
  const accepted = ring.legs.filter((leg) => leg.accepted).map((leg) => leg.giver.firstName);
  const duration = (until: string) => {
    const left = timeLeft(until);
    return left ? t(`duration.${left.unit}`, { count: left.count }) : null;
  };
  const left = ring.status === 'proposed' ? duration(ring.expiresAt) : null;
  const claimLeft = ring.claimDeadline ? duration(ring.claimDeadline) : null;
  const busy = answer.isPending || receive.isPending;
  const { openConversation } = useChat();
  const { status } = ring;
  const isProposed = status === 'proposed';
  const isAccepted = status === 'accepted';
  const isDisputed = status === 'disputed';
  const showsProgress = isAccepted || isDisputed || status === 'completed';
  return (
    <Card data-testid={`ring-${ring.id}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{t('card.title', { count: ring.legs.length })}</CardTitle>
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
              <li aria-hidden="true" className="flex justify-center text-muted-foreground">
                <ArrowDown className="size-5 sm:hidden" />
                <ArrowRight className="hidden size-5 sm:block" />
                {index === ring.legs.length - 1 ? (
                  <span className="sr-only">{t('card.backToFirst')}</span>
                ) : null}
              </li>
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
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t('card.why')}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {ring.explanation.map((line) => (
              <li key={line}>{line}</li>
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
                  total: ring.legs.length,
                })}
          </p>
        ) : null}
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
                onClick={() => answer.mutate({ id: ring.id, status: 'declined' })}
                data-testid="button-decline-ring"
              >
                {t('card.decline')}
              </Button>
            </>
          ) : null}
          {isAccepted && !iReceived ? (
            <Button
              className="h-auto min-h-10 max-w-full shrink text-left whitespace-normal"
              disabled={busy}
              onClick={() => receive.mutate(ring.id)}
              data-testid="button-ring-received"
            >
              {t('card.received', { title: get?.item.title ?? '' })}
            </Button>
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
      </CardContent>
    </Card>
  );
}
