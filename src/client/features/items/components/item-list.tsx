import { ItemCollection, type ItemCollectionProps } from './item-collection';
import { ItemListRow, ItemListRowSkeleton } from './item-list-row';

/** Browse's list view: one row per item, or `skeletons` placeholder rows while loading. */
export function ItemList(props: ItemCollectionProps) {
  return (
    <ItemCollection
      {...props}
      layoutClasses="grid grid-cols-1 gap-3"
      Entry={ItemListRow}
      Placeholder={ItemListRowSkeleton}
    />
  );
}
