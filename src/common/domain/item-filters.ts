/**
 * The marketplace filters (docs/product.md § Browse and search) as one plain state, and its round trip through a
 * query string. The Browse page keeps this state in its URL (so a reload or a shared link keeps
 * it), and the same parameters, under the same names, go to GET /api/items and /api/items/facets.
 * Parsing is forgiving: a hand-edited URL never makes the API answer 400, because values outside
 * the vocabularies are dropped and lengths are clipped to the API's limits.
 */
import { NEAR_DISTANCES, type NearDistance } from '../api/towns';
import {
  AVAILABILITY,
  CATEGORY_FILTER_IDS,
  COLORS,
  CONDITION_LABELS,
  CONDITIONS,
  DATE_FILTER_LABELS,
  DATE_FILTERS,
  GENDER_LABELS,
  GENDERS,
  SEASONS,
  SELLER_RATING_LABELS,
  SELLER_RATINGS,
  SORTS,
  SUBCATEGORIES,
  SUBCATEGORY_LABELS,
  isSubcategoryOf,
  itemCategoryOf,
  type Subcategory,
  type Availability,
  type CategoryFilterId,
  type Color,
  type Condition,
  type DateFilter,
  type Gender,
  type Season,
  type SortBy,
} from './taxonomy';

/** The price slider runs from $0 to $500 in steps of $10; the default is the whole range. */
export const PRICE_SLIDER = { min: 0, max: 500, step: 10 } as const;

export type AvailabilityFilter = Exclude<Availability, 'traded'>;
export type SellerRating = (typeof SELLER_RATINGS)[number];

export interface ItemFilterState {
  search: string;
  category: CategoryFilterId;
  /** Nodes of the category tree; several at once (jeans and trousers). */
  subcategory: Subcategory[];
  /** Undefined is the default order: best match while searching, newest otherwise. */
  sortBy: SortBy | undefined;
  condition: Condition[];
  brand: string;
  size: string[];
  /** Whole dollars. */
  minPrice: number;
  /** Whole dollars; PRICE_SLIDER.max means no upper bound. */
  maxPrice: number;
  gender: Gender[];
  availability: AvailabilityFilter[];
  rating: SellerRating | '';
  dateFilter: DateFilter | '';
  location: string;
  colors: Color[];
  seasons: Season[];
  tags: string[];
  /** "Near me": the town distances are measured from (GET /api/towns), or undefined. */
  near?: number | undefined;
  /** With `near`: only items within this many kilometres. */
  withinKm?: NearDistance | undefined;
}

export const DEFAULT_ITEM_FILTERS: ItemFilterState = Object.freeze({
  search: '',
  category: '',
  subcategory: [],
  sortBy: undefined,
  condition: [],
  brand: '',
  size: [],
  minPrice: PRICE_SLIDER.min,
  maxPrice: PRICE_SLIDER.max,
  gender: [],
  availability: [],
  rating: '',
  dateFilter: '',
  location: '',
  colors: [],
  seasons: [],
  tags: [],
  near: undefined,
  withinKm: undefined,
}) as ItemFilterState;

/** The API's length limits (src/common/api/items.ts), applied while parsing. */
const LIMITS = { search: 200, brand: 60, location: 80, size: 20, sizes: 30, tag: 30, tags: 20 } as const;

function text(value: string | null, max: number): string {
  return (value ?? '').trim().slice(0, max);
}

/** A list parameter, comma-joined, repeated (`size=M&size=L`) or both. */
function list(values: readonly string[]): string[] {
  return values
    .join(',')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Entries of a comma-joined list that belong to a vocabulary (case-insensitive), in canonical spelling. */
function vocabularyList<T extends string>(value: readonly string[], vocabulary: readonly T[]): T[] {
  const byKey = new Map(vocabulary.map((entry) => [entry.toLowerCase(), entry]));
  return unique(
    list(value)
      .map((entry) => byKey.get(entry.toLowerCase()))
      .filter((entry): entry is T => entry !== undefined),
  );
}

function oneOf<T extends string>(value: string | null, vocabulary: readonly T[]): T | undefined {
  return vocabulary.find((entry) => entry === value);
}

function price(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) return fallback;
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, Math.round(parsed)));
}

