import { maxValueProblem, type WishlistFormValues } from '@common/domain/wishlist-rules';
import { WISHLIST_CATEGORIES } from '@common/domain/taxonomy';
import {
  MAX_BRAND_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WISHLIST_DESCRIPTION_LENGTH,
} from '@common/domain/limits';
import { z } from 'zod';

/**
 * The wishlist form's rules (docs/product.md, Wishlist and matching), checked before anything is sent, with the product doc's inline
 * messages; lengths mirror the API contract (src/common/api/wishlist.ts).
 */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });

export const wishlistFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'Title is required' })
    .max(MAX_TITLE_LENGTH, { message: `Title must be at most ${MAX_TITLE_LENGTH} characters` }),
  category: z
    .string()
    .trim()
    .min(1, { message: 'Category is required' })
    .refine((value) => (WISHLIST_CATEGORIES as readonly string[]).includes(value), {
      message: 'Category is required',
    }),
  brand: optionalText('Brand', MAX_BRAND_LENGTH),
  size: optionalText('Size', MAX_SIZE_LENGTH),
  description: optionalText('Description', MAX_WISHLIST_DESCRIPTION_LENGTH),
  maxValue: z.string().superRefine((value, context) => {
    const problem = maxValueProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
}) satisfies z.ZodType<WishlistFormValues, WishlistFormValues>;
