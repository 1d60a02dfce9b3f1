import { memo } from 'react';
import { ItemCollection, type ItemCollectionProps } from './item-collection';
import { ItemListRow, ItemListRowSkeleton } from './item-list-row';

/** Renders again only when its item changes (see the grid's cards, item-grid.tsx). */
const Row = memo(ItemListRow);

/** Browse's list view: one row per item, or `skeletons` placeholder rows while loading. */
export function ItemList(props: ItemCollectionProps) {
  return (
    <ItemCollection
      {...props}
      layoutClasses="grid grid-cols-1 gap-3"
      Entry={Row}
      Placeholder={ItemListRowSkeleton}
    />
  );
}
