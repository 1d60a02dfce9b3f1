import { Bookmark, Heart } from 'lucide-react';
import { cn } from '@client/lib/utils';

const roundButton =
  'inline-flex size-9 items-center justify-center rounded-full bg-card/95 text-foreground shadow-sm ring-1 ring-black/5 backdrop-blur transition-colors hover:bg-card hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60';

/** The heart: aria-pressed tells whether the item is among the member's favourites. */
export function FavoriteButton({
  itemId,
  title,
  active,
  pending,
  onClick,
  className,
  testId = `button-favorite-${itemId}`,
}: {
  itemId: string;
  title: string;
  active: boolean;
  pending?: boolean;
  onClick: () => void;
  className?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={active ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      title={active ? 'Remove from favorites' : 'Add to favorites'}
      disabled={pending}
      onClick={onClick}
      className={cn(roundButton, active && 'text-rose-600 hover:text-rose-700', className)}
      data-testid={testId}
    >
      <Heart className={cn('size-[18px]', active && 'fill-current')} aria-hidden="true" />
    </button>
  );
}

/** The bookmark (wishlist) button. */
export function BookmarkButton({
  itemId,
  title,
  active,
  onClick,
  className,
  testId = `button-bookmark-${itemId}`,
}: {
  itemId: string;
  title: string;
  active: boolean;
  onClick: () => void;
  className?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={active ? `Remove ${title} from wishlist` : `Bookmark ${title} to wishlist`}
      title={active ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={onClick}
      className={cn(roundButton, active && 'text-primary', className)}
      data-testid={testId}
    >
      <Bookmark className={cn('size-[18px]', active && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
