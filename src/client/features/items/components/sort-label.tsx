import type { ItemFilterState } from '@common/domain/item-filters';
import { ArrowDownUp, ChevronDown } from 'lucide-react';
import { SELECT_TRIGGER_CLASSES } from '@client/components/ui/select-trigger-classes';
import { useTranslation } from 'react-i18next';
import { i18n } from '@client/i18n';
import { cn } from '@client/lib/utils';
import { SORT_LABELS } from '@client/i18n/labels';

/** The order a search without an explicit sort gets: by relevance ('Best Match'). */
export const RELEVANCE = 'relevance';

/** The sort in effect: the chosen one, or by default relevance for a search and newest otherwise. */
export function currentSort(filters: ItemFilterState): string {
  return filters.sortBy ?? (filters.search !== '' ? RELEVANCE : 'newest');
}

function sortLabel(filters: ItemFilterState): string {
  const sort = currentSort(filters);
  return sort === RELEVANCE ? i18n.t('items:sort.bestMatch') : SORT_LABELS[sort as keyof typeof SORT_LABELS];
}

/**
 * What the sort control looks like, shown while its code (a Radix select with its positioning
 * engine) loads, so that Browse's first render does not wait for it.
 */
export function SortSelectPlaceholder({ filters }: { filters: ItemFilterState }) {
  const { t } = useTranslation('items');
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none" data-testid="select-sort-loading">
      <div className={cn(SELECT_TRIGGER_CLASSES, 'sm:w-52')}>
        <ArrowDownUp className="size-4 text-muted-foreground sm:hidden" aria-hidden="true" />
        <span className="sr-only text-muted-foreground sm:not-sr-only">{t('sort.label')}</span>
        <span className="flex-1 truncate text-left">{sortLabel(filters)}</span>
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </div>
    </div>
  );
}
