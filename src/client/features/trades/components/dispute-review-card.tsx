import type { ModerationDispute } from '@common/api/trades';
import { displayName } from '@common/domain/display-name';
import { imageUrl } from '@common/domain/image-url';
import type { DisputeOutcome } from '@common/domain/trade-state';
import { CircleCheck, LoaderCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useResolveDispute } from '../api';
import { useFormat } from '@client/i18n/format';
import { reportApiError } from '@client/lib/report-error';

const NOTE_MAX = 1000;

/** One dispute in the moderation view: the trade, the claim, its photos, and the decision form. */
export function DisputeReviewCard({ dispute }: { dispute: ModerationDispute }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const id = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const resolve = useResolveDispute();
  const opener = dispute.openedById === dispute.owner.id ? dispute.owner : dispute.requester;
  const other = opener.id === dispute.owner.id ? dispute.requester : dispute.owner;

  const decide = async (outcome: DisputeOutcome) => {
    if (!note.trim()) return setProblem(t('review.noteMissing'));
    setProblem(null);
    try {
      await resolve.mutateAsync({ id: dispute.id, outcome, note: note.trim() });
    } catch (error) {
      reportApiError(error, { title: t('review.notResolved'), fallback: t('review.tryAgain') });
      return;
    }
    toast({
      title: t(`review.${outcome}`),
      description: t('review.bothTold'),
    });
  };

  return (
    <Card data-testid={`dispute-${dispute.id}`}>
      <CardContent className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="destructive">{t(`disputeReasons.${dispute.reason}`)}</Badge>
          <span className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="review.openedBy"
              values={{ opener: displayName(opener), other: displayName(other) }}
              components={{ b: <span className="font-medium text-foreground" /> }}
            />{' '}
            <time dateTime={dispute.createdAt}>{format.relative(dispute.createdAt)}</time>
          </span>
        </div>
        <p className="text-sm">
          {dispute.offeredItem
            ? t('review.items', {
                offered: dispute.offeredItem.title,
                requested: dispute.requestedItem.title,
              })
            : t('review.gift', { requested: dispute.requestedItem.title })}
        </p>
        <blockquote className="rounded-lg bg-muted/70 px-3 py-2 text-sm break-words">
          {dispute.text}
        </blockquote>
        {dispute.photos.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('review.photos')}>
            {dispute.photos.map((photo, index) => (
              <li key={photo}>
                <a href={imageUrl(photo)} target="_blank" rel="noreferrer">
                  <img
                    src={imageUrl(photo, 400)}
                    alt={t('review.photoAlt', { number: index + 1, name: displayName(opener) })}
                    className="size-20 rounded-md border object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {dispute.outcome ? (
          <p className="text-sm" data-testid={`dispute-outcome-${dispute.id}`}>
            <span className="font-medium">{t(`review.outcome.${dispute.outcome}`)}</span>{' '}
            {dispute.resolutionNote}
          </p>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>{t('review.noteLabel')}</Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              data-testid={`input-resolution-note-${dispute.id}`}
            />
            {problem ? (
              <p className="text-sm text-destructive" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                disabled={resolve.isPending}
                onClick={() => void decide('completed')}
                data-testid={`button-resolve-completed-${dispute.id}`}
              >
                {resolve.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <CircleCheck aria-hidden="true" />
                )}
                {t('review.complete')}
              </Button>
              <Button
                variant="outline"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                disabled={resolve.isPending}
                onClick={() => void decide('cancelled')}
                data-testid={`button-resolve-cancelled-${dispute.id}`}
              >
                <X aria-hidden="true" />
                {t('review.cancel')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
