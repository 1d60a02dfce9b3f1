import type { Draft, DraftInput } from '@common/api/drafts';
import { itemInput, MAX_ITEM_VALUE_CENTS, type Item, type ItemInput } from '@common/api/items';
import { isAmountInput, toAmountInput, toMinorUnits } from '@common/domain/currency';
import {
  COLORS,
  CONDITIONS,
  GENDERS,
  ITEM_CATEGORIES,
  SEASONS,
  STYLE_CATEGORY,
  STYLES,
  isSubcategoryOf,
  type Subcategory,
  type Color,
  type Condition,
  type Gender,
  type ItemCategory,
  type Season,
  type Style,
} from '@common/domain/taxonomy';
import { MAX_BRAND_LENGTH, MAX_SIZE_LENGTH, MAX_TAGS } from '@common/domain/limits';
import { z } from 'zod';
import { i18n } from '@client/i18n';
import { amountFormatMessage, amountTextValues } from '@client/i18n/amounts';
import { currentCurrency } from '@client/lib/community';

/**
 * The List Item form as the person fills it in: text and select values as strings, the value in
 * the community's currency's major unit (its minor digits: '24.99' euros, '2500' yen). The rules mirror the API contract (itemInput), reusing its title and description
 * rules, with messages written for this form (read from the `items` catalogue when a check fails,
 * so in the language shown); photos are checked beside it.
 */
const say = (key: string, values?: Record<string, string | number>) => () =>
  i18n.t(`items:formErrors.${key}`, values ?? {});

const choice = <T extends string>(values: readonly T[], key: string) =>
  z.string().refine((value) => (values as readonly string[]).includes(value), { error: say(key) });

const optionalText = (field: 'brand' | 'size' | 'location', max: number) =>
  z
    .string()
    .trim()
    .max(max, {
      error: () =>
        i18n.t('items:formErrors.tooLong', { field: i18n.t(`items:formErrors.fields.${field}`), max }),
    });

export const itemFormSchema = z
  .object({
    title: itemInput.shape.title,
    description: itemInput.shape.description,
    category: choice(ITEM_CATEGORIES, 'category'),
    gender: choice(GENDERS, 'gender'),
    style: z.string().refine((value) => value === '' || (STYLES as readonly string[]).includes(value), {
      error: say('style'),
    }),
    subcategory: z.string(),
    condition: choice(CONDITIONS, 'condition'),
    brand: optionalText('brand', MAX_BRAND_LENGTH),
    size: optionalText('size', MAX_SIZE_LENGTH),
    value: z
      .string()
      .trim()
      .min(1, { error: () => i18n.t('items:formErrors.valueMissing', amountTextValues()) })
      .refine((value) => isAmountInput(value, currentCurrency()), {
        error: () => amountFormatMessage('items:formErrors.valueFormat'),
      })
      .refine((value) => (toMinorUnits(value, currentCurrency()) ?? 0) <= MAX_ITEM_VALUE_CENTS, {
        error: () =>
          i18n.t('items:formErrors.valueTooHigh', amountTextValues(currentCurrency(), MAX_ITEM_VALUE_CENTS)),
      }),
    tags: z.array(z.string()).max(MAX_TAGS, { error: say('tooManyTags', { max: MAX_TAGS }) }),
    colors: z.array(z.enum(COLORS)),
    seasons: z.array(z.enum(SEASONS)),
    location: optionalText('location', 80),
    /** "Free to a good home": a giveaway. */
    giveaway: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.style && STYLE_CATEGORY[values.style as Style] !== values.category) {
      context.addIssue({
        code: 'custom',
        path: ['style'],
        message: i18n.t('items:formErrors.styleCategory'),
      });
    }
    if (values.subcategory && !isSubcategoryOf(values.subcategory, values.category)) {
      context.addIssue({
        code: 'custom',
        path: ['subcategory'],
        message: i18n.t('items:formErrors.subcategoryCategory'),
      });
    }
  });

export type ItemFormValues = z.input<typeof itemFormSchema>;
export type ItemFormOutput = z.output<typeof itemFormSchema>;

export const EMPTY_ITEM_FORM: ItemFormValues = {
  title: '',
  description: '',
  category: '',
  gender: '',
  style: '',
  subcategory: '',
  condition: '',
  brand: '',
  size: '',
  value: '',
  tags: [],
  colors: [],
  seasons: [],
  location: '',
  giveaway: false,
};

