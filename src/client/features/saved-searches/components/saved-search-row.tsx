import type { SavedSearch } from '@common/api/saved-searches';
import { ArrowRight, Trash2 } from 'lucide-react';
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
          {count > 0 ? (
            <span className="sr-only">
              ({count} new {count === 1 ? 'match' : 'matches'})
            </span>
          ) : null}
        </h3>
        <p className="text-sm break-words text-muted-foreground">{describeSavedQuery(search.query)}</p>
        <p className="text-xs text-muted-foreground">
          {count > 0
            ? `${count} new ${count === 1 ? 'listing' : 'listings'} since you last looked`
            : 'No new listings since you last looked'}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild className="flex-1 sm:flex-none">
          <Link
            href={`/browse?${search.query}`}
            onClick={() => onOpen(search)}
            data-testid="link-open-saved-search"
          >
            Open
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button
          variant="outline"
          onClick={() => onDelete(search)}
          disabled={deleteDisabled}
          aria-label={`Delete saved search ${search.name}`}
          data-testid="button-delete-saved-search"
        >
          <Trash2 aria-hidden="true" />
          <span className="sm:sr-only">Delete</span>
        </Button>
      </div>
    </div>
  );
}
