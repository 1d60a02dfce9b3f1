import { maxValueProblem, type WishlistFormValues } from '@common/domain/wishlist-rules';
import { WISHLIST_CATEGORIES } from '@common/domain/taxonomy';
import {
  MAX_BRAND_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WISHLIST_DESCRIPTION_LENGTH,
} from '@common/domain/limits';
import { z } from 'zod';
import { i18n } from '@client/i18n';

/**
 * The wishlist form's rules (docs/product.md, Wishlist and matching), checked before anything is sent, with the product doc's inline
 * messages (wishlist catalogue, errors.*, in the language shown when the form is checked);
 * lengths mirror the API contract (src/common/api/wishlist.ts).
 */
const message =
  (key: string, values: Record<string, unknown> = {}) =>
  () =>
    i18n.t(`wishlist:errors.${key}`, values);

const optionalText = (field: 'brand' | 'size' | 'description', max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: message(`${field}TooLong`, { max }) });

/** Which of maxValueProblem's problems `value` has, as the key of its message. */
function maxValueProblemKey(value: string): string | null {
  if (maxValueProblem(value) === null) return null;
  const dollars = Number(value.trim());
  if (!Number.isFinite(dollars)) return 'maxValueNotANumber';
  return dollars < 0 ? 'maxValueNegative' : 'maxValueTooHigh';
}

export const wishlistFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: message('titleRequired') })
    .max(MAX_TITLE_LENGTH, { error: message('titleTooLong', { max: MAX_TITLE_LENGTH }) }),
  category: z
    .string()
    .trim()
    .min(1, { error: message('categoryRequired') })
    .refine((value) => (WISHLIST_CATEGORIES as readonly string[]).includes(value), {
      error: message('categoryRequired'),
    }),
  brand: optionalText('brand', MAX_BRAND_LENGTH),
  size: optionalText('size', MAX_SIZE_LENGTH),
  description: optionalText('description', MAX_WISHLIST_DESCRIPTION_LENGTH),
  maxValue: z.string().superRefine((value, context) => {
    const problem = maxValueProblemKey(value);
    if (problem) context.addIssue({ code: 'custom', message: i18n.t(`wishlist:errors.${problem}`) });
  }),
}) satisfies z.ZodType<WishlistFormValues, WishlistFormValues>;
