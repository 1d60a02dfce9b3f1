import type { ProfileCategory } from './taxonomy';

/**
 * Size options per profile category: letter sizes by default; waist sizes for Bottoms;
 * letters and US dress sizes for Dresses and Formal; shoe sizes in halves; none for
 * Accessories, Bags and Jewelry.
 */

export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

/** Waist sizes 24 to 36. */
export const WAIST_SIZES: readonly string[] = Array.from({ length: 13 }, (_, index) => String(24 + index));

/** US dress sizes 0 to 14 (dress sizes run in even numbers). */
export const DRESS_SIZES: readonly string[] = Array.from({ length: 8 }, (_, index) => String(index * 2));

/** Shoe sizes 5 to 11 in half sizes. */
export const SHOE_SIZES: readonly string[] = Array.from({ length: 13 }, (_, index) => String(5 + index / 2));

const NO_SIZES: ReadonlySet<string> = new Set<ProfileCategory>(['Accessories', 'Bags', 'Jewelry']);

/**
 * Every size a member can prefer in a category, in display order; shoe sizes in the system of the
 * community's country (communityShoeSizes).
 */
export function sizeOptions(category: ProfileCategory | string, country?: string | null): readonly string[] {
  if (NO_SIZES.has(category)) return [];
  switch (category) {
    case 'Bottoms':
      return WAIST_SIZES;
    case 'Dresses':
    case 'Formal':
      return [...LETTER_SIZES, ...DRESS_SIZES];
    case 'Shoes':
      return communityShoeSizes(country);
    default:
      return LETTER_SIZES;
  }
}

export function needsSizes(category: ProfileCategory | string): boolean {
  return sizeOptions(category).length > 0;
}

/** The sizes still on offer: already-chosen sizes are not offered again. */
export function remainingSizeOptions(
  category: ProfileCategory | string,
  chosen: readonly string[],
  country?: string | null,
): string[] {
  const taken = new Set(chosen);
  return sizeOptions(category, country).filter((size) => !taken.has(size));
}

/*
 * Size systems of listings (docs/product.md § Sizes). A listing picks its size from the systems of
 * its category and subcategory; the Browse size filter lists the sizes that listings of the chosen
 * category actually have, in the order below. US shoe sizes and plain waist sizes are written as
 * bare numbers ('9.5', '30'), as older listings have them; UK and EU shoe sizes carry their system
 * ('UK 7', 'EU 41.5'); waist and length read 'W30 L32'.
 */

export type SizeSystem = 'letter' | 'dress' | 'kids' | 'waist-length' | 'us-shoe' | 'uk-shoe' | 'eu-shoe';

export interface SizeGroup {
  system: SizeSystem;
  label: string;
  sizes: readonly string[];
}

function halves(low: number, high: number, prefix = ''): string[] {
  return Array.from({ length: (high - low) * 2 + 1 }, (_, index) => `${prefix}${low + index / 2}`);
}

export const US_SHOE_SIZES: readonly string[] = halves(4, 15);
export const UK_SHOE_SIZES: readonly string[] = halves(2, 13, 'UK ');
export const EU_SHOE_SIZES: readonly string[] = halves(35, 48, 'EU ');
/** Kids' clothing by age in years. */
export const KIDS_SIZES: readonly string[] = ['2', '4', '6', '8', '10', '12', '14'];
const WAISTS = Array.from({ length: 17 }, (_, index) => 24 + index);
const LENGTHS = [28, 30, 32, 34];
/** W24 to W40, each alone and with lengths L28 to L34. */
export const WAIST_LENGTH_SIZES: readonly string[] = WAISTS.flatMap((waist) => [
  `W${waist}`,
  ...LENGTHS.map((length) => `W${waist} L${length}`),
]);

const GROUPS: Record<SizeSystem, SizeGroup> = {
  letter: { system: 'letter', label: 'Letter sizes', sizes: LETTER_SIZES },
  dress: { system: 'dress', label: 'US dress sizes', sizes: DRESS_SIZES },
  kids: { system: 'kids', label: 'Kids (age)', sizes: KIDS_SIZES },
  'waist-length': { system: 'waist-length', label: 'Waist / length', sizes: WAIST_LENGTH_SIZES },
  'us-shoe': { system: 'us-shoe', label: 'US shoe sizes', sizes: US_SHOE_SIZES },
  'uk-shoe': { system: 'uk-shoe', label: 'UK shoe sizes', sizes: UK_SHOE_SIZES },
  'eu-shoe': { system: 'eu-shoe', label: 'EU shoe sizes', sizes: EU_SHOE_SIZES },
};

/**
 * The size systems a listing of this category and subcategory picks from, most usual first;
 * none for accessories (one size).
 */
export function listingSizeGroups(
  category: string,
  subcategory?: string | null,
  gender?: string | null,
  /** The community's country (ISO 3166 code): its shoe sizes come first. */
  country?: string | null,
): SizeGroup[] {
  const pick = (...systems: SizeSystem[]) => systems.map((system) => GROUPS[system]);
  if (category === 'shoes') return pick(...shoeSystems(country));
  if (category !== 'clothing') return [];
  if (gender === 'kids') return pick('kids', 'letter');
  switch (subcategory) {
    case 'jeans':
    case 'trousers':
      return pick('waist-length', 'letter');
    case 'shorts':
      return pick('letter', 'waist-length');
    case 'dresses':
    case 'skirts':
    case 'blazers-suits':
      return pick('letter', 'dress');
    default:
      return pick('letter');
  }
}

