import {
  COLORS,
  type Color,
  type Condition,
  type Gender,
  STYLE_CATEGORY,
  type Subcategory,
} from '../../../common/domain/taxonomy';
import type { Db } from '../connect';
import { favorites, items } from '../schema';
import {
  ART_POOL,
  CLOSING_NOTES,
  CONDITION_NOTES,
  FIT_NOTES,
  ITEM_TEMPLATES,
  type ItemTemplate,
  STYLE_TAGS,
} from './catalog';
import { ART_SHAPES, type ArtShape } from './garment-art';
import {
  type ArtKey,
  artImageUrls,
  artKeyName,
  ensureArtImages,
  type EnsureArtOptions,
  onDemandArtImages,
} from './image-pool';
import { type Random, seededUuid, weighted } from './random';

export type ItemRow = typeof items.$inferInsert & { id: string; createdAt: Date; favoriteCount: number };
export type FavoriteRow = typeof favorites.$inferInsert;

/** A member who lists items: their id and the city their items are listed from. */
export interface SeedOwner {
  id: string;
  city: string;
}

export const DEMO_ITEM_COUNT = 320;
/** How many of the demo items belong to 'Demo Trader', the member Dev Login signs in. */
export const DEMO_MEMBER_ITEM_COUNT = 8;

const DAY = 24 * 3600 * 1000;

/** Every photo of the pool, in a stable order. */
function artPoolKeys(): ArtKey[] {
  return ART_SHAPES.flatMap((shape) =>
    ART_POOL[shape].flatMap(([color, variants]) =>
      Array.from({ length: variants }, (_, variant) => ({ shape, color, variant })),
    ),
  );
}

/** Renders (or finds) every pool photo and answers the URL of each, by `artKeyName`. */
export function ensureArtPool(db: Db, options?: EnsureArtOptions) {
  return ensureArtImages(db, artPoolKeys(), options);
}

/** The URL of every pool photo, by `artKeyName`, rendering nothing: see `onDemandArtPool`. */
export function artPoolUrls() {
  return artImageUrls(artPoolKeys());
}

/** The pool photos rendered and stored when first requested (or by `fillAll`), not before. */
export function onDemandArtPool(db: Db) {
  return onDemandArtImages(db, artPoolKeys());
}

const CONDITION_WEIGHTS: ReadonlyArray<readonly [Condition, number]> = [
  ['new', 12],
  ['like-new', 26],
  ['good', 34],
  ['fair', 18],
  ['poor', 10],
];
/** Share of the new value that a piece in this condition is worth in a swap. */
const CONDITION_FACTOR: Record<Condition, number> = {
  new: 1,
  'like-new': 0.8,
  good: 0.62,
  fair: 0.45,
  poor: 0.28,
};

const LETTER_SIZES: Record<'women' | 'men' | 'unisex', ReadonlyArray<readonly [string, number]>> = {
  women: [
    ['XS', 12],
    ['S', 28],
    ['M', 30],
    ['L', 18],
    ['XL', 8],
    ['XXL', 4],
  ],
  men: [
    ['XS', 3],
    ['S', 14],
    ['M', 30],
    ['L', 30],
    ['XL', 16],
    ['XXL', 7],
  ],
  unisex: [
    ['XS', 6],
    ['S', 20],
    ['M', 30],
    ['L', 26],
    ['XL', 12],
    ['XXL', 6],
  ],
};
const KIDS_SIZES = ['4', '6', '8', '10', '12'] as const;

/** A shoe size in half steps, written as the filter writes it ('8', '8.5'). */
function halfSize(random: Random, low: number, high: number) {
  return String(low + random.int(0, (high - low) * 2) / 2);
}

