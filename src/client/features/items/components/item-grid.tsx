import type { Item } from '@common/api/items';
import { cn } from '@client/lib/utils';
import { ItemCard, ItemCardSkeleton } from './item-card';

/** How many photos load eagerly: the first row of the widest grid. */
export const EAGER_COUNT = 4;

const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/** Items as cards, or `skeletons` placeholder cards while the first page loads. */
export function ItemGrid({
  items,
  loading = false,
  skeletons = 8,
  className,
  testId,
}: {
  items: readonly Item[];
  loading?: boolean;
  skeletons?: number;
  className?: string;
  testId?: string;
}) {
  if (loading) {
    return (
      <div
        className={cn(GRID_CLASSES, className)}
        role="status"
        aria-label="Loading items"
        data-testid={testId ? `${testId}-loading` : undefined}
      >
        {Array.from({ length: skeletons }, (_, index) => (
          <ItemCardSkeleton key={index} />
        ))}
      </div>
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
