import type { Item } from '@common/api/items';
import { cn } from '@client/lib/utils';
import { useDeferredItems } from './item-grid';
import { EAGER_COUNT } from './item-image';
import { ItemListRow, ItemListRowSkeleton } from './item-list-row';

/** Browse's list view: one row per item, or `skeletons` placeholder rows while loading. */
export function ItemList({
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
  const shown = useDeferredItems(items, loading);
  if (shown === null) {
    return (
      <div
        className={cn('grid grid-cols-1 gap-3', className)}
        role="status"
        aria-label="Loading items"
        data-testid={testId ? `${testId}-loading` : undefined}
      >
        {Array.from({ length: skeletons }, (_, index) => (
          <ItemListRowSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul className={cn('grid grid-cols-1 gap-3', className)} data-testid={testId}>
      {shown.map((item, index) => (
        <li key={item.id}>
          <ItemListRow item={item} priority={index < EAGER_COUNT} />
        </li>
      ))}
    </ul>
  );
}
