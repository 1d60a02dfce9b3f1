import type { Item } from '@common/api/items';
import { imageUrl } from '@common/domain/image-url';
import { type ConditionAccent, conditionAccent, type PreviewSide } from '@common/domain/trade-preview';

/** What the preview shows of one item, for both the WebGL and the 2D view. */
export interface PreviewItem {
  side: PreviewSide;
  title: string;
  /** The 400 px cover photo (same origin), or null when the item has no photo. */
  imageUrl: string | null;
  accent: ConditionAccent;
  /** Integer cents. */
  value: number;
}

export function toPreviewItem(item: Item, side: PreviewSide): PreviewItem {
  const cover = item.images[0];
  return {
    side,
    title: item.title,
    imageUrl: cover ? imageUrl(cover, 400) : null,
    accent: conditionAccent(item.condition),
    value: item.estimatedValue,
  };
}
