/**
 * The marketplace's vocabularies in the reader's language (namespace `domain`). The values and
 * their English names live in src/common/domain (taxonomy, item-filters, size-options, …), which
 * the server keeps using; the client imports the names from here instead, under the same names and
 * shapes, so a label is looked up in the catalogue each time it is read (never at import time).
 * Catalogue keys are the domain values themselves: `domain:conditions.like-new`.
 */
import {
  activeFilterChips as commonActiveFilterChips,
  type AvailabilityFilter,
  type FilterChip,
  type ItemFilterState,
  PRICE_SLIDER,
  parseItemFilters,
} from '@common/domain/item-filters';
import { type SizeGroup, listingSizeGroups as commonSizeGroups } from '@common/domain/size-options';
import {
  type CategoryFilterId,
  type Condition,
  DATE_FILTERS,
  type DateFilter,
  GENDERS,
  type Gender,
  ITEM_CATEGORIES,
  type ItemCategory,
  SELLER_RATINGS,
  SORTS,
  type SortBy,
  SUBCATEGORIES,
  SUBCATEGORY_TREE as COMMON_SUBCATEGORY_TREE,
  type Subcategory,
  WISHLIST_CATEGORIES,
  WISHLIST_SUBCATEGORY,
  type WishlistCategory,
  CONDITIONS,
  AVAILABILITY,
  CATEGORY_FILTER_IDS,
} from '@common/domain/taxonomy';
import { TRADE_TYPE_LABELS as COMMON_TRADE_TYPE_LABELS } from '@common/domain/match-display';
import { PREVIEW_MODE_LABELS as COMMON_PREVIEW_MODE_LABELS } from '@common/domain/trade-preview';
import { DISPUTE_REASON_LABELS as COMMON_DISPUTE_REASON_LABELS } from '@common/domain/trade-state';
import { DEAL_FIELD_LABELS as COMMON_DEAL_FIELD_LABELS } from '@common/domain/trade-terms';
import { i18n } from '@client/i18n';
import { currentCurrency } from '@client/lib/community';
import { currencySymbol } from '@common/domain/currency';
import { INTL_TAGS, toLocale } from '@common/domain/locales';

function label(key: string, values?: Record<string, string | number>): string {
  return i18n.t(`domain:${key}`, values ?? {});
}

/** A record whose every entry reads its text from the catalogue when it is read. */
function labelRecord<K extends string>(keys: readonly K[], group: string): Record<K, string> {
  const record = {} as Record<K, string>;
  for (const key of keys) {
    Object.defineProperty(record, key, { enumerable: true, get: () => label(`${group}.${key}`) });
  }
  return Object.freeze(record);
}

/** The name of a category id of the category row ('' is All Items). */
export function categoryLabel(id: CategoryFilterId | string): string {
  return (CATEGORY_FILTER_IDS as readonly string[]).includes(id) ? label(`categories.${id || 'all'}`) : id;
}

/** A colour's name ('Black' is the stored value). */
export function colorLabel(color: string): string {
  return i18n.exists(`domain:colors.${color}`) ? label(`colors.${color}`) : color;
}

/** A season's name ('Spring' is the stored value). */
export function seasonLabel(season: string): string {
  return i18n.exists(`domain:seasons.${season}`) ? label(`seasons.${season}`) : season;
}

/** A style's or profile category's name ('Tops' is the stored value). */
export function styleLabel(style: string): string {
  return i18n.exists(`domain:styles.${style}`) ? label(`styles.${style}`) : style;
}

export const CATEGORY_ROW: ReadonlyArray<{ id: CategoryFilterId; label: string }> = Object.freeze(
  CATEGORY_FILTER_IDS.map((id) => {
    const entry = { id } as { id: CategoryFilterId; label: string };
    Object.defineProperty(entry, 'label', { enumerable: true, get: () => categoryLabel(id) });
    return Object.freeze(entry);
  }),
);

export const GENDER_LABELS: Record<Gender, string> = labelRecord(GENDERS, 'genders');
export const CONDITION_LABELS: Record<Condition, string> = labelRecord(CONDITIONS, 'conditions');
export const SORT_LABELS: Record<SortBy, string> = labelRecord(SORTS, 'sorts');
export const SELLER_RATING_LABELS: Record<(typeof SELLER_RATINGS)[number], string> = labelRecord(
  SELLER_RATINGS,
  'sellerRatings',
);
export const DATE_FILTER_LABELS: Record<DateFilter, string> = labelRecord(DATE_FILTERS, 'dateFilters');
export const SUBCATEGORY_LABELS: Record<Subcategory, string> = labelRecord(SUBCATEGORIES, 'subcategories');
export const AVAILABILITY_LABELS: Record<AvailabilityFilter, string> = labelRecord(
  AVAILABILITY,
  'availability',
);
/** A wishlist category's name: the taxonomy's (the listing form's) name of its subcategory or category. */
export const WISHLIST_CATEGORY_LABELS: Record<WishlistCategory, string> = (() => {
  const record = {} as Record<WishlistCategory, string>;
  for (const category of WISHLIST_CATEGORIES) {
    const subcategory = WISHLIST_SUBCATEGORY[category];
    Object.defineProperty(record, category, {
      enumerable: true,
      get: () => (subcategory ? label(`subcategories.${subcategory}`) : label(`categories.${category}`)),
    });
  }
  return Object.freeze(record);
})();

