import type { WishlistEntry } from '@common/api/wishlist';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { WISHLIST_CATEGORY_LABELS } from '@client/i18n/labels';

/**
 * One wishlist entry (docs/product.md, Wishlist and matching): title with its delete button, the description if any, then
 * category, brand and 'Size X' badges and 'Max value: $X.XX' when a limit is set.
 */
export function WishlistEntryCard({
  entry,
  deleteDisabled,
  onDelete,
}: {
  entry: WishlistEntry;
  deleteDisabled: boolean;
  onDelete: (entry: WishlistEntry) => void;
}) {
  const { t } = useTranslation('wishlist');
  const format = useFormat();
  const titleId = `wishlist-entry-title-${entry.id}`;
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
      aria-labelledby={titleId}
      data-testid={`wishlist-item-${entry.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 pt-1.5 leading-snug font-semibold break-words">
          {entry.title}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 size-9 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          disabled={deleteDisabled}
          onClick={() => onDelete(entry)}
          aria-label={t('entry.remove', { title: entry.title })}
          title={t('entry.removeTitle')}
          data-testid={`button-delete-wishlist-${entry.id}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {entry.description ? (
        <p className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground">{entry.description}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary">{WISHLIST_CATEGORY_LABELS[entry.category]}</Badge>
        {entry.brand ? (
          <Badge variant="outline" className="max-w-full truncate">
            {entry.brand}
          </Badge>
        ) : null}
        {entry.size ? <Badge variant="outline">{t('entry.size', { size: entry.size })}</Badge> : null}
      </div>
      {entry.maxValue !== null ? (
        <p className="text-sm font-medium tabular-nums" data-testid={`text-wishlist-max-value-${entry.id}`}>
          {t('entry.maxValue', { value: format.money(entry.maxValue) })}
        </p>
      ) : null}
    </article>
  );
}

export function WishlistEntryCardSkeleton() {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-5"
      data-testid="skeleton-wishlist-item"
    >
      <div className="flex items-start justify-between gap-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="size-8 rounded-md" />
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-4/5" />
      <div className="flex gap-1.5 pt-2">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-14 rounded-full" />
        <Skeleton className="h-5 w-12 rounded-full" />
      </div>
    </div>
  );
}
