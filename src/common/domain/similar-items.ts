import { DRESS_SIZES, LETTER_SIZES, SHOE_SIZES, WAIST_SIZES } from './size-options';

/** How many similar items an item shows. */
export const SIMILAR_ITEMS_LIMIT = 12;

/** "Similar value": within this share of the item's value either way. */
export const SIMILAR_VALUE_BAND = 0.3;

const SIZE_SCALES: ReadonlyArray<readonly string[]> = [LETTER_SIZES, WAIST_SIZES, DRESS_SIZES, SHOE_SIZES];

/** The sizes one step either side of `size` on its scale (M: S and L; 8.5: 8 and 9), lower-cased. */
export function neighbouringSizes(size: string | null): string[] {
  if (!size) return [];
  const wanted = size.trim().toLowerCase();
  const near = new Set<string>();
  for (const scale of SIZE_SCALES) {
    const index = scale.findIndex((option) => option.toLowerCase() === wanted);
    if (index < 0) continue;
    for (const neighbour of [scale[index - 1], scale[index + 1]]) {
      if (neighbour && neighbour.toLowerCase() !== wanted) near.add(neighbour.toLowerCase());
    }
  }
  return [...near];
}

/** The words of a title worth comparing: letters and digits, three characters or more, at most eight. */
export function titleWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}