export function itemToFormValues(item: Item): ItemFormValues {
  return {
    title: item.title,
    description: item.description,
    category: item.category,
    gender: item.gender,
    style: item.style ?? '',
    subcategory: item.subcategory ?? '',
    condition: item.condition,
    brand: item.brand ?? '',
    size: item.size ?? '',
    value: toAmountInput(item.estimatedValue, currentCurrency()),
    tags: item.tags,
    colors: item.colors.filter((color): color is Color => (COLORS as readonly string[]).includes(color)),
    seasons: item.seasons.filter((season): season is Season =>
      (SEASONS as readonly string[]).includes(season),
    ),
    location: item.location ?? '',
    giveaway: item.isGiveaway,
  };
}

/** The API payload (POST creates, PATCH sends the same full set of fields). */
export function formValuesToInput(values: ItemFormValues, images: string[]): ItemInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category as ItemCategory,
    gender: values.gender as Gender,
    style: values.style ? (values.style as Style) : null,
    subcategory: values.subcategory ? (values.subcategory as Subcategory) : null,
    condition: values.condition as Condition,
    brand: values.brand.trim() || null,
    size: values.size.trim() || null,
    estimatedValue: toMinorUnits(values.value, currentCurrency()) ?? 0,
    images,
    tags: values.tags,
    colors: values.colors,
    seasons: values.seasons,
    location: values.location.trim() || null,
    isGiveaway: values.giveaway,
  };
}

/** Form fields the API's 400 issues can point at (path[0]). */
export const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_ITEM_FORM));

/** The form pre-filled from a saved draft: what the draft has, empty fields for the rest. */
export function draftToFormValues(draft: Draft): ItemFormValues {
  const { fields } = draft;
  return {
    ...EMPTY_ITEM_FORM,
    title: fields.title ?? '',
    description: fields.description ?? '',
    category: fields.category ?? '',
    gender: fields.gender ?? '',
    style: fields.style ?? '',
    subcategory: fields.subcategory ?? '',
    condition: fields.condition ?? '',
    brand: fields.brand ?? '',
    size: fields.size ?? '',
    value: fields.estimatedValue === undefined ? '' : toAmountInput(fields.estimatedValue, currentCurrency()),
    tags: fields.tags ?? [],
    colors: (fields.colors ?? []).filter((color): color is Color =>
      (COLORS as readonly string[]).includes(color),
    ),
    seasons: (fields.seasons ?? []).filter((season): season is Season =>
      (SEASONS as readonly string[]).includes(season),
    ),
    location: fields.location ?? '',
    giveaway: fields.isGiveaway ?? false,
  };
}

/** True when a form field holds nothing yet (a draft leaves it out). */
function isBlank(value: ItemFormValues[keyof ItemFormValues]): boolean {
  if (typeof value === 'boolean') return !value;
  return Array.isArray(value) ? value.length === 0 : value.trim() === '';
}

/**
 * What a draft keeps of the form: the fields filled in so far, each as the listing sends it; empty
 * ones are left out (docs/decisions/013-listing-drafts.md).
 */
export function formValuesToDraftInput(values: ItemFormValues, images: string[]): DraftInput {
  const full = formValuesToInput(values, images);
  const input: DraftInput = {};
  const keys: Array<[keyof ItemFormValues, keyof DraftInput]> = [
    ['title', 'title'],
    ['description', 'description'],
    ['category', 'category'],
    ['gender', 'gender'],
    ['style', 'style'],
    ['subcategory', 'subcategory'],
    ['condition', 'condition'],
    ['brand', 'brand'],
    ['size', 'size'],
    ['value', 'estimatedValue'],
    ['tags', 'tags'],
    ['colors', 'colors'],
    ['seasons', 'seasons'],
    ['location', 'location'],
    ['giveaway', 'isGiveaway'],
  ];
  for (const [field, key] of keys) {
    if (!isBlank(values[field])) Object.assign(input, { [key]: full[key as keyof ItemInput] });
  }
  if (images.length > 0) input.images = images;
  return input;
}

/**
 * The form's problems that stop a draft from saving: those of the fields filled in (a value that is
 * not an amount, a style of another category); a field left empty is fine in a draft.
 */
export function draftProblems(
  values: ItemFormValues,
): Array<{ field: keyof ItemFormValues; message: string }> {
  const result = itemFormSchema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const field = issue.path[0] as keyof ItemFormValues | undefined;
    if (!field || !(field in values) || isBlank(values[field])) return [];
    return [{ field, message: issue.message }];
  });
}
