import { ItemCard, ItemCardSkeleton } from './item-card';
import { ItemCollection, type ItemCollectionProps } from './item-collection';

const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/** Items as cards, or `skeletons` placeholder cards while the first page loads. */
export function ItemGrid(props: ItemCollectionProps) {
  return (
    <ItemCollection {...props} layoutClasses={GRID_CLASSES} Entry={ItemCard} Placeholder={ItemCardSkeleton} />
  );
}
