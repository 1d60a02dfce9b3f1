import { Shirt } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@client/lib/utils';
import type { PreviewItem } from './preview-item';

/**
 * The 2D view, for browsers without WebGL (or when asked for with `?preview=2d`): the items as
 * flat cards side by side. The same controls still work: each card turns in place with a CSS
 * transform, which needs no GPU, and shows a garment-tag back when turned round.
 */
export function PreviewFlat({ items, angle }: { items: readonly PreviewItem[]; angle: number }) {
  return (
    <div
      className="absolute inset-0 flex items-center justify-center gap-[4%] px-[6%] pt-12 pb-14"
      data-testid="preview-fallback-2d"
    >
      {items.map((item) => (
        // A size container, so that the card can be as large as its cell allows at 4:5.
        <div
          key={item.side}
          className={cn(
            'flex h-full min-w-0 flex-1 items-center justify-center perspective-[1200px] [container-type:size]',
            items.length > 1 ? 'max-w-[45%]' : 'max-w-[70%]',
          )}
        >
          <FlatCard item={item} angle={angle} />
        </div>
      ))}
    </div>
  );
}

function FlatCard({ item, angle }: { item: PreviewItem; angle: number }) {
  return (
    <div
      className="relative aspect-[4/5] transform-3d"
      style={{ width: 'min(100cqw, 80cqh)', transform: `rotateY(${angle}deg)` }}
    >
      <div
        className="absolute inset-0 overflow-hidden rounded-lg border-4 bg-muted shadow-lg backface-hidden"
        style={{ borderColor: item.accent.color }}
      >
        <CoverImage url={item.imageUrl} />
      </div>
      <div
        className="absolute inset-0 flex rotate-y-180 flex-col items-center justify-center gap-3 rounded-lg border-4 bg-[#f4efe6] p-3 text-center shadow-lg backface-hidden"
        style={{ borderColor: item.accent.color }}
      >
        <span
          className="rounded-md px-2.5 py-1 text-[0.65rem] font-bold tracking-widest text-white uppercase"
          style={{ backgroundColor: item.accent.color }}
        >
          Threadswap
        </span>
        <span className="line-clamp-3 text-xs font-semibold text-stone-700 sm:text-sm">{item.title}</span>
      </div>
    </div>
  );
}

function CoverImage({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className="flex size-full items-center justify-center text-muted-foreground">
        <Shirt className="size-1/3" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt=""
      draggable={false}
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full object-cover"
    />
  );
}
