import { z } from 'zod';
import { canonicalId } from './common';
import { MAX_BRAND_LENGTH, MAX_SIZE_LENGTH } from '../domain/limits';
import { oneLine } from './common';
import { DEFAULT_VALUE_BAND } from '../domain/ring-state';
import { COLORS, CONDITIONS, GENDERS, ITEM_CATEGORIES } from '../domain/taxonomy';

/** At most this many rules per member; favourites and wishlist entries are counted apart. */
export const MAX_SWAP_RULES = 20;
/** Sizes, brands or chosen listings in one rule. */
export const MAX_RULE_VALUES = 20;
export const MAX_RULE_ITEMS = 100;
/** The value band's limits: a rule may accept from a tenth to ten times the value given. */
export const MIN_VALUE_RATIO = 0.1;
export const MAX_VALUE_RATIO = 10;

/** A stored rule, with how many listed items of other members it matches now. */
export const swapRule = z.object({
  id: z.string(),
  category: z.enum(ITEM_CATEGORIES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  sizes: z.array(z.string()),
  brands: z.array(z.string()),
  minCondition: z.enum(CONDITIONS).nullable(),
  colors: z.array(z.enum(COLORS)),
  minValueRatio: z.number(),
  maxValueRatio: z.number(),
  /** The member's listings it applies to; empty when it applies to all of them. */
  itemIds: z.array(z.string()),
  /** Listed items of other members that satisfy it for at least one listing it applies to. */
  matchCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SwapRule = z.infer<typeof swapRule>;

/** The member's rules and the other wants that act as rules in the ring engine. */
export const swapRuleList = z.object({
  rules: z.array(swapRule),
  /** Favourites and wishlist entries: each is a rule for all of the member's listings. */
  favorites: z.number().int(),
  wishlistEntries: z.number().int(),
});
export type SwapRuleList = z.infer<typeof swapRuleList>;

const shortList = (label: string, max: number) =>
  z
    .array(
      z
        .string({ message: `${label} must be text` })
        .trim()
        .min(1, { message: `${label} must not be empty` })
        .max(max, { message: `${label} must be at most ${max} characters` })
        .refine(...oneLine(label)),
      { message: `${label} must be a list` },
    )
    .max(MAX_RULE_VALUES, { message: `At most ${MAX_RULE_VALUES} values in ${label}` });

const ratio = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(MIN_VALUE_RATIO, { message: `${label} must be at least ${MIN_VALUE_RATIO}` })
    .max(MAX_VALUE_RATIO, { message: `${label} must be at most ${MAX_VALUE_RATIO}` });

const fields = {
  category: z
    .enum(ITEM_CATEGORIES, { message: `category must be one of: ${ITEM_CATEGORIES.join(', ')}` })
    .nullable(),
  gender: z.enum(GENDERS, { message: `gender must be one of: ${GENDERS.join(', ')}` }).nullable(),
  sizes: shortList('sizes', MAX_SIZE_LENGTH),
  brands: shortList('brands', MAX_BRAND_LENGTH),
  minCondition: z
    .enum(CONDITIONS, { message: `minCondition must be one of: ${CONDITIONS.join(', ')}` })
    .nullable(),
  colors: z
    .array(z.enum(COLORS, { message: `colors must be among: ${COLORS.join(', ')}` }))
    .max(COLORS.length, { message: 'Too many colours' }),
  minValueRatio: ratio('minValueRatio'),
  maxValueRatio: ratio('maxValueRatio'),
  itemIds: z
    .array(canonicalId('itemIds must be item ids'))
    .max(MAX_RULE_ITEMS, { message: `A rule applies to at most ${MAX_RULE_ITEMS} chosen listings` }),
};

const bandInOrder = (value: { minValueRatio?: number; maxValueRatio?: number }) =>
  value.minValueRatio === undefined ||
  value.maxValueRatio === undefined ||
  value.minValueRatio <= value.maxValueRatio;
const bandMessage = { message: 'minValueRatio must not be above maxValueRatio', path: ['minValueRatio'] };

/** A new rule: everything optional, "any" by default, the default value band 0.67–1.5×. */
export const swapRuleInput = z
  .object({
    category: fields.category.default(null),
    gender: fields.gender.default(null),
    sizes: fields.sizes.default([]),
    brands: fields.brands.default([]),
    minCondition: fields.minCondition.default(null),
    colors: fields.colors.default([]),
    minValueRatio: fields.minValueRatio.default(DEFAULT_VALUE_BAND.min),
    maxValueRatio: fields.maxValueRatio.default(DEFAULT_VALUE_BAND.max),
    itemIds: fields.itemIds.default([]),
  })
  .strict()
  .refine(bandInOrder, bandMessage);
export type SwapRuleInput = z.input<typeof swapRuleInput>;
export type NewSwapRule = z.output<typeof swapRuleInput>;

/** A change to a rule: only the fields sent change. */
export const swapRuleUpdate = z
  .object({
    category: fields.category.optional(),
    gender: fields.gender.optional(),
    sizes: fields.sizes.optional(),
    brands: fields.brands.optional(),
    minCondition: fields.minCondition.optional(),
    colors: fields.colors.optional(),
    minValueRatio: fields.minValueRatio.optional(),
    maxValueRatio: fields.maxValueRatio.optional(),
    itemIds: fields.itemIds.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Send at least one field to change' })
  .refine(bandInOrder, bandMessage);
export type SwapRuleUpdate = z.output<typeof swapRuleUpdate>;

export const swapRuleMatchCount = z.object({ matchCount: z.number().int() });
