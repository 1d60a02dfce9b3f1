import type { Item } from '@common/api/items';
import { imageUrl, type ImageWidth } from '@common/domain/image-url';
import { Footprints, Shirt, Watch, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';

/** How many photos of a list load eagerly, at high priority: the first row of the widest grid. */
export const EAGER_COUNT = 4;

const CATEGORY_ICONS: Record<Item['category'], LucideIcon> = {
  clothing: Shirt,
  shoes: Footprints,
  accessories: Watch,
};

/**
 * An item's cover photo at 4:5 (the upload pipeline's aspect), or a drawn fallback cover when
 * it has none. `priority` photos (the first row) load eagerly; the rest when scrolled near.
 */
export function ItemImage({
  item,
  src,
  width = 400,
  priority = false,
  className,
  alt = '',
}: {
  item: Pick<Item, 'category' | 'images'>;
  /** A specific photo; the cover by default. */
  src?: string;
  width?: ImageWidth;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  const { t } = useTranslation('items');
  const url = src ?? item.images[0];
  if (!url) {
    const Icon = CATEGORY_ICONS[item.category];
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        className={cn(
          'flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-secondary to-muted text-secondary-foreground/60',
          className,
        )}
        data-testid="img-item-fallback"
      >
        <Icon className="size-1/3" strokeWidth={1.25} aria-hidden="true" />
        <span className="text-xs font-medium">{t('image.noPhoto')}</span>
      </div>
    );
  }
  return (
    <img
      src={imageUrl(url, width)}
      alt={alt}
      width={width}
      height={width === 400 ? 500 : 1500}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('size-full object-cover', className)}
    />
  );
}
