import type { Item } from '@common/api/items';
import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useItemView } from '../use-item-controls';
import { ItemFavoriteButton } from './item-icon-buttons';
import { ItemPhotoLink, ItemTitleLink } from './item-links';
import { LazyItemOwnerMenu } from './lazy-item-owner-menu';
import { CONDITION_LABELS } from '@client/i18n/labels';
import { useFormat } from '@client/i18n/format';

/**
 * docs/product.md (Items): Browse list view row: photo, title, description, brand (or 'Unknown'), size (or 'N/A'),
 * condition, the value in dollars (docs/product.md (Items): never raw cents) and 'Start Barter'.
 */
export function ItemListRow({ item, priority = false }: { item: Item; priority?: boolean }) {
  const { t } = useTranslation('items');
  const format = useFormat();
  const { controls, detailHref, availability } = useItemView(item);

  return (
    <article
      className="flex gap-3 rounded-xl border bg-card p-3 shadow-xs transition-shadow hover:shadow-md sm:gap-4"
      data-testid={`row-item-${item.id}`}
      aria-labelledby={`row-title-${item.id}`}
    >
      <ItemPhotoLink
        item={item}
        href={detailHref}
        priority={priority}
        className="block aspect-[4/5] w-24 shrink-0 overflow-hidden rounded-lg bg-muted sm:w-28"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:gap-4">
        <div className="min-w-0 flex-1 space-y-1.5">
          <ItemTitleLink
            item={item}
            href={detailHref}
            id={`row-title-${item.id}`}
            className="line-clamp-1 font-semibold"
          />
          <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground sm:text-sm">
            <div className="flex gap-1">
              <dt>{t('row.brand')}</dt>
              <dd className="font-medium text-foreground">{item.brand || t('detail.unknown')}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('row.size')}</dt>
              <dd className="font-medium text-foreground">{item.size || t('detail.notApplicable')}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('row.condition')}</dt>
              <dd className="font-medium text-foreground">{CONDITION_LABELS[item.condition]}</dd>
            </div>
            {availability ? <dd className="font-medium text-foreground">{availability}</dd> : null}
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 sm:flex-col sm:flex-nowrap sm:items-end sm:justify-between">
          <p className="text-lg font-bold tabular-nums" data-testid={`text-row-value-${item.id}`}>
            <span className="sr-only">{t('card.estimatedValue')} </span>
            {format.money(item.estimatedValue)}
          </p>
          <div className="flex items-center gap-2">
            {controls.isOwner ? null : (
              <ItemFavoriteButton item={item} controls={controls} className="ring-border" />
            )}
            {controls.isOwner ? (
              <LazyItemOwnerMenu item={item} />
            ) : (
              <Button size="sm" onClick={controls.barter} data-testid={`button-start-barter-${item.id}`}>
                <ArrowLeftRight className="hidden sm:block" aria-hidden="true" />
                {t('row.startBarter')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

export function ItemListRowSkeleton() {
  return (
    <div className="flex gap-3 rounded-xl border bg-card p-3 sm:gap-4" data-testid="skeleton-item-row">
      <Skeleton className="aspect-[4/5] w-24 shrink-0 rounded-lg sm:w-28" />
      <div className="flex-1 space-y-2 py-1">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
