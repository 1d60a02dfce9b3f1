import type { SavedSearch } from '@common/api/saved-searches';
import { ArrowRight, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { CountBadge } from '@client/components/ui/count-badge';
import { describeSavedQuery } from '@client/i18n/labels';

/** One saved search: its name, its filters in words, its new-match count, Open and Delete. */
export function SavedSearchRow({
  search,
  onOpen,
  onDelete,
  deleteDisabled,
}: {
  search: SavedSearch;
  onOpen: (search: SavedSearch) => void;
  onDelete: (search: SavedSearch) => void;
  deleteDisabled: boolean;
}) {
  const { t } = useTranslation('savedSearches');
  const count = search.newMatchCount;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between"
      data-testid={`saved-search-${search.id}`}
    >
      <div className="min-w-0 space-y-1">
        <h3 className="flex items-center gap-2 font-semibold">
          <span className="truncate" data-testid="text-saved-search-name">
            {search.name}
          </span>
          <CountBadge count={count} className="static shrink-0 ring-0" testId="badge-saved-search-new" />
          {count > 0 ? <span className="sr-only">{t('row.newMatches', { count })}</span> : null}
        </h3>
        <p className="text-sm break-words text-muted-foreground">{describeSavedQuery(search.query)}</p>
        <p className="text-xs text-muted-foreground">
          {count > 0 ? t('row.newListings', { count }) : t('row.noNewListings')}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild className="flex-1 sm:flex-none">
          <Link
            href={`/browse?${search.query}`}
            onClick={() => onOpen(search)}
            data-testid="link-open-saved-search"
          >
            {t('row.open')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button
          variant="outline"
          onClick={() => onDelete(search)}
          disabled={deleteDisabled}
          aria-label={t('row.deleteLabel', { name: search.name })}
          data-testid="button-delete-saved-search"
        >
          <Trash2 aria-hidden="true" />
          <span className="sm:sr-only">{t('common:actions.delete')}</span>
        </Button>
      </div>
    </div>
  );
}
