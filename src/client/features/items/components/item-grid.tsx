import type { Item } from '@common/api/items';
import { cn } from '@client/lib/utils';
import { ItemCard, ItemCardSkeleton } from './item-card';
import { ItemListRow, ItemListRowSkeleton } from './item-list-row';

export type ItemsView = 'grid' | 'list';

/** How many photos load eagerly: the first row of the widest grid. */
const EAGER_COUNT = 4;

const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/** Items as cards (grid) or rows (list), or `skeletons` placeholders while the first page loads. */
export function ItemGrid({
  items,
  loading = false,
  skeletons = 8,
  view = 'grid',
  className,
  testId,
}: {
  items: readonly Item[];
  loading?: boolean;
  skeletons?: number;
  view?: ItemsView;
  className?: string;
  testId?: string;
}) {
  if (loading) {
    return (
      <div
        className={cn(view === 'grid' ? GRID_CLASSES : 'grid grid-cols-1 gap-3', className)}
        role="status"
        aria-label="Loading items"
        data-testid={testId ? `${testId}-loading` : undefined}
      >
        {Array.from({ length: skeletons }, (_, index) =>
          view === 'grid' ? <ItemCardSkeleton key={index} /> : <ItemListRowSkeleton key={index} />,
        )}
      </div>
    );
  }
  if (view === 'list') {
    return (
      <ul className={cn('grid grid-cols-1 gap-3', className)} data-testid={testId}>
        {items.map((item, index) => (
          <li key={item.id}>
            <ItemListRow item={item} priority={index < EAGER_COUNT} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={cn(GRID_CLASSES, className)} data-testid={testId}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} priority={index < EAGER_COUNT} />
        </li>
      ))}
    </ul>
  );
}