function sizeFor(random: Random, template: ItemTemplate, gender: Gender): string | null {
  const category = STYLE_CATEGORY[template.style];
  if (category === 'accessories') {
    // Rings come in sizes; bags, watches, caps, scarves and sunglasses need none.
    return template.shape === 'ring' && random.chance(0.7) ? String(random.int(5, 9)) : null;
  }
  if (category === 'shoes') {
    if (gender === 'kids') return halfSize(random, 5, 7);
    if (gender === 'women') return halfSize(random, 5, 10);
    if (gender === 'men') return halfSize(random, 7.5, 12);
    return halfSize(random, 6, 11.5);
  }
  if (gender === 'kids') return random.pick(KIDS_SIZES);
  const waist = () =>
    String(
      gender === 'women' ? random.int(24, 32) : gender === 'men' ? random.int(28, 36) : random.int(26, 34),
    );
  if (template.style === 'Bottoms' && (template.shape === 'jeans' || template.shape === 'trousers'))
    return waist();
  if (template.shape === 'skirt' && random.chance(0.4)) return waist();
  if (
    (template.style === 'Dresses' || template.style === 'Formal') &&
    gender === 'women' &&
    random.chance(0.3)
  ) {
    return String(random.int(0, 7) * 2);
  }
  return weighted(random, LETTER_SIZES[gender]);
}

/** Where each demo garment shape sits in the category tree; trousers in the Activewear style are track pants. */
const SHAPE_SUBCATEGORY: Record<ArtShape, Subcategory> = {
  tshirt: 'tops',
  shirt: 'tops',
  sweater: 'knitwear',
  hoodie: 'sweatshirts-hoodies',
  trousers: 'trousers',
  jeans: 'jeans',
  skirt: 'skirts',
  dress: 'dresses',
  'floral-dress': 'dresses',
  jacket: 'jackets-coats',
  coat: 'jackets-coats',
  blazer: 'blazers-suits',
  suit: 'blazers-suits',
  leggings: 'activewear',
  sneaker: 'sneakers',
  boot: 'boots',
  handbag: 'bags',
  tote: 'bags',
  backpack: 'bags',
  necklace: 'jewellery',
  ring: 'jewellery',
  watch: 'watches',
  cap: 'hats',
  scarf: 'scarves',
  sunglasses: 'sunglasses',
};

export function subcategoryFor(template: Pick<ItemTemplate, 'shape' | 'style'>): Subcategory {
  if (template.shape === 'trousers' && template.style === 'Activewear') return 'activewear';
  return SHAPE_SUBCATEGORY[template.shape];
}

/** 2-5 lowercase tags: some from the product, some general style words. */
function tagsFor(random: Random, template: ItemTemplate) {
  const wanted = random.int(2, 5);
  const tags = new Set(random.sample(template.tags, Math.min(wanted, random.int(1, 3))));
  for (const tag of random.sample(STYLE_TAGS, STYLE_TAGS.length)) {
    if (tags.size >= wanted) break;
    tags.add(tag);
  }
  return [...tags];
}

function describe(random: Random, template: ItemTemplate, condition: Condition) {
  const kind = STYLE_CATEGORY[template.style];
  const details = [
    random.chance(0.7) ? `Made from ${template.material}.` : null,
    random.chance(0.6) ? random.pick(FIT_NOTES[kind]) : null,
  ].filter((sentence): sentence is string => sentence !== null);
  const closing = random.chance(0.35) ? random.pick(CLOSING_NOTES) : null;
  // The product, how it is made or fits, how worn it is, and maybe a word on swaps: 2-4 sentences.
  const sentences = [template.blurb, ...details, random.pick(CONDITION_NOTES[condition][kind])];
  if (closing && sentences.length < 4) sentences.push(closing);
  return sentences.join(' ');
}

const NEUTRALS: readonly Color[] = ['Black', 'White', 'Gray', 'Navy', 'Beige', 'Brown'];