/** Reads the filters from a query string (with or without the leading '?'). */
export function parseItemFilters(query: URLSearchParams | string): ItemFilterState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  let minPrice = price(params.get('minPrice'), PRICE_SLIDER.min);
  let maxPrice = price(params.get('maxPrice'), PRICE_SLIDER.max);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const category = oneOf(params.get('category'), CATEGORY_FILTER_IDS) ?? '';
  const itemCategory = itemCategoryOf(category);
  return {
    search: text(params.get('search'), LIMITS.search),
    category,
    // Subcategories of another category than the chosen one would only empty the result.
    subcategory: vocabularyList(params.getAll('subcategory'), SUBCATEGORIES).filter(
      (entry) => !itemCategory || isSubcategoryOf(entry, itemCategory),
    ),
    sortBy: oneOf(params.get('sortBy'), SORTS),
    condition: vocabularyList(params.getAll('condition'), CONDITIONS),
    brand: text(params.get('brand'), LIMITS.brand),
    size: unique(list(params.getAll('size')).filter((size) => size.length <= LIMITS.size)).slice(
      0,
      LIMITS.sizes,
    ),
    minPrice,
    maxPrice,
    gender: vocabularyList(params.getAll('gender'), GENDERS),
    availability: vocabularyList(params.getAll('availability'), AVAILABILITY),
    rating: oneOf(params.get('rating'), SELLER_RATINGS) ?? '',
    dateFilter: oneOf(params.get('dateFilter'), DATE_FILTERS) ?? '',
    location: text(params.get('location'), LIMITS.location),
    colors: vocabularyList(params.getAll('colors'), COLORS),
    seasons: vocabularyList(params.getAll('seasons'), SEASONS),
    tags: unique(
      list(params.getAll('tags'))
        .map((tag) => tag.toLowerCase())
        .filter((tag) => tag.length <= LIMITS.tag),
    ).slice(0, LIMITS.tags),
    ...nearFilter(params),
  };
}

/** `near` (a positive town id) and `withinKm` (one of NEAR_DISTANCES, only with a town). */
function nearFilter(params: URLSearchParams): Pick<ItemFilterState, 'near' | 'withinKm'> {
  const near = Number(params.get('near'));
  if (!Number.isSafeInteger(near) || near <= 0 || near > 2_147_483_647)
    return { near: undefined, withinKm: undefined };
  const within = Number(params.get('withinKm'));
  const withinKm = NEAR_DISTANCES.find((distance) => distance === within);
  return { near, withinKm };
}

/**
 * The query parameters for the filters, in a fixed order, leaving out every empty or default
 * value (the API refuses unknown parameters and counts empty ones as absent). Used both for the
 * page URL and for the API call.
 */
export function itemFiltersToParams(filters: ItemFilterState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | readonly string[] | undefined) => {
    const serialized = Array.isArray(value)
      ? value.join(',')
      : value === undefined
        ? ''
        : String(value).trim();
    if (serialized) params.set(name, serialized);
  };
  put('search', filters.search);
  put('category', filters.category);
  put('subcategory', filters.subcategory);
  put('sortBy', filters.sortBy);
  put('condition', filters.condition);
  put('brand', filters.brand);
  put('size', filters.size);
  if (filters.minPrice > PRICE_SLIDER.min) put('minPrice', filters.minPrice);
  if (filters.maxPrice < PRICE_SLIDER.max) put('maxPrice', filters.maxPrice);
  put('gender', filters.gender);
  put('availability', filters.availability);
  put('rating', filters.rating);
  put('dateFilter', filters.dateFilter);
  put('location', filters.location);
  put('colors', filters.colors);
  put('seasons', filters.seasons);
  put('tags', filters.tags);
  put('near', filters.near);
  if (filters.near !== undefined) put('withinKm', filters.withinKm);
  return params;
}

/** "$20", or "$500+" at the top of the slider, which means no upper bound. */
export function formatPriceBound(dollars: number): string {
  return dollars >= PRICE_SLIDER.max ? `$${PRICE_SLIDER.max}+` : `$${dollars}`;
}

export const AVAILABILITY_LABELS: Record<AvailabilityFilter, string> = {
  available: 'Available',
  pending: 'Pending',
  reserved: 'Reserved',
};

export type FilterChipGroup =
  | 'subcategory'
  | 'condition'
  | 'brand'
  | 'size'
  | 'price'
  | 'gender'
  | 'availability'
  | 'rating'
  | 'dateFilter'
  | 'location'
  | 'withinKm'
  | 'colors'
  | 'seasons'
  | 'tags';

