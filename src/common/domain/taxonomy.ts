/**
 * Every vocabulary of the marketplace in one place (docs/product.md § Taxonomy).
 * An item has a category, a gender and an optional style; the category ids
 * `women` and `men` select by gender, and the wishlist's bags/jewelry/watches are accessories with that style.
 */

export const ITEM_CATEGORIES = ['clothing', 'shoes', 'accessories'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** The category ids of the category row and category page; '' is All Items. */
export const CATEGORY_FILTER_IDS = ['', 'clothing', 'shoes', 'accessories', 'women', 'men'] as const;
export type CategoryFilterId = (typeof CATEGORY_FILTER_IDS)[number];

export const CATEGORY_ROW: ReadonlyArray<{ id: CategoryFilterId; label: string }> = [
  { id: '', label: 'All Items' },
  { id: 'clothing', label: 'Clothing' },
  { id: 'shoes', label: 'Shoes' },
  { id: 'accessories', label: 'Accessories' },
  { id: 'women', label: 'Women' },
  { id: 'men', label: 'Men' },
];

export const GENDERS = ['women', 'men', 'unisex', 'kids'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  women: 'Women',
  men: 'Men',
  unisex: 'Unisex',
  kids: 'Kids',
};

/** The clothing kinds both STYLES and PROFILE_CATEGORIES start with, in their order. */
const GARMENT_KINDS = [
  'Tops',
  'Bottoms',
  'Dresses',
  'Outerwear',
  'Shoes',
  'Accessories',
  'Bags',
  'Jewelry',
] as const;

export const STYLES = [...GARMENT_KINDS, 'Watches', 'Activewear', 'Formal'] as const;
export type Style = (typeof STYLES)[number];

/** The category names of the wishlist and the profile preferences. */
export const PROFILE_CATEGORIES = [...GARMENT_KINDS, 'Activewear', 'Formal'] as const;
export type ProfileCategory = (typeof PROFILE_CATEGORIES)[number];

/** Which item category each style belongs to. */
export const STYLE_CATEGORY: Record<Style, ItemCategory> = {
  Tops: 'clothing',
  Bottoms: 'clothing',
  Dresses: 'clothing',
  Outerwear: 'clothing',
  Activewear: 'clothing',
  Formal: 'clothing',
  Shoes: 'shoes',
  Accessories: 'accessories',
  Bags: 'accessories',
  Jewelry: 'accessories',
  Watches: 'accessories',
};

/** The wishlist form's category options and what each selects. */
export const WISHLIST_CATEGORIES = [
  'clothing',
  'shoes',
  'accessories',
  'bags',
  'jewelry',
  'watches',
] as const;
export type WishlistCategory = (typeof WISHLIST_CATEGORIES)[number];
export const WISHLIST_CATEGORY_MAP: Record<WishlistCategory, { category: ItemCategory; style?: Style }> = {
  clothing: { category: 'clothing' },
  shoes: { category: 'shoes' },
  accessories: { category: 'accessories' },
  bags: { category: 'accessories', style: 'Bags' },
  jewelry: { category: 'accessories', style: 'Jewelry' },
  watches: { category: 'accessories', style: 'Watches' },
};

/**
 * Where each wishlist category sits in the site's taxonomy (the listing form's and Browse's): the
 * item categories themselves, and bags, jewellery and watches, which are Accessories' subcategories
 * of those names. The wishlist names them as the taxonomy does.
 */
export const WISHLIST_SUBCATEGORY: Partial<Record<WishlistCategory, Subcategory>> = {
  bags: 'bags',
  jewelry: 'jewellery',
  watches: 'watches',
};

export const CONDITIONS = ['new', 'like-new', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = {
  new: 'New',
  'like-new': 'Like New',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};
/** Higher is better; used by the condition sort and by matching. */
export const CONDITION_RANK: Record<Condition, number> = { new: 5, 'like-new': 4, good: 3, fair: 2, poor: 1 };

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '6', '7', '8', '9', '10', '11', '12'] as const;

export const SORTS = [
  'newest',
  'oldest',
  'price-low',
  'price-high',
  'condition',
  'popular',
  'trending',
  'rating',
  'distance',
  'alphabetical',
  'brand',
] as const;
export type SortBy = (typeof SORTS)[number];
export const SORT_LABELS: Record<SortBy, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  condition: 'Best Condition',
  popular: 'Most Popular',
  trending: 'Trending',
  rating: 'Seller Rating',
  distance: 'Distance',
  alphabetical: 'Alphabetical',
  brand: 'Brand',
};