function colorsFor(
  random: Random,
  template: ItemTemplate,
): { primary: Color; colors: Color[]; variants: number } {
  const pool = ART_POOL[template.shape];
  const allowed = template.colors ? pool.filter(([color]) => template.colors?.includes(color)) : pool;
  const choices = allowed.length > 0 ? allowed : pool;
  const primary = weighted(random, choices);
  const variants = choices.find(([color]) => color === primary)?.[1] ?? 1;
  const colors: Color[] = [primary];
  if (random.chance(0.3)) {
    const second = random.chance(0.7) ? random.pick(NEUTRALS) : random.pick(COLORS);
    if (second !== primary) colors.push(second);
  }
  return { primary, colors, variants };
}

/** 1-4 photos of the same shape and colour; the hero shot varies so that shared photos vary in the grid. */
function photosFor(random: Random, template: ItemTemplate, primary: Color, variants: number) {
  const count = Math.min(
    variants,
    weighted(random, [
      [1, 30],
      [2, 35],
      [3, 22],
      [4, 13],
    ]),
  );
  // Variant 2 is a close-up: a detail shot, never the first photo when there is another.
  const heroChoices = Array.from({ length: variants }, (_, variant) => variant).filter(
    (variant) => variant !== 2 || variants < 3,
  );
  const hero = random.pick(heroChoices);
  const rest = random.sample(
    Array.from({ length: variants }, (_, variant) => variant).filter((variant) => variant !== hero),
    count - 1,
  );
  return [hero, ...rest].map((variant): ArtKey => ({ shape: template.shape, color: primary, variant }));
}

/** When the item was listed: a few today, more this week and month, the rest over three months. */
function listedAt(random: Random, now: number) {
  const roll = random.next();
  if (roll < 0.05) {
    const local = new Date(now);
    const sinceLocalMidnight =
      now - new Date(local.getFullYear(), local.getMonth(), local.getDate()).getTime();
    const sinceUtcMidnight = now % DAY;
    // Inside "today" whichever midnight the server counts from.
    return new Date(
      now - Math.floor(random.next() * Math.min(3 * 3600 * 1000, sinceLocalMidnight, sinceUtcMidnight)),
    );
  }
  if (roll < 0.17) return new Date(now - DAY - Math.floor(random.next() * 5 * DAY));
  if (roll < 0.42) return new Date(now - 7 * DAY - Math.floor(random.next() * 22 * DAY));
  return new Date(now - 30 * DAY - Math.floor(random.next() * 59 * DAY));
}

export interface ItemContext {
  random: Random;
  /** URL of each pool photo, by `artKeyName`. */
  photoUrls: ReadonlyMap<string, string>;
  now: number;
}

