import { Bookmark, Heart, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
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
  const { t } = useTranslation('items');
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={active ? t('favorites.removeTitle', { title }) : t('favorites.addTitle', { title })}
      title={active ? t('favorites.remove') : t('favorites.add')}
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
  const { t } = useTranslation('items');
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={active ? t('bookmark.removeTitle', { title }) : t('bookmark.addTitle', { title })}
      title={active ? t('bookmark.remove') : t('bookmark.add')}
      onClick={onClick}
      className={cn(roundButton, active && 'text-primary', className)}
      data-testid={testId}
    >
      <Bookmark className={cn('size-[18px]', active && 'fill-current')} aria-hidden="true" />
    </button>
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
