import type { Ring, RingLeg } from '@common/api/rings';
import { formatDollars } from '@common/domain/money';
import { ArrowDown, ArrowRight, Check, Clock, MessagesSquare, Package } from 'lucide-react';
import { Fragment } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useChat } from '@client/features/chat';
import { useAnswerRing, useConfirmRingReceived } from '../api';
import { RingProgress } from './ring-progress';

const STATUS_LABEL: Record<Ring['status'], string> = {
  proposed: 'Proposed',
  accepted: 'Accepted by everyone',
  disputed: 'On hold: under dispute',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** "31 h left", "25 min left", or null once the moment passed. */
function timeLeft(until: string, now = Date.now()): string | null {
  const ms = new Date(until).getTime() - now;
  if (ms <= 0) return null;
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 48) return `${Math.floor(hours / 24)} days left`;
  if (hours >= 1) return `${hours} h left`;
  return `${Math.max(1, Math.round(ms / 60_000))} min left`;
}

function LegTile({ leg, isMine }: { leg: RingLeg; isMine: boolean }) {
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
        <p className="text-muted-foreground">{formatDollars(leg.item.estimatedValue)}</p>
        <p className="truncate">
          {isMine ? 'You give' : `${leg.giver.firstName} gives`}
          {leg.accepted ? (
            <Check className="ml-1 inline size-4 text-green-600" aria-label="accepted" />
          ) : null}
        </p>
      </figcaption>
    </figure>
  );
}

/** One ring: the chain of items with arrows, what the member gives and gets, why, and their actions. */
export function RingCard({ ring, memberId }: { ring: Ring; memberId: string }) {
  const answer = useAnswerRing();
  const receive = useConfirmRingReceived();
  const give = ring.legs[ring.myGiveLeg];
  const get = ring.legs[ring.myGetLeg];
  const iAccepted = give?.accepted ?? false;
  const iReceived = get?.received ?? false;
  const accepted = ring.legs.filter((leg) => leg.accepted).map((leg) => leg.giver.firstName);
  const left = ring.status === 'proposed' ? timeLeft(ring.expiresAt) : null;
  const claimLeft = ring.claimDeadline ? timeLeft(ring.claimDeadline) : null;
  const busy = answer.isPending || receive.isPending;
  const { openConversation } = useChat();
  return (
    <Card data-testid={`ring-${ring.id}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{ring.legs.length}-member swap ring</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <Badge
            variant={
              ring.status === 'disputed'
                ? 'destructive'
                : ring.status === 'proposed' || ring.status === 'accepted'
                  ? 'default'
                  : 'secondary'
            }
          >
            {STATUS_LABEL[ring.status]}
          </Badge>
          {left ? (
            <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Clock className="size-4" aria-hidden="true" /> {left}
            </span>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <ol
          className="flex flex-col items-stretch gap-1 sm:flex-row sm:flex-wrap sm:items-center"
          aria-label="The ring, in giving order"
        >
          {ring.legs.map((leg, index) => (
            <Fragment key={leg.position}>
              <li className="contents">
                <LegTile leg={leg} isMine={leg.giver.id === memberId} />
              </li>
              <li aria-hidden="true" className="flex justify-center text-muted-foreground">
                <ArrowDown className="size-5 sm:hidden" />
                <ArrowRight className="hidden size-5 sm:block" />
                {index === ring.legs.length - 1 ? <span className="sr-only">back to the first</span> : null}
              </li>
            </Fragment>
          ))}
        </ol>
        {give && get ? (
          <p className="text-sm">
            You give <strong>{give.item.title}</strong> ({formatDollars(give.item.estimatedValue)}) to{' '}
            {give.receiver.firstName} and get <strong>{get.item.title}</strong> (
            {formatDollars(get.item.estimatedValue)}) from {get.giver.firstName}.
          </p>
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Why this ring?</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {ring.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
        {ring.status === 'proposed' ? (
          <p className="text-sm text-muted-foreground" data-testid="ring-accepted-by">
            {accepted.length === 0
              ? 'Nobody has accepted yet.'
              : `Accepted by ${accepted.join(', ')} (${accepted.length} of ${ring.legs.length}).`}
          </p>
        ) : null}
        {ring.status === 'accepted' || ring.status === 'disputed' || ring.status === 'completed' ? (
          <RingProgress ring={ring} memberId={memberId} />
        ) : null}
        {ring.status === 'accepted' && claimLeft ? (
          <p className="text-sm text-muted-foreground">
            The ring completes on its own in {claimLeft.replace(' left', '')}.
          </p>
        ) : null}
        {ring.cancelReason ? <p className="text-sm">Reason: “{ring.cancelReason}”</p> : null}
        <div className="flex flex-wrap gap-2">
          {ring.status === 'proposed' && !iAccepted ? (
            <>
              <Button
                disabled={busy}
                onClick={() => answer.mutate({ id: ring.id, status: 'accepted' })}
                data-testid="button-accept-ring"
              >
                Accept
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => answer.mutate({ id: ring.id, status: 'declined' })}
                data-testid="button-decline-ring"
              >
                Decline
              </Button>
            </>
          ) : null}
          {ring.status === 'accepted' && !iReceived ? (
            <Button
              className="h-auto min-h-10 max-w-full shrink text-left whitespace-normal"
              disabled={busy}
              onClick={() => receive.mutate(ring.id)}
              data-testid="button-ring-received"
            >
              I received “{get?.item.title}”
            </Button>
          ) : null}
          {ring.status === 'accepted' && ring.legs.every((leg) => !leg.received) ? (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => answer.mutate({ id: ring.id, status: 'cancelled' })}
            >
              Back out
            </Button>
          ) : null}
          {ring.conversationId ? (
            <Button
              variant="outline"
              onClick={() => openConversation(ring.conversationId as string)}
              data-testid="button-message-ring"
            >
              <MessagesSquare aria-hidden="true" />
              {ring.status === 'proposed' || ring.status === 'accepted'
                ? 'Message the ring'
                : 'Ring messages'}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
