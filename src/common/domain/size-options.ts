import type { ProfileCategory } from './taxonomy';

/**
 * Size options per profile category: letter sizes by default; waist sizes for Bottoms;
 * letters and US dress sizes for Dresses and Formal; shoe sizes in halves; none for
 * Accessories, Bags and Jewelry.
 */

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

/** Waist sizes 24 to 36. */
export const WAIST_SIZES: readonly string[] = Array.from({ length: 13 }, (_, index) => String(24 + index));

/** US dress sizes 0 to 14 (dress sizes run in even numbers). */
export const DRESS_SIZES: readonly string[] = Array.from({ length: 8 }, (_, index) => String(index * 2));

/** Shoe sizes 5 to 11 in half sizes. */
export const SHOE_SIZES: readonly string[] = Array.from({ length: 13 }, (_, index) => String(5 + index / 2));

const NO_SIZES: ReadonlySet<string> = new Set<ProfileCategory>(['Accessories', 'Bags', 'Jewelry']);

/** Every size a member can prefer in a category, in display order. */
export function sizeOptions(category: ProfileCategory | string): readonly string[] {
  if (NO_SIZES.has(category)) return [];
  switch (category) {
    case 'Bottoms':
      return WAIST_SIZES;
    case 'Dresses':
    case 'Formal':
      return [...LETTER_SIZES, ...DRESS_SIZES];
    case 'Shoes':
      return SHOE_SIZES;
    default:
      return LETTER_SIZES;
  }
}

export function needsSizes(category: ProfileCategory | string): boolean {
  return sizeOptions(category).length > 0;
}

/** The sizes still on offer: already-chosen sizes are not offered again. */
export function remainingSizeOptions(
  category: ProfileCategory | string,
  chosen: readonly string[],
): string[] {
  const taken = new Set(chosen);
  return sizeOptions(category).filter((size) => !taken.has(size));
}
