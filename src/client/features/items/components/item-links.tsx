import type { Item } from '@common/api/items';
import { Link } from 'wouter';
import { ITEM_DETAIL_STATE } from '../use-item-controls';
import { ItemImage } from './item-image';

/**
 * The photo of a card or list row as a link to the item's detail view. It repeats the title link
 * for pointer users only: out of the tab order and hidden from assistive tech.
 */
export function ItemPhotoLink({
  item,
  href,
  priority,
  className,
  imageClassName,
}: {
  item: Item;
  href: string;
  priority: boolean;
  className: string;
  imageClassName?: string;
}) {
  return (
    <Link href={href} state={ITEM_DETAIL_STATE} tabIndex={-1} aria-hidden="true" className={className}>
      <ItemImage item={item} priority={priority} className={imageClassName} />
    </Link>
  );
}

/** The item's title as a heading linking to its detail view (the card's and row's accessible name). */
export function ItemTitleLink({
  item,
  href,
  id,
  className,
}: {
  item: Item;
  href: string;
  id: string;
  className: string;
}) {
  return (
    <h3 id={id} className={className}>
      <Link
        href={href}
        state={ITEM_DETAIL_STATE}
        // py-1: a one-line title is still a 24 px tap target (an inline box's padding takes no room).
        className="rounded-sm py-1 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid={`link-item-${item.id}`}
      >
        {item.title}
      </Link>
    </h3>
  );
}