/** The same keys as a common label record, each read from `domain:<group>.<key>`. */
function sameKeys<R extends Record<string, string>>(common: R, group: string): R {
  return labelRecord(Object.keys(common) as Array<keyof R & string>, group) as R;
}

export const DISPUTE_REASON_LABELS = sameKeys(COMMON_DISPUTE_REASON_LABELS, 'disputeReasons');
export const TRADE_TYPE_LABELS = sameKeys(COMMON_TRADE_TYPE_LABELS, 'tradeTypes');
export const PREVIEW_MODE_LABELS = sameKeys(COMMON_PREVIEW_MODE_LABELS, 'previewModes');
export const DEAL_FIELD_LABELS = sameKeys(COMMON_DEAL_FIELD_LABELS, 'dealFields');

type SubcategoryTree = {
  [C in ItemCategory]: ReadonlyArray<{
    id: (typeof COMMON_SUBCATEGORY_TREE)[C][number]['id'];
    label: string;
  }>;
};

/** The category tree with each subcategory's name in the reader's language. */
export const SUBCATEGORY_TREE: SubcategoryTree = Object.freeze(
  Object.fromEntries(
    ITEM_CATEGORIES.map((category) => [
      category,
      COMMON_SUBCATEGORY_TREE[category].map(({ id }) => {
        const entry = { id } as { id: Subcategory; label: string };
        Object.defineProperty(entry, 'label', { enumerable: true, get: () => SUBCATEGORY_LABELS[id] });
        return Object.freeze(entry);
      }),
    ]),
  ) as unknown as SubcategoryTree,
);

/** The size systems a listing picks from, with their names in the reader's language. */
export function listingSizeGroups(
  category: string,
  subcategory?: string | null,
  gender?: string | null,
  country?: string | null,
): SizeGroup[] {
  return commonSizeGroups(category, subcategory, gender, country).map((group) => ({
    ...group,
    label: label(`sizeSystems.${group.system}`),
  }));
}

/** The name of a size system ('Letter sizes', 'EU shoe sizes'), as Browse's size filter groups sizes. */
export function sizeSystemLabel(system: string): string {
  return label(`sizeSystems.${system}`);
}

/**
 * "$20", or "$500+" at the top of the slider, which means no upper bound; the sign is the
 * community's currency's ("€20").
 */
export function formatPriceBound(dollars: number): string {
  const symbol = currencySymbol(currentCurrency(), INTL_TAGS[toLocale(i18n.language) ?? 'en']);
  return dollars >= PRICE_SLIDER.max
    ? label('priceBoundTop', { amount: PRICE_SLIDER.max, symbol })
    : label('priceBound', { amount: dollars, symbol });
}

/**
 * The filter panel's active values as removable chips, as in @common/domain/item-filters (the same
 * ids, order and states), with their texts in the reader's language.
 */
export function activeFilterChips(filters: ItemFilterState, nearTownName?: string): FilterChip[] {
  return commonActiveFilterChips(
    filters,
    {
      subcategory: (value) => SUBCATEGORY_LABELS[value],
      condition: (value) => CONDITION_LABELS[value],
      brand: (brand) => i18n.t('domain:chips.brand', { brand }),
      size: (size) => i18n.t('domain:chips.size', { size }),
      price: (min, max) =>
        i18n.t('domain:chips.price', { min: formatPriceBound(min), max: formatPriceBound(max) }),
      gender: (value) => GENDER_LABELS[value],
      availability: (value) => AVAILABILITY_LABELS[value],
      rating: (value) => i18n.t('domain:chips.rating', { rating: SELLER_RATING_LABELS[value] }),
      posted: (value) => i18n.t('domain:chips.posted', { when: DATE_FILTER_LABELS[value] }),
      near: (location) => i18n.t('domain:chips.near', { location }),
      within: (km, town) =>
        town ? i18n.t('domain:chips.withinOf', { km, town }) : i18n.t('domain:chips.within', { km }),
      color: colorLabel,
      season: seasonLabel,
      tag: (value) => `#${value}`,
    },
    nearTownName,
  );
}

/** The name field's limit (src/common/api/saved-searches.ts holds the same number for the API). */
const NAME_MAX = 60;

/** A saved search's filters in words, as in @common/domain/saved-search-display. */
export function describeItemFilters(filters: ItemFilterState): string[] {
  return filterWords(filters, true);
}

/**
 * The name the 'Save this search' dialog suggests, in the reader's language; its search words are
 * bare because texts quote the whole name (as in @common/domain/saved-search-display).
 */
export function defaultSearchName(filters: ItemFilterState): string {
  const name = filterWords(filters, false).join(', ');
  if (!name) return label('mySearch');
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 1).trimEnd()}…`;
}

function filterWords(filters: ItemFilterState, quoteSearch: boolean): string[] {
  const parts: string[] = [];
  if (filters.search)
    parts.push(quoteSearch ? i18n.t('domain:quoted', { text: filters.search }) : filters.search);
  if (filters.category) parts.push(categoryLabel(filters.category));
  for (const chip of activeFilterChips(filters)) parts.push(chip.label);
  return parts;
}

/** The words for a stored query string (the saved-searches list). */
export function describeSavedQuery(query: string): string {
  return describeItemFilters(parseItemFilters(query)).join(' · ');
}