/** One realistic listing of `template` by `owner`. `favoriteCount` starts at 0. */
export function buildItem(
  context: ItemContext,
  template: ItemTemplate,
  owner: SeedOwner,
  id: string,
  options: { active?: boolean } = {},
): ItemRow {
  const { random } = context;
  const gender = random.pick(template.genders);
  const condition = weighted(random, CONDITION_WEIGHTS);
  const { primary, colors, variants } = colorsFor(random, template);
  const photos = photosFor(random, template, primary, variants).map((key) => {
    const url = context.photoUrls.get(artKeyName(key));
    if (!url) throw new Error(`seed photo ${artKeyName(key)} is missing from the pool`);
    return url;
  });
  const [low, high] = template.value;
  const dollars = random.int(low, high) * CONDITION_FACTOR[condition] * (0.9 + random.next() * 0.2);
  const createdAt = listedAt(random, context.now);
  return {
    id,
    userId: owner.id,
    title: template.brand ? `${template.brand} ${template.name}` : template.name,
    description: describe(random, template, condition),
    category: STYLE_CATEGORY[template.style],
    gender,
    style: template.style,
    subcategory: subcategoryFor(template),
    condition,
    brand: template.brand,
    size: sizeFor(random, template, gender),
    estimatedValue: Math.max(5, Math.round(dollars)) * 100,
    images: photos,
    tags: tagsFor(random, template),
    colors,
    seasons: [...template.seasons],
    location: owner.city,
    isActive: options.active ?? !random.chance(0.05),
    availability: 'available',
    favoriteCount: 0,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Templates that suit Demo Trader's preferences (tops, outerwear, shoes, bags; size M, shoe 9). */
const DEMO_MEMBER_TEMPLATES = ITEM_TEMPLATES.filter(
  (template) =>
    ['Tops', 'Outerwear', 'Shoes', 'Bags'].includes(template.style) &&
    !template.genders.includes('kids') &&
    template.genders.some((gender) => gender !== 'women'),
);

/**
 * Plans the demo catalogue: Demo Trader's items first, then every template at least once
 * (so every category, style and gender is present), then random picks. Owners beyond Demo Trader
 * list different amounts, as real members do.
 */
function planDemoItems(context: ItemContext, owners: readonly SeedOwner[], count = DEMO_ITEM_COUNT) {
  const { random } = context;
  const [demo, ...others] = owners;
  if (!demo || others.length === 0) throw new Error('the demo catalogue needs Demo Trader and other members');
  const rows: ItemRow[] = [];
  for (const template of random.sample(DEMO_MEMBER_TEMPLATES, DEMO_MEMBER_ITEM_COUNT)) {
    const row = buildItem(context, template, demo, seededUuid(random), { active: true });
    if (row.size && ['Tops', 'Outerwear'].includes(template.style)) row.size = random.pick(['M', 'L']);
    if (row.size && template.style === 'Shoes') row.size = random.pick(['9', '9.5']);
    rows.push(row);
  }
  const ownerWeights = others.map((owner) => [owner, random.int(1, 4)] as const);
  const ownerFor = (index: number) =>
    // Everyone lists something: the first pass goes round the members, then busier members list more.
    index < others.length ? (others[index] as SeedOwner) : weighted(random, ownerWeights);
  const templates = [...random.sample(ITEM_TEMPLATES, ITEM_TEMPLATES.length)];
  for (let index = 0; rows.length < count; index += 1) {
    const template = templates[index] ?? random.pick(ITEM_TEMPLATES);
    rows.push(buildItem(context, template, ownerFor(index), seededUuid(random)));
  }
  return rows;
}

/**
 * Each member favourites a few active items of other members. Answers the rows and sets each
 * item's denormalised `favoriteCount` to match.
 */
function planFavorites(
  random: Random,
  memberIds: readonly string[],
  rows: ItemRow[],
  now: number,
  range: [number, number] = [3, 12],
) {
  const out: FavoriteRow[] = [];
  const active = rows.filter((row) => row.isActive);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const userId of memberIds) {
    const candidates = active.filter((row) => row.userId !== userId);
    for (const row of random.sample(candidates, random.int(range[0], range[1]))) {
      const listed = row.createdAt.getTime();
      out.push({
        userId,
        itemId: row.id,
        createdAt: new Date(listed + Math.floor(random.next() * (now - listed))),
      });
      const item = byId.get(row.id);
      if (item) item.favoriteCount += 1;
    }
  }
  return out;
}

/** Runs `insert` over consecutive slices of `rows`, `size` rows per statement. */
export async function insertInBatches<T>(
  rows: readonly T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * Plans the demo catalogue: ~320 items across every category, gender, style, condition, colour and
 * season, with photos from the shared pool, and favourites consistent with `favorite_count`.
 * `owners[0]` must be Demo Trader. Nothing is written: the trade history adjusts availability first.
 */
export function planCatalogue(
  random: Random,
  owners: readonly SeedOwner[],
  photoUrls: ReadonlyMap<string, string>,
  now: number,
) {
  const rows = planDemoItems({ random, photoUrls, now }, owners);
  const favoriteRows = planFavorites(
    random,
    owners.map((owner) => owner.id),
    rows,
    now,
  );
  return { rows, favorites: favoriteRows };
}

export async function insertCatalogue(
  db: Db,
  rows: readonly ItemRow[],
  favoriteRows: readonly FavoriteRow[],
) {
  await insertInBatches(rows, 200, (batch) => db.insert(items).values(batch));
  await insertInBatches(favoriteRows, 1000, (batch) => db.insert(favorites).values(batch));
}
