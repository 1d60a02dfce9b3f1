import { imageUrl } from '@common/domain/image-url';
import { Shirt } from 'lucide-react';
import { cn } from '@client/lib/utils';

/** An item's cover photo at the 400 px width (square crop), or a neutral placeholder. Decorative. */
export function ItemThumb({ images, className }: { images: readonly string[]; className?: string }) {
  const cover = images[0];
  return (
    <div className={cn('relative shrink-0 overflow-hidden rounded-lg bg-muted', className)}>
      {cover ? (
        <img
          src={imageUrl(cover, 400)}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-secondary to-muted text-secondary-foreground/60">
          <Shirt className="size-1/2 max-h-8 max-w-8" strokeWidth={1.5} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
