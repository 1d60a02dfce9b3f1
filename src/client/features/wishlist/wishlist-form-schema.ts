import {
  MAX_WISHLIST_VALUE_CENTS,
  maxValueProblem,
  type WishlistFormValues,
} from '@common/domain/wishlist-rules';
import { WISHLIST_CATEGORIES } from '@common/domain/taxonomy';
import {
  MAX_BRAND_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WISHLIST_DESCRIPTION_LENGTH,
} from '@common/domain/limits';
import { z } from 'zod';
import { i18n } from '@client/i18n';
import { amountFormatMessage, amountTextValues } from '@client/i18n/amounts';
import { currentCurrency } from '@client/lib/community';

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
    const problem = maxValueProblem(value, currentCurrency());
    if (!problem) return;
    const message =
      problem === 'maxValueNotANumber'
        ? amountFormatMessage('wishlist:errors.maxValueNotANumber')
        : i18n.t(`wishlist:errors.${problem}`, amountTextValues(currentCurrency(), MAX_WISHLIST_VALUE_CENTS));
    context.addIssue({ code: 'custom', message });
  }),
}) satisfies z.ZodType<WishlistFormValues, WishlistFormValues>;