export const AVAILABILITY = ['available', 'pending', 'reserved'] as const;
export type Availability = (typeof AVAILABILITY)[number] | 'traded';

export const SELLER_RATINGS = ['5', '4', '3', '2'] as const;
export const SELLER_RATING_LABELS: Record<(typeof SELLER_RATINGS)[number], string> = {
  '5': '5 stars',
  '4': '4+ stars',
  '3': '3+ stars',
  '2': '2+ stars',
};

export const DATE_FILTERS = ['today', 'week', 'month', '3months'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  '3months': 'Last 3 months',
};

export const COLORS = [
  'Black',
  'White',
  'Gray',
  'Navy',
  'Brown',
  'Beige',
  'Red',
  'Pink',
  'Blue',
  'Green',
  'Yellow',
  'Purple',
  'Orange',
] as const;
export type Color = (typeof COLORS)[number];

export const SEASONS = ['Spring', 'Summer', 'Fall', 'Winter'] as const;
export type Season = (typeof SEASONS)[number];

/**
 * The category tree (docs/product.md § Taxonomy): each item category's subcategories, in display
 * order. Ids are stable URL values (`?subcategory=jeans,skirts`); a listing may have none
 * (older listings), and its subcategory always belongs to its category.
 */
export const SUBCATEGORY_TREE = {
  clothing: [
    { id: 'dresses', label: 'Dresses' },
    { id: 'tops', label: 'Tops & T-shirts' },
    { id: 'knitwear', label: 'Knitwear' },
    { id: 'sweatshirts-hoodies', label: 'Sweatshirts & hoodies' },
    { id: 'jackets-coats', label: 'Jackets & coats' },
    { id: 'blazers-suits', label: 'Blazers & suits' },
    { id: 'trousers', label: 'Trousers' },
    { id: 'jeans', label: 'Jeans' },
    { id: 'skirts', label: 'Skirts' },
    { id: 'shorts', label: 'Shorts' },
    { id: 'activewear', label: 'Activewear' },
  ],
  shoes: [
    { id: 'sneakers', label: 'Sneakers' },
    { id: 'boots', label: 'Boots' },
    { id: 'heels', label: 'Heels' },
    { id: 'flats', label: 'Flats' },
    { id: 'sandals', label: 'Sandals' },
  ],
  accessories: [
    { id: 'bags', label: 'Bags' },
    { id: 'jewellery', label: 'Jewellery' },
    { id: 'watches', label: 'Watches' },
    { id: 'scarves', label: 'Scarves' },
    { id: 'hats', label: 'Hats & caps' },
    { id: 'belts', label: 'Belts' },
    { id: 'sunglasses', label: 'Sunglasses' },
  ],
} as const satisfies Record<ItemCategory, ReadonlyArray<{ id: string; label: string }>>;

export type Subcategory = (typeof SUBCATEGORY_TREE)[ItemCategory][number]['id'];

export const SUBCATEGORIES = ITEM_CATEGORIES.flatMap((category) =>
  SUBCATEGORY_TREE[category].map((entry) => entry.id),
) as readonly Subcategory[] as readonly [Subcategory, ...Subcategory[]];

export const SUBCATEGORY_LABELS = Object.fromEntries(
  ITEM_CATEGORIES.flatMap((category) => SUBCATEGORY_TREE[category].map((entry) => [entry.id, entry.label])),
) as Record<Subcategory, string>;

/** The category each subcategory belongs to. */
export const SUBCATEGORY_PARENT = Object.fromEntries(
  ITEM_CATEGORIES.flatMap((category) => SUBCATEGORY_TREE[category].map((entry) => [entry.id, category])),
) as Record<Subcategory, ItemCategory>;

export function subcategoriesOf(category: string): readonly Subcategory[] {
  return (ITEM_CATEGORIES as readonly string[]).includes(category)
    ? SUBCATEGORY_TREE[category as ItemCategory].map((entry) => entry.id)
    : [];
}

export function isSubcategoryOf(subcategory: string, category: string): boolean {
  return SUBCATEGORY_PARENT[subcategory as Subcategory] === category;
}

/**
 * The item category a Browse category id selects ('women' and 'men' select a gender, and
 * every category).
 */
export function itemCategoryOf(id: CategoryFilterId): ItemCategory | undefined {
  return (ITEM_CATEGORIES as readonly string[]).includes(id) ? (id as ItemCategory) : undefined;
}