/** Countries that size shoes in UK sizes; the rest of Europe uses EU sizes. */
const UK_SHOE_COUNTRIES: ReadonlySet<string> = new Set(['GB', 'IE']);
const EU_SHOE_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GI GR HR HU IS IT LI LT LU LV MC MD ME MK MT NL NO ' +
    'PL PT RO RS SE SI SK SM UA VA XK TR'
  ).split(' '),
);

/**
 * The shoe size systems in the order a community reads them: EU first in continental Europe, UK
 * first in Britain and Ireland, US first elsewhere (and while the country is unknown).
 */
export function shoeSystems(country?: string | null): SizeSystem[] {
  const code = (country ?? '').toUpperCase();
  if (EU_SHOE_COUNTRIES.has(code)) return ['eu-shoe', 'uk-shoe', 'us-shoe'];
  if (UK_SHOE_COUNTRIES.has(code)) return ['uk-shoe', 'eu-shoe', 'us-shoe'];
  return ['us-shoe', 'uk-shoe', 'eu-shoe'];
}

/** The usual adult range of each shoe system, offered where a member picks their sizes. */
const USUAL_SHOE_SIZES: Record<'us-shoe' | 'uk-shoe' | 'eu-shoe', readonly string[]> = {
  'us-shoe': SHOE_SIZES,
  'uk-shoe': halves(3, 9, 'UK '),
  'eu-shoe': halves(36, 42, 'EU '),
};

/**
 * The shoe sizes a member picks from in the community's own system (US 5–11, UK 3–9 or
 * EU 36–42, in halves), as the listing form's first size system.
 */
export function communityShoeSizes(country?: string | null): readonly string[] {
  return USUAL_SHOE_SIZES[shoeSystems(country)[0] as 'us-shoe' | 'uk-shoe' | 'eu-shoe'];
}

const LETTER_ORDER = ['XXS', ...LETTER_SIZES, 'XXXL', '3XL'];

/** A sort key: the system's place, then the size's place within it. Unknown sizes sort last, by text. */
function sizeKey(size: string): [number, number] {
  const value = size.trim().toUpperCase();
  const letter = LETTER_ORDER.indexOf(value);
  if (letter >= 0) return [0, letter];
  const waist = /^W(\d+)(?: L(\d+))?$/.exec(value);
  if (waist) return [1, Number(waist[1]) * 100 + Number(waist[2] ?? 0)];
  if (/^\d+(\.\d+)?$/.test(value)) return [2, Number(value)];
  const shoe = /^(UK|EU) (\d+(?:\.\d+)?)$/.exec(value);
  if (shoe) return [shoe[1] === 'UK' ? 3 : 4, Number(shoe[2])];
  return [5, 0];
}

/** Orders sizes as people read them: XS before S before M, 9 before 9.5 before 10, W30 L30 before W30 L32. */
export function compareSizes(left: string, right: string): number {
  const [leftSystem, leftPlace] = sizeKey(left);
  const [rightSystem, rightPlace] = sizeKey(right);
  return leftSystem - rightSystem || leftPlace - rightPlace || left.localeCompare(right);
}

/** A size's system for grouping a list of sizes: numbers are US shoe sizes under Shoes, else 'number'. */
export type SizeFilterSystem =
  'letter' | 'waist-length' | 'us-shoe' | 'uk-shoe' | 'eu-shoe' | 'number' | 'other';

export interface SizeFilterGroup {
  system: SizeFilterSystem;
  sizes: string[];
}

function sizeFilterSystem(size: string, category?: string | null): SizeFilterSystem {
  const [system] = sizeKey(size);
  switch (system) {
    case 0:
      return 'letter';
    case 1:
      return 'waist-length';
    case 2:
      return category === 'shoes' ? 'us-shoe' : 'number';
    case 3:
      return 'uk-shoe';
    case 4:
      return 'eu-shoe';
    default:
      return 'other';
  }
}

/**
 * Sizes grouped by system, for a list a member picks from (Browse's size filter): letters, waist
 * and length, numbers (US shoe sizes under Shoes), then the shoe systems in the community's order
 * (shoeSystems), then anything else; each group in size order, empty groups left out.
 */
export function groupSizes(
  sizes: readonly string[],
  category?: string | null,
  country?: string | null,
): SizeFilterGroup[] {
  const shoes = shoeSystems(country) as SizeFilterSystem[];
  const order: SizeFilterSystem[] = ['letter', 'waist-length', 'number', ...shoes, 'other'];
  const groups = new Map<SizeFilterSystem, string[]>(order.map((system) => [system, []]));
  for (const size of new Set(sizes)) groups.get(sizeFilterSystem(size, category))?.push(size);
  return order
    .map((system) => ({ system, sizes: (groups.get(system) ?? []).sort(compareSizes) }))
    .filter((group) => group.sizes.length > 0);
}
