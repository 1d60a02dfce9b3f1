import type { Item } from '@common/api/items';
import { Bookmark, Heart, type LucideIcon, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import type { useItemControls } from '../use-item-controls';

const roundButton =
  'inline-flex size-9 items-center justify-center rounded-full bg-card/95 text-foreground shadow-sm ring-1 ring-black/5 backdrop-blur transition-colors hover:bg-card hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60';

interface ToggleProps {
  itemId: string;
  title: string;
  active: boolean;
  onClick: () => void;
  className?: string;
  testId?: string;
}

/** A round icon toggle over an item photo: aria-pressed tells its state, the label names the item. */
function ItemToggleButton({
  icon: Icon,
  labels,
  activeClassName,
  active,
  pending,
  onClick,
  className,
  testId,
}: Omit<ToggleProps, 'itemId' | 'title'> & {
  icon: LucideIcon;
  labels: { aria: string; tooltip: string };
  activeClassName: string;
  pending?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={labels.aria}
      title={labels.tooltip}
      disabled={pending}
      onClick={onClick}
      className={cn(roundButton, active && activeClassName, className)}
      data-testid={testId}
    >
      <Icon className={cn('size-[18px]', active && 'fill-current')} aria-hidden="true" />
    </button>
  );
}

/** The heart: whether the item is among the member's favourites. */
export function FavoriteButton({
  itemId,
  title,
  testId = `button-favorite-${itemId}`,
  ...props
}: ToggleProps & { pending?: boolean }) {
  const { t } = useTranslation('items');
  return (
    <ItemToggleButton
      {...props}
      icon={Heart}
      testId={testId}
      activeClassName="text-rose-600 hover:text-rose-700"
      labels={
        props.active
          ? { aria: t('favorites.removeTitle', { title }), tooltip: t('favorites.remove') }
          : { aria: t('favorites.addTitle', { title }), tooltip: t('favorites.add') }
      }
    />
  );
}

/** The heart of an item, wired to its controls (useItemControls): the card's, the row's, the detail's. */
export function ItemFavoriteButton({
  item,
  controls,
  className,
  testId,
}: {
  item: Pick<Item, 'id' | 'title'>;
  controls: Pick<ReturnType<typeof useItemControls>, 'isFavorite' | 'favoritePending' | 'favorite'>;
  className?: string;
  testId?: string;
}) {
  return (
    <FavoriteButton
      itemId={item.id}
      title={item.title}
      active={controls.isFavorite}
      pending={controls.favoritePending}
      onClick={controls.favorite}
      className={className}
      testId={testId}
    />
  );
}

/** The bookmark (wishlist) button. */
export function BookmarkButton({
  itemId,
  title,
  testId = `button-bookmark-${itemId}`,
  ...props
}: ToggleProps) {
  const { t } = useTranslation('items');
  return (
    <ItemToggleButton
      {...props}
      icon={Bookmark}
      testId={testId}
      activeClassName="text-primary"
      labels={
        props.active
          ? { aria: t('bookmark.removeTitle', { title }), tooltip: t('bookmark.remove') }
          : { aria: t('bookmark.addTitle', { title }), tooltip: t('bookmark.add') }
      }
    />
  );
}

/**
 * Share: the system share sheet where the browser has one (Web Share API, phones mostly), else the
 * item's address is copied to the clipboard. The address is the item's shareable one, whose HTML
 * carries its link preview (server/lib/page-meta.ts).
 */
export function ShareButton({
  itemId,
  title,
  className,
}: {
  itemId: string;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation('items');
  const share = async () => {
    const url = `${window.location.origin}/browse?highlight=${itemId}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${title} · Threadswap`, url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.copied'), description: t('share.copiedHint') });
    } catch {
      toast({ title: t('share.copyIt'), description: url });
    }
  };
  return (
    <button
      type="button"
      aria-label={t('share.label', { title })}
      title={t('share.title')}
      onClick={() => void share()}
      className={cn(roundButton, className)}
      data-testid="button-detail-share"
    >
      <Share2 className="size-[18px]" aria-hidden="true" />
    </button>
  );
}
