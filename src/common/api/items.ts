import { REPORT_REASONS } from './safety';
import { z } from 'zod';
import { NEAR_DISTANCES } from './towns';
import { canonicalId, oneLine, pageLimit, titleText } from './common';
import {
  AVAILABILITY,
  CATEGORY_FILTER_IDS,
  COLORS,
  CONDITIONS,
  DATE_FILTERS,
  GENDERS,
  ITEM_CATEGORIES,
  SEASONS,
  SORTS,
  STYLES,
  SUBCATEGORIES,
} from '../domain/taxonomy';
import { MARKETPLACE_DEPTH } from '../domain/marketplace-depth';
import { IMAGE_URL_PATTERN } from './images';
import { userSummary } from './users';
import {
  MAX_BRAND_LENGTH,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_ITEM_PHOTOS,
  MAX_LOCATION_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from '../domain/limits';

export const ITEM_PAGE_DEFAULT = 48;
export const ITEM_PAGE_MAX = 100;
export {
  MARKETPLACE_DEPTH,
  SEARCH_CORRECTED_HEADER,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '../domain/marketplace-depth';
/** 100,000.00 in a two-digit currency (minor units): generous for any wardrobe item, and far from integer overflow. */
export const MAX_ITEM_VALUE_CENTS = 10_000_000;

export const itemOwner = userSummary.extend({
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Holiday mode: the owner is away until this moment (ISO), or null. Absent where not known. */
  awayUntil: z.string().nullable().optional(),
});
export type ItemOwner = z.infer<typeof itemOwner>;

export const item = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(ITEM_CATEGORIES),
  gender: z.enum(GENDERS),
  style: z.enum(STYLES).nullable(),
  /** A node of the category tree under `category`; null for older listings. */
  subcategory: z.enum(SUBCATEGORIES).nullable(),
  condition: z.enum(CONDITIONS),
  brand: z.string().nullable(),
  size: z.string().nullable(),
  /** Integer cents. */
  estimatedValue: z.number().int(),
  images: z.array(z.string()),
  tags: z.array(z.string()),
  colors: z.array(z.string()),
  seasons: z.array(z.string()),
  location: z.string().nullable(),
  /** The owner's town (name, region and country only: no position ever leaves the server); null when they chose none. */
  town: z.object({ name: z.string(), region: z.string(), country: z.string() }).nullable().optional(),
  /**
   * How far the owner's town is, in whole kilometres (town centre to town centre), from the town
   * the list was asked `near` (or, on the item page, the viewer's town); absent or null otherwise.
   */
  distanceKm: z.number().int().nullable().optional(),
  isActive: z.boolean(),
  /**
   * Present, for its owner, while moderators hold the listing out of the marketplace: removed (with
   * the reason and note), or hidden while its owner is suspended or until reports are looked at.
   */
  moderation: z
    .object({ removalReason: z.enum(REPORT_REASONS).nullable(), removalNote: z.string().nullable() })
    .optional(),
  availability: z.enum([...AVAILABILITY, 'traded']),
  favoriteCount: z.number().int(),
  /** The owner swaps it one-for-one only: never proposed in a swap ring. */
  directSwapsOnly: z.boolean(),
  /** "Free to a good home": members ask for it without offering anything; it may start a swap chain. */
  isGiveaway: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: itemOwner,
});
export type Item = z.infer<typeof item>;
export const itemList = z.array(item);

/** `GET /api/items/:id?near=`: a visitor's town to measure `distanceKm` from (a member's own town otherwise). */
export const itemDetailQuery = z
  .object({ near: z.coerce.number().int().positive().max(2_147_483_647).optional() })
  .strict();

/** `GET /api/items/:id`: the item, and for a swapped one what it went for. */
export const itemDetail = item.extend({
  /** The item its owner received in the completed swap (pairwise or ring); null otherwise. */
  swappedFor: z
    .object({ id: z.string(), title: z.string(), image: z.string().nullable() })
    .nullable()
    .optional(),
});
export type ItemDetail = z.infer<typeof itemDetail>;

/** An optional one-line text field (brand, size, location). */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine(...oneLine(label))
    .nullish()
    .transform((value) => (value ? value : null));

/** Case-insensitive match against a vocabulary, answering its canonical spelling. */
function vocabulary<T extends string>(values: readonly T[], label: string) {
  const byKey = new Map(values.map((value) => [value.toLowerCase().replace(/\s+/g, '-'), value]));
  return z.string().transform((raw, context) => {
    const found = byKey.get(raw.trim().toLowerCase().replace(/\s+/g, '-'));
    if (!found) {
      context.addIssue({
        code: 'custom',
        message: `Unknown ${label} "${raw}". Use one of: ${values.join(', ')}`,
      });
      return z.NEVER;
    }
    return found;
  });
}

const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: 'Tags must not be empty' })
  .max(MAX_TAG_LENGTH, { message: `A tag must be at most ${MAX_TAG_LENGTH} characters` })
  .refine(...oneLine('A tag'));

