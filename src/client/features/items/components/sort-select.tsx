import type { ItemFilterState } from '@common/domain/item-filters';
import { SORTS } from '@common/domain/taxonomy';
import { ArrowDownUp, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SELECT_TRIGGER_CLASSES } from '@client/components/ui/select-trigger-classes';
import { cn } from '@client/lib/utils';
import { SORT_LABELS } from '@client/i18n/labels';

/** The order a search without an explicit sort gets: by relevance ('Best Match'). */
const RELEVANCE = 'relevance';

/** The sort in effect: the chosen one, or by default relevance for a search and newest otherwise. */
function currentSort(filters: ItemFilterState): string {
  return filters.sortBy ?? (filters.search !== '' ? RELEVANCE : 'newest');
}

/**
 * Browse's sort control: the platform's own select, drawn like the app's selects. It renders with
 * the page (on the server too) and needs no code of its own, and on a phone it opens the system's
 * picker. 'Best Match' is offered while searching.
 */
export function SortSelect({
  filters,
  onChange,
  id = 'browse-sort',
  testId = 'select-sort',
  wide = false,
}: {
  filters: ItemFilterState;
  onChange: (next: ItemFilterState) => void;
  id?: string;
  testId?: string;
  /** Full width with its label shown (the phone filter sheet): the whole choice is always read. */
  wide?: boolean;
}) {
  const { t } = useTranslation('items');
  const searching = filters.search !== '';
  const current = currentSort(filters);
  return (
    <div className={cn('flex min-w-0 flex-1 items-center gap-2', wide ? 'w-full' : 'sm:flex-none')}>
      <div
        className={cn(
          SELECT_TRIGGER_CLASSES,
          'relative focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
          wide ? 'w-full' : 'sm:w-52',
        )}
      >
        <ArrowDownUp
          className={cn('size-4 shrink-0 text-muted-foreground', wide ? 'hidden' : 'sm:hidden')}
          aria-hidden="true"
        />
        <label
          htmlFor={id}
          className={cn('text-muted-foreground', wide ? undefined : 'sr-only sm:not-sr-only')}
        >
          {t('sort.label')}
        </label>
        <select
          id={id}
          aria-label={t('sort.by')}
          value={current}
          onChange={(event) => {
            const { value } = event.target;
            const defaultSort = searching ? RELEVANCE : 'newest';
            const sortBy =
              value === defaultSort || value === RELEVANCE ? undefined : SORTS.find((sort) => sort === value);
            onChange({ ...filters, sortBy });
          }}
          className="min-w-0 flex-1 -my-2 cursor-pointer appearance-none self-stretch truncate bg-transparent pr-5 text-left outline-none"
          data-testid={testId}
        >
          {searching ? <option value={RELEVANCE}>{t('sort.bestMatch')}</option> : null}
          {SORTS.map((sort) => (
            <option key={sort} value={sort} data-testid={`option-sort-${sort}`}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute right-3 size-4 opacity-60" aria-hidden="true" />
      </div>
    </div>
  );
}
