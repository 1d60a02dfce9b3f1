import { memo } from 'react';
import { ItemCard, ItemCardSkeleton } from './item-card';
import { ItemCollection, type ItemCollectionProps } from './item-collection';

const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/**
 * A card renders again only when its item (or priority) changes, or what it reads itself (the
 * session, favourites, the language): a page that renders again because another of its answers
 * arrived (Browse's facets, the landing page's stats) leaves its cards alone. Such an update comes
 * from the query cache (useSyncExternalStore) and cannot be split into slices, so every card it
 * walks is main-thread time in one piece.
 */
const Card = memo(ItemCard);

/** Items as cards, or `skeletons` placeholder cards while the first page loads. */
export function ItemGrid(props: ItemCollectionProps) {
  return (
    <ItemCollection {...props} layoutClasses={GRID_CLASSES} Entry={Card} Placeholder={ItemCardSkeleton} />
  );
}
