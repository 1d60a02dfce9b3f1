import type { Item } from '@common/api/items';
import { imageUrl } from '@common/domain/image-url';
import {
  type ConditionAccent,
  conditionAccent,
  PREVIEW_CONDITION_ACCENTS,
  type PreviewSide,
} from '@common/domain/trade-preview';

/** What the preview shows of one item, for both the WebGL and the 2D view. */
export interface PreviewItem {
  side: PreviewSide;
  title: string;
  /** The 400 px cover photo (same origin), or null when the item has no photo. */
  imageUrl: string | null;
  accent: ConditionAccent;
  /**
   * The condition's catalogue key (`tradePreview:conditions.<key>`): a known condition, 'unknown'
   * for an empty one, or null for any other value, whose `accent.label` is shown as it is.
   */
  conditionKey: string | null;
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
    conditionKey: conditionKey(item.condition),
    value: item.estimatedValue,
  };
}

/** The same loose match as conditionAccent ('Very Good', 'very_good' → 'very-good'). */
function conditionKey(condition: string): string | null {
  const key = condition
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (key in PREVIEW_CONDITION_ACCENTS) return key;
  return key.split('-').some(Boolean) ? null : 'unknown';
}
