import type { ItemFilters } from '../../common/api/items';
import type { GenerationCache } from './generation-cache';

/**
 * What a change to one item did, as the items trigger reports it (migration 0030): bits of
 * `ItemChange.flags`. An update that changes several kinds of column sets several bits.
 */
export const CHANGE = {
  /** A field shown on a card but neither filtered, sorted nor searched (photos, style, updated at, direct swaps only). */
  shown: 1,
  /** favorite_count: shown, and the 'popular' order. */
  popular: 2,
  /** trending_score: the 'trending' order only (never shown). */
  trending: 4,
  /** Anything else: listed or not, a filter, a sort, the search text; also every insert and delete. */
  listing: 8,
  /** availability (available, pending, reserved) alone: shown and filtered, but no sort, facet or search uses it. */
  availability: 16,
} as const;

/** One changed item: its category and gender (once before and once after a change of either), and what changed. */
export interface ItemChange {
  id: string;
  category: string;
  gender: string;
  flags: number;
}

/** A change the cache is told of; `items` undefined means anything may have changed. */
export interface MarketplaceChange {
  items?: ItemChange[] | undefined;
}

/**
 * What a cached marketplace entry depends on. Only the category and gender filters and the sort
 * are compared: a change to an item of another category or gender cannot move any list, count or
 * facet filtered to this one. Every other filter (search, size, brand, …) is not evaluated: a
 * change that passes the category and gender test invalidates the entry whatever its other
 * filters say (conservative).
 */
export interface EntryDeps {
  /** list: a page of items; count: a filter set's total; facets: the facet counts; mode: how a search runs (as typed or corrected). */
  kind: 'list' | 'count' | 'facets' | 'mode';
  /** The items' category must be this (clothing, shoes, accessories), if set. */
  category?: string | undefined;
  /** The items' gender must be one of these, if set. */
  genders?: readonly string[] | undefined;
  /** The read filters on availability. */
  availability?: boolean | undefined;
  /** The list's order (lists only; undefined for the default order). */
  sortBy?: string | undefined;
  /** The ids on the cached page (lists only): a change to any of them, even one only shown, affects it. */
  ids?: ReadonlySet<string> | undefined;
}

/** The dependencies of a read with these filters: `category` may be a category or a gender ('women', 'men'). */
export function filterDeps(
  kind: EntryDeps['kind'],
  filters: Pick<ItemFilters, 'category' | 'gender' | 'availability'> & { sortBy?: string | undefined },
): EntryDeps {
  let genders: readonly string[] | undefined = filters.gender?.length ? filters.gender : undefined;
  let category: string | undefined;
  if (filters.category === 'women' || filters.category === 'men') {
    // Both filters apply: the category narrows the gender list (to nothing when they disagree).
    genders = genders ? genders.filter((gender) => gender === filters.category) : [filters.category];
  } else if (filters.category) {
    category = filters.category;
  }
  return {
    kind,
    category,
    genders,
    availability: Boolean(filters.availability?.length),
    sortBy: filters.sortBy,
  };
}

/**
 * The facets' category counts leave the category filter out (each facet ignores its own filter),
 * so they depend on every category: only the gender list filter remains.
 */
export function facetDeps(filters: Pick<ItemFilters, 'gender' | 'availability'>): EntryDeps {
  return {
    kind: 'facets',
    genders: filters.gender?.length ? filters.gender : undefined,
    availability: Boolean(filters.availability?.length),
  };
}

function filtersMatch(deps: EntryDeps, item: ItemChange) {
  if (deps.category !== undefined && deps.category !== item.category) return false;
  if (deps.genders !== undefined && !deps.genders.includes(item.gender)) return false;
  return true;
}

/** Whether one item's change may change what an entry holds. */
function itemAffects(deps: EntryDeps, item: ItemChange): boolean {
  // The page shows the item: any change to it, even one only shown, changes the page (the
  // trending score alone is not shown).
  if (deps.ids?.has(item.id) && item.flags & ~CHANGE.trending) return true;
  // An entry still loading has no ids yet: every item its filters let in may end up on it.
  const onPageUnknown = deps.kind === 'list' && deps.ids === undefined;
  const matches = filtersMatch(deps, item);
  if (item.flags & CHANGE.listing) {
    // Whether a search text matches full text may change with any listed item.
    if (deps.kind === 'mode') return true;
    return matches;
  }
  // An availability change moves the item in or out of reads filtered on availability only.
  if (item.flags & CHANGE.availability && matches && (deps.availability || onPageUnknown)) return true;
  if (deps.kind !== 'list' || !matches) return false;
  if (onPageUnknown && item.flags & (CHANGE.shown | CHANGE.popular)) return true;
  if (item.flags & CHANGE.popular && deps.sortBy === 'popular') return true;
  if (item.flags & CHANGE.trending && deps.sortBy === 'trending') return true;
  return false;
}

/** The cache's `affects`: a change without items affects everything. */
export function changeAffects(deps: EntryDeps, change: MarketplaceChange): boolean {
  if (!change.items) return true;
  return change.items.some((item) => itemAffects(deps, item));
}

/** The bus payload's compact form of the items: `[id, category, gender, flags]` tuples. */
export type ItemChangeTuple = [string, string, string, number];

/** Reads a bus event's `items`; anything malformed counts as "anything may have changed". */
export function parseItemChanges(raw: unknown): ItemChange[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const changes: ItemChange[] = [];
  for (const tuple of raw) {
    if (!Array.isArray(tuple) || tuple.length !== 4) return undefined;
    const [id, category, gender, flags] = tuple as unknown[];
    if (typeof id !== 'string' || typeof category !== 'string' || typeof gender !== 'string')
      return undefined;
    if (typeof flags !== 'number') return undefined;
    changes.push({ id, category, gender, flags });
  }
  return changes;
}

/** The marketplace cache: entries carry their dependencies, changes their items. */
export type MarketplaceCache = GenerationCache<EntryDeps, MarketplaceChange>;
