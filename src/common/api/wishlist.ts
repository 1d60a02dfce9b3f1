import { z } from 'zod';
import { WISHLIST_CATEGORIES } from '../domain/taxonomy';
import { isOneLineText, ONE_LINE_MESSAGE } from '../domain/unsafe-text';
import { oneLine, titleText } from './common';
import {
  MAX_BRAND_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_WISHLIST_DESCRIPTION_LENGTH,
} from '../domain/limits';

export const wishlistEntry = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(WISHLIST_CATEGORIES),
  brand: z.string().nullable(),
  size: z.string().nullable(),
  /** Integer cents; null when empty. */
  maxValue: z.number().int().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  /** Other spellings of the same fields, which older clients send (docs/product.md § Wishlist). */
  preferredBrand: z.string().nullable(),
  preferredSize: z.string().nullable(),
  maxPrice: z.number().int().nullable(),
});
export type WishlistEntry = z.infer<typeof wishlistEntry>;

/** An optional text field; one line (src/common/domain/unsafe-text.ts) unless it is a description. */
const optionalText = (label: string, max: number, lines: 'one' | 'several' = 'one') =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((value) => lines === 'several' || isOneLineText(value), {
      message: `${label} ${ONE_LINE_MESSAGE}`,
    })
    .nullish()
    .transform((value) => (value ? value : null));

const cents = (label: string) =>
  z
    .number({ message: `${label} must be a number of cents` })
    .int({ message: `${label} must be a whole number of cents` })
    .min(0, { message: `${label} must be at least 0` })
    .max(10_000_000, {
      message: `${label} must be at most 10,000,000 minor units (100,000.00 in a two-digit currency)`,
    })
    .nullish();

/** Accepts both spellings of each field: brand|preferredBrand, size|preferredSize, maxValue|maxPrice. */
export const wishlistInput = z
  .object({
    title: titleText,
    description: optionalText('Description', MAX_WISHLIST_DESCRIPTION_LENGTH, 'several'),
    category: z
      .string({ message: 'Category is required' })
      .trim()
      .toLowerCase()
      .min(1, { message: 'Category is required' })
      .pipe(
        z.enum(WISHLIST_CATEGORIES, {
          message: `Category must be one of: ${WISHLIST_CATEGORIES.join(', ')}`,
        }),
      ),
    brand: optionalText('Brand', MAX_BRAND_LENGTH),
    preferredBrand: optionalText('Brand', MAX_BRAND_LENGTH),
    size: optionalText('Size', MAX_SIZE_LENGTH),
    preferredSize: optionalText('Size', MAX_SIZE_LENGTH),
    maxValue: cents('maxValue'),
    maxPrice: cents('maxPrice'),
    tags: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .min(1)
          .max(MAX_TAG_LENGTH, { message: `A tag must be at most ${MAX_TAG_LENGTH} characters` })
          .refine(...oneLine('A tag')),
      )
      .max(MAX_TAGS, { message: `Add at most ${MAX_TAGS} tags` })
      .optional(),
  })
  .strict()
  .transform((input) => ({
    title: input.title,
    description: input.description ?? '',
    category: input.category,
    brand: input.brand ?? input.preferredBrand ?? null,
    size: input.size ?? input.preferredSize ?? null,
    maxValue: input.maxValue ?? input.maxPrice ?? null,
    tags: [...new Set(input.tags ?? [])],
  }));
export type WishlistInput = z.input<typeof wishlistInput>;
export type NewWishlistEntry = z.output<typeof wishlistInput>;

/** An item that matches a wishlist entry, with what the match card and 'View Item' need. */
export const wishlistMatch = z.object({
  id: z.string(),
  title: z.string(),
  images: z.array(z.string()),
  brand: z.string().nullable(),
  condition: z.string(),
  category: z.string(),
  estimatedValue: z.number().int(),
  userId: z.string(),
  /** The wishlist entries it satisfies. */
  wishlistItemIds: z.array(z.string()),
});
export type WishlistMatch = z.infer<typeof wishlistMatch>;
