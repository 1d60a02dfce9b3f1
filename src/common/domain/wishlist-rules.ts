/**
 * Rules of the wishlist (docs/product.md § Wishlist): the category names, which entry a bookmark stands for,
 * and the form's payload. Pure, so the page, the bookmark and the tests share them.
 */
import { DEFAULT_CURRENCY, isAmountInput, toMinorUnits } from './currency';
import {
  CATEGORY_ROW,
  SUBCATEGORY_LABELS,
  WISHLIST_CATEGORIES,
  WISHLIST_SUBCATEGORY,
  type WishlistCategory,
} from './taxonomy';

/** The API's ceiling for a wishlist entry's max value, in minor units (100,000.00 in a two-digit currency). */
export const MAX_WISHLIST_VALUE_CENTS = 10_000_000;

/** Each wishlist category's name: the taxonomy's name of its subcategory or item category. */
export const WISHLIST_CATEGORY_LABELS = Object.fromEntries(
  WISHLIST_CATEGORIES.map((category) => {
    const subcategory = WISHLIST_SUBCATEGORY[category];
    const name = subcategory
      ? SUBCATEGORY_LABELS[subcategory]
      : (CATEGORY_ROW.find((entry) => entry.id === category)?.label ?? category);
    return [category, name];
  }),
) as Record<WishlistCategory, string>;

/** The styles that have their own wishlist category; every other item uses its category. */
const STYLE_WISHLIST_CATEGORIES: Partial<Record<string, WishlistCategory>> = {
  Bags: 'bags',
  Jewelry: 'jewelry',
  Watches: 'watches',
};

/** The wishlist category an item belongs to: bags, jewelry or watches by style, else its category. */
export function wishlistCategoryOf(item: {
  category: WishlistCategory;
  style: string | null;
}): WishlistCategory {
  return (item.style ? STYLE_WISHLIST_CATEGORIES[item.style] : undefined) ?? item.category;
}

const titleKey = (title: string | null | undefined) => (title ?? '').trim().toLowerCase();

interface BookmarkedItem {
  title: string;
  category: WishlistCategory;
  style: string | null;
  brand?: string | null;
  size?: string | null;
}

/**
 * What a bookmark wishes for: the kind of item, not the one listing ("COS Outerwear", or
 * "Outerwear" without a brand; the category's name without a style). Brand and size are fields of
 * their own, prefilled beside it.
 */
export function wishlistTitleFor(item: Pick<BookmarkedItem, 'category' | 'style' | 'brand'>): string {
  const kind = item.style ?? WISHLIST_CATEGORY_LABELS[wishlistCategoryOf(item)];
  const brand = item.brand?.trim();
  return brand ? `${brand} ${kind}` : kind;
}

/**
 * The bookmark: the entry an item's bookmark stands for, in the item's category: one made from
 * such a bookmark (the kind's title, the same brand and size), or one with the item's own title
 * (ignoring case); undefined when there is none.
 */
export function wishlistEntryFor<
  T extends { title: string; category: string; brand?: string | null; size?: string | null },
>(entries: readonly T[], item: BookmarkedItem): T | undefined {
  const category = wishlistCategoryOf(item);
  const title = titleKey(item.title);
  const kind = titleKey(wishlistTitleFor(item));
  return entries.find(
    (entry) =>
      entry.category === category &&
      (titleKey(entry.title) === title ||
        (titleKey(entry.title) === kind &&
          titleKey(entry.brand) === titleKey(item.brand) &&
          titleKey(entry.size) === titleKey(item.size))),
  );
}

/** The wishlist form as a person fills it in: every field as text, the max value in dollars. */
export interface WishlistFormValues {
  title: string;
  category: string;
  brand: string;
  size: string;
  description: string;
  maxValue: string;
}

export const EMPTY_WISHLIST_FORM: WishlistFormValues = {
  title: '',
  category: '',
  brand: '',
  size: '',
  description: '',
  maxValue: '',
};

/** Why a typed max value cannot be sent (the key of its message), or null when it can (empty means no limit). */
export function maxValueProblem(
  input: string,
  currency: string = DEFAULT_CURRENCY,
): 'maxValueNotANumber' | 'maxValueNegative' | 'maxValueTooHigh' | null {
  const text = input.trim();
  if (text === '') return null;
  if (/^-\s*\d/.test(text)) return 'maxValueNegative';
  if (!isAmountInput(text, currency)) return 'maxValueNotANumber';
  if ((toMinorUnits(text, currency) ?? 0) > MAX_WISHLIST_VALUE_CENTS) return 'maxValueTooHigh';
  return null;
}

export interface WishlistPayload {
  title: string;
  category: string;
  description: string;
  brand: string | null;
  size: string | null;
  /** Integer minor units of the community's currency; null when empty. */
  maxValue: number | null;
}

/**
 * The add form: title, category and description trimmed; brand and size trimmed and null
 * when empty; the max value in the currency's major unit becomes integer minor units (rounded),
 * null when empty.
 */
export function wishlistPayload(
  values: WishlistFormValues,
  currency: string = DEFAULT_CURRENCY,
): WishlistPayload {
  const optional = (text: string) => text.trim() || null;
  return {
    title: values.title.trim(),
    category: values.category.trim(),
    description: values.description.trim(),
    brand: optional(values.brand),
    size: optional(values.size),
    maxValue: toMinorUnits(values.maxValue, currency),
  };
}
