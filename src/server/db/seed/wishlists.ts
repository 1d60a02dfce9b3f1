import { type MatchItem, matchesWishlist, words } from '../../../common/domain/matching';
import {
  type ProfileCategory,
  WISHLIST_CATEGORY_MAP,
  type WishlistCategory,
} from '../../../common/domain/taxonomy';
import type { wishlistItems } from '../schema';
import type { ItemRow } from './items';
import type { Random } from './random';
import { DAY, HOUR } from './trade-plan';

export type WishlistRow = typeof wishlistItems.$inferInsert & { userId: string; createdAt: Date };

export interface WishIdea {
  title: string;
  category: WishlistCategory;
  description?: string;
  /** A brand some members insist on. */
  brand?: string;
  /** The preference whose sizes fit this wish. */
  sizeOf?: ProfileCategory;
  size?: string;
  /** Integer cents. */
  maxValue?: number;
}

// prettier-ignore
const IDEAS: readonly WishIdea[] = [
  { title: 'Denim trucker', category: 'clothing', brand: "Levi's", sizeOf: 'Outerwear' },
  { title: 'Cashmere sweater', category: 'clothing', brand: 'Uniqlo', sizeOf: 'Tops' },
  { title: 'Camel overcoat', category: 'clothing', brand: 'Arket', sizeOf: 'Outerwear' },
  { title: 'Straight jeans', category: 'clothing', brand: "Levi's", sizeOf: 'Bottoms' },
  { title: 'Floral midi dress', category: 'clothing', brand: 'Ganni', sizeOf: 'Dresses' },
  { title: 'Fleece', category: 'clothing', brand: 'Patagonia', sizeOf: 'Outerwear' },
  { title: 'Knit jumper', category: 'clothing', brand: 'Arket', sizeOf: 'Tops' },
  { title: 'Navy blazer', category: 'clothing', brand: 'COS', sizeOf: 'Formal' },
  { title: 'Heavyweight hoodie', category: 'clothing', brand: 'Champion', sizeOf: 'Activewear' },
  { title: 'Yoga leggings', category: 'clothing', brand: 'Lululemon', sizeOf: 'Activewear' },
  { title: 'Trench coat', category: 'clothing', brand: 'Mango', sizeOf: 'Outerwear' },
  { title: 'Satin skirt', category: 'clothing', sizeOf: 'Bottoms' },
  { title: 'Carhartt canvas', category: 'clothing', brand: 'Carhartt WIP', sizeOf: 'Outerwear' },
  { title: 'Two-piece suit', category: 'clothing', brand: 'Hugo Boss', sizeOf: 'Formal' },
  { title: 'Retro sneakers', category: 'shoes', brand: 'New Balance', sizeOf: 'Shoes' },
  { title: 'Chelsea boots', category: 'shoes', brand: 'Blundstone', sizeOf: 'Shoes' },
  { title: 'Leather boots', category: 'shoes', brand: 'Dr. Martens', sizeOf: 'Shoes' },
  { title: 'White leather sneakers', category: 'shoes', brand: 'Veja', sizeOf: 'Shoes' },
  { title: 'Trail running sneakers', category: 'shoes', brand: 'Salomon', sizeOf: 'Shoes' },
  { title: 'Wool scarf', category: 'accessories', brand: 'Acne Studios' },
  { title: 'Classic sunglasses', category: 'accessories', brand: 'Ray-Ban' },
  { title: 'Baseball cap', category: 'accessories', brand: 'Ralph Lauren' },
  { title: 'Leather tote', category: 'bags', brand: 'Mango' },
  { title: 'Everyday backpack', category: 'bags', brand: 'Fjällräven' },
  { title: 'Leather shoulder bag', category: 'bags', brand: 'Coach' },
  { title: 'Laptop backpack', category: 'bags', brand: 'Herschel' },
  { title: 'Gold chain necklace', category: 'jewelry', brand: 'Mejuri' },
  { title: 'Silver ring', category: 'jewelry', brand: 'Pandora' },
  { title: 'Pendant necklace', category: 'jewelry' },
  { title: 'Automatic watch', category: 'watches', brand: 'Seiko' },
  { title: 'Leather strap watch', category: 'watches', brand: 'Fossil' },
  { title: 'Minimalist watch', category: 'watches', brand: 'Daniel Wellington' },
];

const DESCRIPTIONS = [
  'Ideally in good condition or better.',
  'Happy to swap something of similar value.',
  'Neutral colours preferred.',
  'For everyday wear, nothing too fancy.',
  'Would love a vintage piece with some character.',
  'Looking for a replacement for one I wore out.',
  '',
];

/** Which profile category each wishlist category's items fall in, for members without a size hint. */
const PROFILE_OF: Record<WishlistCategory, ProfileCategory | null> = {
  clothing: null,
  shoes: 'Shoes',
  accessories: 'Accessories',
  bags: 'Bags',
  jewelry: 'Jewelry',
  watches: null,
};

/** A wishlist row as `addWishlistEntry` stores it: the taxonomy mapping and the title's words as a tsquery. */
export function wishlistRow(userId: string, idea: WishIdea, createdAt: Date, description = ''): WishlistRow {
  const mapped = WISHLIST_CATEGORY_MAP[idea.category];
  return {
    userId,
    title: idea.title,
    description: idea.description ?? description,
    category: idea.category,
    itemCategory: mapped.category,
    itemStyle: mapped.style ?? null,
    brand: idea.brand ?? null,
    size: idea.size ?? null,
    maxValue: idea.maxValue ?? null,
    tags: [],
    titleQuery: [...new Set(words(idea.title))].join(' | '),
    createdAt,
  };
}

