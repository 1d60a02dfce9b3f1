import type { Item } from '@common/api/items';
import { scoreBand, scorePercent, SMART_MATCHES_SHOWN, type ScoreBand } from '@common/domain/match-display';
import { Check, SearchX, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import { cn } from '@client/lib/utils';
import { useSmartMatches } from '../api';
import { useMatchReasons } from '../match-reasons';
import { ItemThumb } from './item-thumb';

/** docs/product.md (Wishlist and matching): colour bands; each pairing keeps its text at 4.5:1 or more. */
const BAND_STYLES: Record<ScoreBand, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  blue: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-600/25',
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};

/**
 * docs/product.md (Wishlist and matching): Smart Matches for another member's item: up to 8 of the member's own items ranked as
 * offers its owner is likely to accept, each with its score (a rounded percentage, colour-banded)
 * and the reasons behind it; 'No Smart Matches Found' when none fit or matching failed.
 */
export function SmartMatchesDialog({ item, open, onOpenChange }: DialogState & { item: Item }) {
  const { t } = useTranslation('matching');
  const format = useFormat();
  const reasonsOf = useMatchReasons();
  const { data, isPending } = useSmartMatches(item, open);
  const matches = (data?.matches ?? []).slice(0, SMART_MATCHES_SHOWN);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="dialog-smart-matches">
        <DialogHeader>
          <DialogTitle className="flex items-center justify-center gap-2 sm:justify-start">
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            {t('smart.title')}
          </DialogTitle>
          <DialogDescription>
            {t('smart.description', { name: item.owner.firstName, title: item.title })}
          </DialogDescription>
        </DialogHeader>

        {isPending ? (
          <div className="grid gap-3" role="status">
            <span className="sr-only">{t('smart.loading')}</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-24 w-full rounded-lg" />
            ))}
          </div>
        ) : matches.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center"
            data-testid="text-no-smart-matches"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <SearchX className="size-5" aria-hidden="true" />
            </span>
            <p className="font-semibold">{t('smart.empty')}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{t('smart.emptyHint')}</p>
          </div>
        ) : (
          <ol className="grid gap-3" aria-label={t('smart.listLabel')}>
            {matches.map((match) => {
              const percent = scorePercent(match.overallScore);
              return (
                <li
                  key={match.item.id}
                  className="flex min-w-0 gap-3 rounded-lg border p-3"
                  data-testid={`smart-match-${match.item.id}`}
                >
                  <ItemThumb images={match.item.images} className="size-16 sm:size-20" />
                  <div className="min-w-0 flex-1 space-y-2">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="line-clamp-2 text-sm font-semibold sm:text-base">{match.item.title}</p>
                        <p className="text-xs text-muted-foreground sm:text-sm">
                          <span className="font-medium text-foreground tabular-nums">
                            {format.money(match.item.estimatedValue)}
                          </span>
                          {' · '}
                          {t(`conditions.${match.item.condition}`)}
                        </p>
                      </div>
                      <span
                        className={cn(
                          'shrink-0 rounded-full px-2.5 py-1 text-sm font-bold tabular-nums ring-1 ring-inset',
                          BAND_STYLES[scoreBand(percent)],
                        )}
                        data-band={scoreBand(percent)}
                      >
                        <span data-testid={`text-smart-score-${match.item.id}`}>{percent}%</span>
                        <span className="sr-only">{t('smart.match')}</span>
                      </span>
                    </div>
                    <ul className="grid gap-1" aria-label={t('smart.why')}>
                      {reasonsOf(match.reasoning).map((reason) => (
                        <li key={reason} className="flex gap-1.5 text-xs text-muted-foreground sm:text-sm">
                          <Check className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
                          <span className="min-w-0">{reason}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
