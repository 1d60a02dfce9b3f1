import type { ItemFilterState } from '@common/domain/item-filters';
import { SORTS } from '@common/domain/taxonomy';
import { ArrowDownUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { currentSort, RELEVANCE } from './sort-label';
import { SORT_LABELS } from '@client/i18n/labels';

/** Browse's sort control: a Radix select, its own chunk (SortSelectPlaceholder shows until it loads). */
export function SortSelect({
  filters,
  onChange,
}: {
  filters: ItemFilterState;
  onChange: (next: ItemFilterState) => void;
}) {
  const { t } = useTranslation('items');
  const searching = filters.search !== '';
  const current = currentSort(filters);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor="browse-sort" className="sr-only">
        {t('sort.by')}
      </label>
      <Select
        value={current}
        onValueChange={(value) => {
          const defaultSort = searching ? RELEVANCE : 'newest';
          const sortBy =
            value === defaultSort || value === RELEVANCE ? undefined : SORTS.find((sort) => sort === value);
          onChange({ ...filters, sortBy });
        }}
      >
        <SelectTrigger id="browse-sort" className="sm:w-52" data-testid="select-sort">
          <ArrowDownUp className="size-4 text-muted-foreground sm:hidden" aria-hidden="true" />
          {/* sr-only, not hidden: the trigger gives its spans a display that would override "hidden". */}
          <span className="sr-only text-muted-foreground sm:not-sr-only">{t('sort.label')}</span>
          <span className="flex-1 truncate text-left">
            <SelectValue />
          </span>
        </SelectTrigger>
        <SelectContent align="end">
          {searching ? <SelectItem value={RELEVANCE}>{t('sort.bestMatch')}</SelectItem> : null}
          {SORTS.map((sort) => (
            <SelectItem key={sort} value={sort} data-testid={`option-sort-${sort}`}>
              {SORT_LABELS[sort]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