export const itemInput = z
  .object({
    title: titleText,
    description: z
      .string({ message: 'Description is required' })
      .trim()
      .min(1, { message: 'Description is required' })
      .max(MAX_ITEM_DESCRIPTION_LENGTH, {
        message: `Description must be at most ${MAX_ITEM_DESCRIPTION_LENGTH} characters`,
      }),
    category: vocabulary(ITEM_CATEGORIES, 'category'),
    gender: vocabulary(GENDERS, 'gender'),
    style: vocabulary(STYLES, 'style').nullish(),
    /** Must belong to the category (checked by the service, which also sees the stored category on a change). */
    subcategory: vocabulary(SUBCATEGORIES, 'subcategory').nullish(),
    condition: vocabulary(CONDITIONS, 'condition'),
    brand: optionalText('Brand', MAX_BRAND_LENGTH),
    size: optionalText('Size', MAX_SIZE_LENGTH),
    estimatedValue: z
      .number({ message: 'Estimated value is required, in cents' })
      .int({ message: 'Estimated value must be a whole number of cents' })
      .min(0, { message: 'Estimated value must be at least 0' })
      .max(MAX_ITEM_VALUE_CENTS, {
        message:
          'Estimated value must be at most 10,000,000 minor units (100,000.00 in a two-digit currency)',
      }),
    images: z
      .array(
        z.string().regex(IMAGE_URL_PATTERN, { message: 'Photos must be URLs returned by /api/images' }),
        {
          message: 'Add at least one photo',
        },
      )
      .min(1, { message: 'Add at least one photo' })
      .max(MAX_ITEM_PHOTOS, { message: `Add at most ${MAX_ITEM_PHOTOS} photos` }),
    tags: z
      .array(tag)
      .max(MAX_TAGS, { message: `Add at most ${MAX_TAGS} tags` })
      .optional(),
    colors: z.array(vocabulary(COLORS, 'color')).max(COLORS.length).optional(),
    seasons: z.array(vocabulary(SEASONS, 'season')).max(SEASONS.length).optional(),
    location: optionalText('Location', MAX_LOCATION_LENGTH),
    directSwapsOnly: z.boolean({ message: 'directSwapsOnly must be true or false' }).optional(),
    isGiveaway: z.boolean({ message: 'isGiveaway must be true or false' }).optional(),
  })
  .strict();
export type ItemInput = z.input<typeof itemInput>;

export const itemUpdate = itemInput
  .partial()
  .extend({ isActive: z.boolean({ message: 'isActive must be true or false' }).optional() })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Send at least one field to change' });
export type ItemUpdate = z.input<typeof itemUpdate>;

/**
 * A query list, each entry checked against a vocabulary: comma-joined (`size=M,L`), repeated
 * (`size=M&size=L`) or both.
 */
function csv<T extends z.ZodType<unknown, string>>(entry: T, max: number) {
  return z
    .union([z.string(), z.array(z.string()).max(100, { message: `At most ${max} values` })], {
      message: 'Expected a comma-separated list',
    })
    .transform((raw) =>
      (Array.isArray(raw) ? raw.join(',') : raw)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(entry).max(max, { message: `At most ${max} values` }));
}

