import type { Item } from '@common/api/items';
import type { BarterMatch } from '@common/api/matching';
import { isHighConfidence, ringSteps } from '@common/domain/match-display';
import { ArrowRight, Check, Eye, Repeat, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { DialogState } from '@client/components/ui/dialog-shell';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useAuth } from '@client/lib/session';
import { useBarterMatches } from '../api';
import { useMatchReasons } from '../match-reasons';
import { ItemThumb } from './item-thumb';

/**
 * docs/product.md (Wishlist and matching): 'What You Could Get' (potential trades) for one of the member's own items: other members'
 * items ranked by how good a swap they are for both sides, with the score, a confidence badge,
 * the kind of trade, the reasons (the whole chain for a trade ring) and 'View Item'.
 */
export function WhatYouCouldGetDialog({ item, open, onOpenChange }: DialogState & { item: Item }) {
  const { t } = useTranslation('matching');
  const { data, isPending, isError } = useBarterMatches(item.id, open);
  // One row per item (its testid is per item): the server lists trade rings first.
  const matches = (data ?? []).filter(
    (match, index, all) => all.findIndex((other) => other.item.id === match.item.id) === index,
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="dialog-what-you-could-get">
        <DialogHeader>
          <DialogTitle>{t('whatYouCouldGet.title')}</DialogTitle>
          <DialogDescription>{t('whatYouCouldGet.description', { title: item.title })}</DialogDescription>
        </DialogHeader>

        {isPending ? (
          <div className="grid gap-3" role="status">
            <span className="sr-only">{t('whatYouCouldGet.loading')}</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-28 w-full rounded-lg" />
            ))}
          </div>
        ) : isError || matches.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center"
            data-testid="text-no-barter-matches"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <SearchX className="size-5" aria-hidden="true" />
            </span>
            <p className="font-semibold">
              {isError ? t('whatYouCouldGet.unavailable') : t('whatYouCouldGet.empty')}
            </p>
            <p className="max-w-sm text-sm text-muted-foreground">
              {isError ? t('whatYouCouldGet.unavailableHint') : t('whatYouCouldGet.emptyHint')}
            </p>
          </div>
        ) : (
          <ol className="grid gap-3" aria-label={t('whatYouCouldGet.listLabel')}>
            {matches.map((match) => (
              <BarterMatchRow key={match.item.id} match={match} onView={() => onOpenChange(false)} />
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BarterMatchRow({ match, onView }: { match: BarterMatch; onView: () => void }) {
  const { t } = useTranslation('matching');
  const format = useFormat();
  const reasonsOf = useMatchReasons();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const { item } = match;
  const ring = match.ring && user ? match.ring : null;
  // Each step is ring[index] giving to the next member; the viewer is named in the language shown.
  const steps =
    ring && user
      ? ringSteps(ring, user.id).map((step, index) => {
          const giverIsViewer = ring[index]?.userId === user.id;
          const receiverIsViewer = ring[(index + 1) % ring.length]?.userId === user.id;
          return {
            ...step,
            giverIsViewer,
            giver: giverIsViewer ? t('whatYouCouldGet.you') : step.giver,
            receiver: receiverIsViewer ? t('whatYouCouldGet.youLower') : step.receiver,
          };
        })
      : [];
  // A ring's chain is drawn below, so the sentence that spells it out is not repeated.
  const reasons = reasonsOf(
    steps.length ? match.explanations.filter((reason) => reason.code !== 'ring') : match.explanations,
  );
  const confidence = Math.round(match.confidence * 100);
  const isRingTrade = match.tradeType === 'ring';

  return (
    <li className="grid gap-3 rounded-lg border p-3" data-testid={`barter-match-${item.id}`}>
      <div className="flex min-w-0 gap-3">
        <ItemThumb images={item.images} className="size-16 sm:size-20" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="line-clamp-2 text-sm font-semibold sm:text-base">{item.title}</p>
              <p className="truncate text-xs text-muted-foreground sm:text-sm">
                <span className="font-medium text-foreground tabular-nums">
                  {format.money(item.estimatedValue)}
                </span>
                {' · '}
                {t(`conditions.${item.condition}`)} · {item.owner.firstName}
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-secondary px-2.5 py-1 text-sm font-bold text-secondary-foreground tabular-nums">
              <span data-testid={`text-barter-score-${item.id}`}>{match.score}%</span>
              <span className="sr-only">{t('whatYouCouldGet.match')}</span>
            </span>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="outline" data-testid={`badge-trade-type-${item.id}`}>
              {isRingTrade ? <Repeat aria-hidden="true" /> : null}
              {t(`tradeTypes.${match.tradeType}`)}
            </Badge>
            <Badge
              variant={isHighConfidence(match.confidence) ? 'default' : 'secondary'}
              data-testid={`badge-confidence-${item.id}`}
            >
              {t('whatYouCouldGet.confidence', { percent: confidence })}
            </Badge>
          </div>
        </div>
      </div>

      {steps.length ? (
        <ol
          className="grid gap-1 rounded-md bg-muted/60 p-2.5 text-xs sm:text-sm"
          aria-label={t('whatYouCouldGet.ringLabel')}
        >
          {steps.map((step, index) => (
            <li key={index}>
              <span className="font-medium">{step.giver}</span>{' '}
              <span className="text-muted-foreground">
                {step.giverIsViewer ? t('whatYouCouldGet.give') : t('whatYouCouldGet.gives')}
              </span>{' '}
              <span className="font-medium">{t('whatYouCouldGet.quoted', { title: step.title })}</span>{' '}
              <ArrowRight
                className="inline size-3.5 align-[-0.125em] text-muted-foreground"
                aria-hidden="true"
              />
              <span className="sr-only">{t('whatYouCouldGet.to')}</span>{' '}
              <span className="font-medium">{step.receiver}</span>
            </li>
          ))}
        </ol>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ul className="grid gap-1" aria-label={t('whatYouCouldGet.why')}>
          {reasons.map((reason) => (
            <li key={reason} className="flex gap-1.5 text-xs text-muted-foreground sm:text-sm">
              <Check className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0">{reason}</span>
            </li>
          ))}
        </ul>
        <Button
          size="sm"
          variant="outline"
          className="shrink-0"
          onClick={() => {
            onView();
            navigate(`/browse?highlight=${item.id}`);
          }}
          data-testid={`button-view-item-${item.id}`}
        >
          <Eye aria-hidden="true" />
          {t('whatYouCouldGet.view')}
          <span className="sr-only">{t('whatYouCouldGet.viewTitle', { title: item.title })}</span>
        </Button>
      </div>
    </li>
  );
}
