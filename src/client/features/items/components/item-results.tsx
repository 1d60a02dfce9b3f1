import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type { useItemsInfinite } from '../api';
import { useFirstScreenFirst } from '../use-first-screen-first';
import { ItemGrid } from './item-grid';
import { ItemList } from './item-list';

export type ItemsView = 'grid' | 'list';

/**
 * The paged item results of Browse and Categories: an error with 'Try again', `empty` when nothing
 * matches, the items as a grid or a list (skeletons while the first page loads) and 'Load more'.
 * `compact` (a section of a page) spaces the error less and leaves out the 'Showing n of m' line.
 */
export function ItemResults({
  query,
  view = 'grid',
  skeletons,
  testId,
  empty,
  compact = false,
}: {
  query: ReturnType<typeof useItemsInfinite>;
  view?: ItemsView;
  skeletons: number;
  testId: string;
  empty: ReactNode;
  compact?: boolean;
}) {
  const { t } = useTranslation('items');
  const format = useFormat();
  const loaded = query.data?.pages.flatMap((page) => page.items) ?? [];
  const { rendered, sentinel } = useFirstScreenFirst(loaded.length);
  const Items = view === 'list' ? ItemList : ItemGrid;
  return (
    <>
      {query.isError ? (
        <div
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border border-dashed text-center',
            compact ? 'py-14' : 'py-16',
          )}
          role="alert"
        >
          <CircleAlert className="size-10 text-destructive" aria-hidden="true" />
          <p className="font-semibold">{t('results.failed')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('results.tryAgain')}
          </Button>
        </div>
      ) : !query.isPending && loaded.length === 0 ? (
        empty
      ) : (
        <Items
          items={rendered < loaded.length ? loaded.slice(0, rendered) : loaded}
          loading={query.isPending}
          skeletons={skeletons}
          testId={testId}
        />
      )}
      {rendered < loaded.length ? (
        <div ref={sentinel} aria-hidden="true" data-testid={`${testId}-more`} />
      ) : null}

      {query.hasNextPage ? (
        <div className={compact ? 'flex justify-center' : 'flex flex-col items-center gap-2 pt-2'}>
          <Button
            variant="outline"
            size="lg"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            data-testid="button-load-more"
          >
            {query.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {query.isFetchingNextPage ? t('results.loading') : t('results.loadMore')}
          </Button>
          {compact ? null : (
            <p className="text-xs text-muted-foreground">
              {query.data?.pages[0]?.totalIsCapped
                ? t('results.showingCapped', {
                    shown: format.number(loaded.length),
                    total: format.number(query.data.pages[0].total),
                  })
                : t('results.showing', { shown: loaded.length, total: query.data?.pages[0]?.total ?? 0 })}
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}