/** One removable 'Active filters' chip: its id (stable, for test ids), its text, and the state without it. */
export interface FilterChip {
  id: string;
  group: FilterChipGroup;
  label: string;
  without: ItemFilterState;
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The words of the 'Active filters' chips: English here; the client passes its reader's language. */
export interface FilterChipTexts {
  subcategory: (value: Subcategory) => string;
  condition: (value: Condition) => string;
  brand: (brand: string) => string;
  size: (size: string) => string;
  price: (min: number, max: number) => string;
  gender: (value: Gender) => string;
  availability: (value: AvailabilityFilter) => string;
  rating: (value: NonNullable<ItemFilterState['rating']> & keyof typeof SELLER_RATING_LABELS) => string;
  posted: (value: NonNullable<ItemFilterState['dateFilter']> & keyof typeof DATE_FILTER_LABELS) => string;
  near: (location: string) => string;
  /** `town`: the `near` town's name, once known. */
  within?: (km: number, town?: string) => string;
  color: (value: string) => string;
  season: (value: string) => string;
  tag: (value: string) => string;
}

export const ENGLISH_CHIP_TEXTS: FilterChipTexts = {
  subcategory: (value) => SUBCATEGORY_LABELS[value],
  condition: (value) => CONDITION_LABELS[value],
  brand: (brand) => `Brand: ${brand}`,
  size: (size) => `Size ${size}`,
  price: (min, max) => `${formatPriceBound(min)} – ${formatPriceBound(max)}`,
  gender: (value) => GENDER_LABELS[value],
  availability: (value) => AVAILABILITY_LABELS[value],
  rating: (value) => `Seller ${SELLER_RATING_LABELS[value]}`,
  posted: (value) => `Posted: ${DATE_FILTER_LABELS[value]}`,
  near: (location) => `Near: ${location}`,
  within: (km, town) => (town ? `Within ${km} km of ${town}` : `Within ${km} km`),
  color: (value) => value,
  // Stored as 'Fall'; British English reads it as 'Autumn'.
  season: (value) => (value === 'Fall' ? 'Autumn' : value),
  tag: (value) => `#${value}`,
};

/**
 * The filter panel's active values as removable chips: every filter of the panel. Search, category and sort have their own controls.
 */
export function activeFilterChips(
  filters: ItemFilterState,
  texts: FilterChipTexts = ENGLISH_CHIP_TEXTS,
  /** The `near` town's name, for the distance chip ('Within 10 km of Boulogne-Billancourt'). */
  nearTownName?: string,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const each = <K extends FilterChipGroup & keyof ItemFilterState>(
    group: K,
    values: readonly string[],
    label: (value: string) => string,
  ) => {
    for (const value of values) {
      chips.push({
        id: `${group}-${slug(value)}`,
        group,
        label: label(value),
        without: { ...filters, [group]: values.filter((entry) => entry !== value) },
      });
    }
  };
  const single = (group: FilterChipGroup, label: string, without: Partial<ItemFilterState>) => {
    chips.push({ id: group, group, label, without: { ...filters, ...without } });
  };

  each('subcategory', filters.subcategory, (value) => texts.subcategory(value as Subcategory));
  each('condition', filters.condition, (value) => texts.condition(value as Condition));
  if (filters.brand) single('brand', texts.brand(filters.brand), { brand: '' });
  each('size', filters.size, texts.size);
  if (filters.minPrice > PRICE_SLIDER.min || filters.maxPrice < PRICE_SLIDER.max) {
    single('price', texts.price(filters.minPrice, filters.maxPrice), {
      minPrice: PRICE_SLIDER.min,
      maxPrice: PRICE_SLIDER.max,
    });
  }
  each('gender', filters.gender, (value) => texts.gender(value as Gender));
  each('availability', filters.availability, (value) => texts.availability(value as AvailabilityFilter));
  if (filters.rating) single('rating', texts.rating(filters.rating), { rating: '' });
  if (filters.dateFilter) single('dateFilter', texts.posted(filters.dateFilter), { dateFilter: '' });
  if (filters.location) single('location', texts.near(filters.location), { location: '' });
  if (filters.near !== undefined && filters.withinKm !== undefined)
    single(
      'withinKm',
      (texts.within ?? ENGLISH_CHIP_TEXTS.within ?? String)(filters.withinKm, nearTownName),
      {
        withinKm: undefined,
      },
    );
  each('colors', filters.colors, texts.color);
  each('seasons', filters.seasons, texts.season);
  each('tags', filters.tags, texts.tag);
  return chips;
}

/** The number on the 'Filters' badge: one per removable chip. */
export function countActiveFilters(filters: ItemFilterState): number {
  return activeFilterChips(filters).length;
}

/**
 * Choosing a category on Browse: subcategories of another category go (they would only empty the
 * result); the department (gender) filter stays, so 'Shoes' with 'Women' is women's shoes.
 */
export function withCategory(filters: ItemFilterState, category: CategoryFilterId): ItemFilterState {
  const itemCategory = itemCategoryOf(category);
  return {
    ...filters,
    category,
    subcategory: itemCategory
      ? filters.subcategory.filter((entry) => isSubcategoryOf(entry, itemCategory))
      : filters.subcategory,
  };
}

/** 'Clear All' in the filter panel: every panel filter back to its default; search, category and sort stay. */
export function clearPanelFilters(filters: ItemFilterState): ItemFilterState {
  return {
    ...DEFAULT_ITEM_FILTERS,
    search: filters.search,
    category: filters.category,
    sortBy: filters.sortBy,
  };
}

/** Adds a value to a list filter, or removes it when present (the panel's toggle chips). */
export function toggleValue<T extends string>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((entry) => entry !== value) : [...values, value];
}
