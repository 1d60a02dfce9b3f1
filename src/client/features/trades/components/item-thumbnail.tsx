import { imageUrl } from '@common/domain/image-url';
import { Shirt } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@client/lib/utils';

/**
 * An item's cover photo at the 400 px width, square, or a neutral placeholder when the item has
 * no photo (or it fails to load). Decorative by default: the item's title is printed beside it.
 */
export function ItemThumbnail({
  images,
  alt = '',
  className,
}: {
  images: readonly string[];
  alt?: string;
  className?: string;
}) {
  const cover = images[0];
  const [failed, setFailed] = useState(false);
  const frame = cn('relative shrink-0 overflow-hidden rounded-lg bg-muted', className);

  if (!cover || failed) {
    return (
      <div
        className={cn(frame, 'flex items-center justify-center text-muted-foreground')}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <Shirt className="size-1/3 max-h-10 max-w-10" aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={imageUrl(cover, 400)}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </div>
  );
}