const dollars = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number of dollars` })
    .min(0, { message: `${label} must be at least 0` })
    .max(100_000, { message: `${label} must be at most 100000` });

/** Every marketplace filter (docs/product.md § Browse and search); the facets endpoint takes the same. Unknown parameters are refused. */
export const itemFilters = z.object({
  category: z.enum(CATEGORY_FILTER_IDS, { message: 'Unknown category' }).optional(),
  subcategory: csv(vocabulary(SUBCATEGORIES, 'subcategory'), SUBCATEGORIES.length).optional(),
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, { message: `Search must be at most ${MAX_SEARCH_LENGTH} characters` })
    .optional(),
  condition: csv(vocabulary(CONDITIONS, 'condition'), CONDITIONS.length).optional(),
  brand: z
    .string()
    .trim()
    .max(MAX_BRAND_LENGTH, { message: `Brand must be at most ${MAX_BRAND_LENGTH} characters` })
    .optional(),
  size: csv(z.string().max(20), 30).optional(),
  availability: csv(vocabulary(AVAILABILITY, 'availability'), AVAILABILITY.length).optional(),
  location: z
    .string()
    .trim()
    .max(MAX_LOCATION_LENGTH, { message: `Location must be at most ${MAX_LOCATION_LENGTH} characters` })
    .optional(),
  rating: z.coerce
    .number({ message: 'rating must be a number from 1 to 5' })
    .min(1, { message: 'rating must be a number from 1 to 5' })
    .max(5, { message: 'rating must be a number from 1 to 5' })
    .optional(),
  dateFilter: z
    .enum(DATE_FILTERS, { message: 'dateFilter must be today, week, month or 3months' })
    .optional(),
  gender: csv(vocabulary(GENDERS, 'gender'), GENDERS.length).optional(),
  minPrice: dollars('minPrice').optional(),
  maxPrice: dollars('maxPrice').optional(),
  tags: csv(tag, 20).optional(),
  colors: csv(vocabulary(COLORS, 'color'), COLORS.length).optional(),
  seasons: csv(vocabulary(SEASONS, 'season'), SEASONS.length).optional(),
  /**
   * A town of the gazetteer (GET /api/towns): items carry `distanceKm` from it, `sortBy=distance`
   * puts the nearest first, and with `withinKm` only items within that distance are listed.
   */
  near: z.coerce
    .number({ message: 'near must be a town id' })
    .int({ message: 'near must be a town id' })
    .positive({ message: 'near must be a town id' })
    .max(2_147_483_647, { message: 'near must be a town id' })
    .optional(),
  withinKm: z.coerce
    .number()
    .refine((value) => (NEAR_DISTANCES as readonly number[]).includes(value), {
      message: `withinKm must be one of: ${NEAR_DISTANCES.join(', ')}`,
    })
    .optional(),
});

/** `withinKm` measures from `near`: it needs one. */
const withinNeedsNear: [
  (query: { near?: number | undefined; withinKm?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => query.withinKm === undefined || query.near !== undefined,
  { message: 'withinKm needs near (a town id)', path: ['withinKm'] },
];

/** Empty query values count as absent (the client omits them; a hand-written URL may not). */
const dropEmpty = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).filter(([key, v]) => v !== '' || key === 'category'))
    : value;

const DEPTH_MESSAGE = `Results go ${MARKETPLACE_DEPTH} items deep: offset + limit must be at most ${MARKETPLACE_DEPTH}. Narrow the search or filters to see more`;

export const itemListQuery = z.preprocess(
  dropEmpty,
  itemFilters
    .extend({
      sortBy: z.enum(SORTS, { message: `sortBy must be one of: ${SORTS.join(', ')}` }).optional(),
      limit: pageLimit(ITEM_PAGE_MAX, ITEM_PAGE_DEFAULT),
      offset: z.coerce
        .number({ message: 'offset must be a number' })
        // Bounds first: a huge offset reads the depth message, not "whole number" (unsafe integers).
        .min(0, { message: 'offset must be at least 0' })
        .max(MARKETPLACE_DEPTH, { message: DEPTH_MESSAGE })
        .int({ message: 'offset must be a whole number' })
        .default(0),
    })
    .strict()
    .refine((query) => query.offset + query.limit <= MARKETPLACE_DEPTH, {
      message: DEPTH_MESSAGE,
      path: ['offset'],
    })
    .refine(...withinNeedsNear),
);
export type ItemListQuery = z.output<typeof itemListQuery>;

export const itemFacetsQuery = z.preprocess(dropEmpty, itemFilters.strict().refine(...withinNeedsNear));
export type ItemFilters = z.output<typeof itemFilters>;

const countOf = z.object({ value: z.string(), count: z.number().int() });
export const itemFacets = z.object({
  /** Items matching the filters, counted up to MARKETPLACE_DEPTH when a search or facet filter is set. */
  total: z.number().int(),
  /** More than `total` items match: the count stopped at MARKETPLACE_DEPTH ("10,000+"). */
  totalIsCapped: z.boolean(),
  categories: z.record(z.enum(['all', 'clothing', 'shoes', 'accessories', 'women', 'men']), z.number().int()),
  conditions: z.array(countOf),
  subcategories: z.array(countOf),
  sizes: z.array(countOf),
  brands: z.array(countOf),
});
export type ItemFacets = z.infer<typeof itemFacets>;

export const favorite = z.object({ itemId: z.string(), createdAt: z.string(), item });
export type Favorite = z.infer<typeof favorite>;
export const favoriteInput = z.object({ itemId: canonicalId('itemId must be an item id') }).strict();

export const stats = z.object({
  totalUsers: z.number().int(),
  totalItems: z.number().int(),
  totalTrades: z.number().int(),
  /** Estimated from every item swapped so far, by category (common/domain/swap-impact.ts). */
  co2SavedKg: z.number().int(),
  landfillSavedKg: z.number().int(),
});
export type Stats = z.infer<typeof stats>;

export const favoriteItemParam = z.object({ itemId: canonicalId('itemId must be an item id') });
export const favoriteAdded = z.object({ itemId: z.string(), createdAt: z.string() });

/** Why an item is shown as similar to another, strongest first. */
export const SIMILARITY_REASONS = [
  'same brand',
  'your size',
  'same size',
  'similar size',
  'similar value',
  'same style',
  'shared tags',
  'same colours',
  'similar name',
] as const;
export type SimilarityReason = (typeof SIMILARITY_REASONS)[number];

/** GET /api/items/:id/similar: up to 12 listed items like this one, each with why. */
export const similarItem = z.object({
  item,
  reasons: z.array(z.enum(SIMILARITY_REASONS)),
});
export type SimilarItem = z.infer<typeof similarItem>;
export const similarItems = z.array(similarItem);