export interface WishMember {
  id: string;
  preferredCategories: readonly string[];
  preferredSizes: Readonly<Record<string, readonly string[]>>;
}

/** 1-4 wishes per member, leaning to their preferred categories, some narrowed by brand, size or value. */
export function planWishlists(random: Random, members: readonly WishMember[], now: number): WishlistRow[] {
  const rows: WishlistRow[] = [];
  for (const member of members) {
    const liked = IDEAS.filter((idea) => {
      const profile = idea.sizeOf ?? PROFILE_OF[idea.category];
      return profile !== null && member.preferredCategories.includes(profile);
    });
    const wanted = random.int(1, 4);
    const chosen = new Set<WishIdea>();
    for (let attempt = 0; chosen.size < wanted && attempt < 20; attempt += 1) {
      chosen.add(liked.length > 0 && random.chance(0.65) ? random.pick(liked) : random.pick(IDEAS));
    }
    for (const idea of chosen) {
      const sizes = idea.sizeOf ? (member.preferredSizes[idea.sizeOf] ?? []) : [];
      const narrowed: WishIdea = {
        title: idea.title,
        category: idea.category,
        brand: idea.brand && random.chance(0.3) ? idea.brand : undefined,
        size: sizes.length > 0 && random.chance(0.4) ? random.pick(sizes) : undefined,
        maxValue: random.chance(0.35) ? random.pick([6000, 8000, 10000, 15000, 20000, 30000]) : undefined,
      };
      // Mostly added in the last week, some over the last month: listings since then have alerted them.
      const age = random.chance(0.65)
        ? 12 * HOUR + random.next() * 6 * DAY
        : 6 * DAY + random.next() * 24 * DAY;
      const createdAt = new Date(now - Math.floor(age));
      rows.push(wishlistRow(member.id, narrowed, createdAt, random.pick(DESCRIPTIONS)));
    }
  }
  return rows;
}

/** The item as the matching engine sees it. */
export function toMatchItem(row: ItemRow): MatchItem {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    category: row.category,
    style: row.style ?? null,
    brand: row.brand ?? null,
    size: row.size ?? null,
    condition: row.condition,
    estimatedValue: row.estimatedValue,
    tags: row.tags ?? [],
  };
}

const itemWords = (item: ItemRow) =>
  new Set([
    ...words(item.title),
    ...words(item.brand ?? ''),
    ...(item.tags ?? []).flatMap((tag) => words(tag)),
  ]);

/**
 * True when the item satisfies the entry, strictly: the app's rule (`matchesWishlist`, mirrored in SQL
 * by `wishlistMatchesItem`), and one of the entry's words appears as such in the item's title, brand
 * or tags, so that PostgreSQL's English stemming finds it too. Owners' own items never match.
 */
export function wishSatisfiedBy(item: ItemRow, wish: WishlistRow, cache = new Map<string, Set<string>>()) {
  if (item.userId === wish.userId) return false;
  const want = {
    title: wish.title,
    category: wish.category,
    brand: wish.brand ?? null,
    size: wish.size ?? null,
    maxValue: wish.maxValue ?? null,
  };
  if (!matchesWishlist(toMatchItem(item), want)) return false;
  const wanted = words(wish.title);
  if (wanted.length === 0) return true;
  let have = cache.get(item.id);
  if (!have) {
    have = itemWords(item);
    cache.set(item.id, have);
  }
  return wanted.some((word) => have.has(word));
}

/** Listed, not reserved or traded: what the Wishlist page's matches show. */
export const isTradable = (item: ItemRow) =>
  item.isActive !== false && item.availability !== 'reserved' && item.availability !== 'traded';

/**
 * Demo Trader's three wishes: a jacket and sneakers in their sizes, and a backpack. When none of them
 * matches a tradable listing of another member, the bag wish is rewritten from one, so that the
 * Wishlist page always shows matches.
 */
export function planDemoWishlist(demoId: string, rows: readonly ItemRow[], now: number): WishlistRow[] {
  const wishes = [
    wishlistRow(
      demoId,
      {
        title: 'Denim trucker',
        category: 'clothing',
        size: 'M',
        description: 'A worn-in trucker jacket or denim shirt, mid or light wash.',
      },
      new Date(now - 9 * DAY - 3 * HOUR),
    ),
    wishlistRow(
      demoId,
      {
        title: 'Retro sneakers',
        category: 'shoes',
        size: '9',
        maxValue: 15000,
        description: 'Runners or court shoes with a 90s look.',
      },
      new Date(now - 4 * DAY - 7 * HOUR),
    ),
    wishlistRow(
      demoId,
      {
        title: 'Laptop backpack',
        category: 'bags',
        maxValue: 20000,
        description: 'Something roomy enough for a 15-inch laptop.',
      },
      new Date(now - 2 * DAY - 5 * HOUR),
    ),
  ];
  const tradable = rows.filter((item) => item.userId !== demoId && isTradable(item));
  if (tradable.some((item) => wishes.some((wish) => wishSatisfiedBy(item, wish)))) return wishes;
  const bag = tradable.find((item) => item.style === 'Bags') ?? tradable[0];
  if (bag) {
    const noun = words(bag.title).at(-1) ?? 'bag';
    wishes[2] = wishlistRow(
      demoId,
      {
        title: `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`,
        category: bag.style === 'Bags' ? 'bags' : (bag.category as WishlistCategory),
        description: 'Something roomy enough for a 15-inch laptop.',
      },
      new Date(now - 2 * DAY - 5 * HOUR),
    );
  }
  return wishes;
}
