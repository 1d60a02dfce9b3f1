import { CircleAlert, LoaderCircle } from 'lucide-react';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type { useItemsInfinite } from '../api';
import { ItemGrid } from './item-grid';
import { ItemList } from './item-list';

export type ItemsView = 'grid' | 'list';

/** What the first screen shows at most: two rows of four on a desktop, four of two on a phone. */
const FIRST_SCREEN_ITEMS = 8;

/**
 * How many of `count` results to render: when the first results arrive, only the first screen's,
 * and the rest (below the fold at every width) just after that frame is painted, as an
 * interruptible transition. The first photo, the page's largest paint, then waits for eight cards'
 * rendering instead of twenty-four. From then on, all of them.
 */
function useFirstScreenFirst(count: number): number {
  const [all, setAll] = useState(false);
  const holding = !all && count > FIRST_SCREEN_ITEMS;
  useEffect(() => {
    if (!holding) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [holding]);
  return holding ? FIRST_SCREEN_ITEMS : count;
}

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
  const rendered = useFirstScreenFirst(loaded.length);
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
