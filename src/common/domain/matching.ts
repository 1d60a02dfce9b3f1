/**
 * The explainable matching engine (docs/product.md § Matching): each signal scores 0..1 with a weight and a
 * reason a person can read. No external AI: the same inputs always give the same answer.
 */
import {
  CONDITION_LABELS,
  CONDITION_RANK,
  type Condition,
  WISHLIST_CATEGORY_MAP,
  type WishlistCategory,
} from './taxonomy';
import { FAIR_TRADE_TOLERANCE, VALUE_SIMILARITY_TOLERANCE } from './value-hint';

export interface MatchItem {
  id: string;
  userId: string;
  title: string;
  category: string;
  style: string | null;
  brand: string | null;
  size: string | null;
  condition: string;
  estimatedValue: number;
  tags: string[];
}

export interface WishlistWant {
  title: string;
  category: string;
  brand: string | null;
  size: string | null;
  maxValue: number | null;
}

/** What one member wants: the other side of a swap. */
export interface MatchProfile {
  /** How reasons name this member: "Ana's" for someone else, "your" for the viewer. */
  possessive: string;
  /**
   * Whether this member is the one reading the reasons. Wishlist entries are private: a reason names
   * one only to its owner, and tells anyone else that it matches the member's wishlist.
   */
  isViewer: boolean;
  wishlist: WishlistWant[];
  preferredCategories: string[];
  preferredSizes: Record<string, string[]>;
  /** Lower-cased brands they list or favourite. */
  brands: string[];
}

export interface Signal {
  key: 'value' | 'wishlist' | 'preferences' | 'brand' | 'category' | 'condition' | 'text';
  weight: number;
  score: number;
  reason?: string;
}

export const SIGNAL_WEIGHTS: Record<Signal['key'], number> = {
  value: 0.3,
  wishlist: 0.2,
  preferences: 0.15,
  brand: 0.1,
  category: 0.1,
  condition: 0.05,
  text: 0.1,
};

export const DEFAULT_MATCH_REASON = 'Compatible match based on your preferences';
export const STRONG_MATCH_SCORE = 0.8;

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'with',
  'in',
  'on',
  'my',
  'size',
  'new',
  'used',
]);

/** Lower-case words of a text, without stop words: the vocabulary of title and text matching. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length > 1 && !STOP_WORDS.has(word),
  );
}

const stem = (word: string) => word.replace(/(es|s)$/, '');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The possessive a reason uses for a member, e.g. "Ana's". */
export const possessiveOf = (firstName: string) => `${firstName}'s`;

/** True when the item satisfies a wishlist entry: category (through the taxonomy), a title word, brand, size and value. */
export function matchesWishlist(item: MatchItem, want: WishlistWant): boolean {
  const mapped = WISHLIST_CATEGORY_MAP[want.category as WishlistCategory];
  if (!mapped || mapped.category !== item.category) return false;
  if (mapped.style && item.style !== mapped.style) return false;
  if (want.brand && want.brand.toLowerCase() !== (item.brand ?? '').toLowerCase()) return false;
  if (want.size && want.size.toLowerCase() !== (item.size ?? '').toLowerCase()) return false;
  if (want.maxValue !== null && item.estimatedValue > want.maxValue) return false;
  const wanted = new Set(words(want.title).map(stem));
  if (wanted.size === 0) return true;
  const have = [...words(item.title), ...words(item.brand ?? ''), ...item.tags.flatMap(words)].map(stem);
  return have.some((word) => wanted.has(word));
}

function valueSignal(offer: MatchItem, target: MatchItem): Signal {
  const base = Math.max(target.estimatedValue, 1);
  const difference = Math.abs(offer.estimatedValue - target.estimatedValue);
  const score = Math.max(0, 1 - difference / base);
  let reason: string | undefined;
  if (difference <= FAIR_TRADE_TOLERANCE * Math.max(offer.estimatedValue, 1))
    reason = 'Fair trade: values within 10%';
  else if (difference <= VALUE_SIMILARITY_TOLERANCE * base) reason = 'Similar value (within 20%)';
  return { key: 'value', weight: SIGNAL_WEIGHTS.value, score, reason };
}

function wishlistSignal(offer: MatchItem, receiver: MatchProfile): Signal {
  const hit = receiver.wishlist.find((want) => matchesWishlist(offer, want));
  return {
    key: 'wishlist',
    weight: SIGNAL_WEIGHTS.wishlist,
    score: hit ? 1 : 0,
    reason: hit
      ? capitalize(`matches ${receiver.possessive} wishlist${receiver.isViewer ? `: "${hit.title}"` : ''}`)
      : undefined,
  };
}

/** The profile category an item falls in: its style, or the category's name for shoes and accessories. */
export function profileCategoryOf(item: Pick<MatchItem, 'style' | 'category'>): string | null {
  if (item.style && item.style !== 'Watches') return item.style;
  if (item.category === 'shoes') return 'Shoes';
  if (item.category === 'accessories') return 'Accessories';
  return null;
}

function preferenceSignal(offer: MatchItem, receiver: MatchProfile): Signal {
  const category = profileCategoryOf(offer);
  const likesCategory = category !== null && receiver.preferredCategories.includes(category);
  const sizes = category ? (receiver.preferredSizes[category] ?? []) : [];
  const fits = offer.size !== null && sizes.some((size) => size.toLowerCase() === offer.size?.toLowerCase());
  const score = (likesCategory ? 0.6 : 0) + (fits ? 0.4 : 0);
  const reasons = [
    likesCategory ? `${category} is one of ${receiver.possessive} preferred categories` : undefined,
    fits ? `In ${receiver.possessive} size (${offer.size})` : undefined,
  ].filter(Boolean);
  return {
    key: 'preferences',
    weight: SIGNAL_WEIGHTS.preferences,
    score,
    reason: reasons.length ? reasons.join('; ') : undefined,
  };
}

function brandSignal(offer: MatchItem, receiver: MatchProfile): Signal {
  const brand = offer.brand?.toLowerCase();
  const liked = brand ? receiver.brands.includes(brand) : false;
  return {
    key: 'brand',
    weight: SIGNAL_WEIGHTS.brand,
    score: liked ? 1 : 0,
    reason: liked ? capitalize(`${offer.brand} is one of ${receiver.possessive} brands`) : undefined,
  };
}

function categorySignal(offer: MatchItem, target: MatchItem): Signal {
  const sameStyle = offer.style !== null && offer.style === target.style;
  const sameCategory = offer.category === target.category;
  const score = sameStyle ? 1 : sameCategory ? 0.7 : 0;
  return {
    key: 'category',
    weight: SIGNAL_WEIGHTS.category,
    score,
    reason: sameStyle ? `Same style (${offer.style})` : sameCategory ? 'Same category' : undefined,
  };
}

function conditionSignal(offer: MatchItem, target: MatchItem): Signal {
  const offered = CONDITION_RANK[offer.condition as Condition] ?? 1;
  const wanted = CONDITION_RANK[target.condition as Condition] ?? 1;
  const score = offered >= wanted ? 1 : Math.max(0, 1 - (wanted - offered) / 4);
  return {
    key: 'condition',
    weight: SIGNAL_WEIGHTS.condition,
    score,
    reason:
      offered >= wanted && offered >= 4
        ? `${CONDITION_LABELS[offer.condition as Condition]} condition`
        : undefined,
  };
}

/**
 * The stemmed title, brand and tag words of an item, worked out once per item object: a ranking
 * compares one target with every candidate, and the target's words were most of that work.
 * Items are not changed once scored, so an object's bag stays right.
 */
const bags = new WeakMap<MatchItem, Set<string>>();
function bagOf(item: MatchItem): Set<string> {
  let bag = bags.get(item);
  if (!bag) {
    bag = new Set([...words(item.title), ...words(item.brand ?? ''), ...item.tags.flatMap(words)].map(stem));
    bags.set(item, bag);
  }
  return bag;
}

/** Jaccard similarity of title, brand and tag words. */
export function textSimilarity(a: MatchItem, b: MatchItem): number {
  const left = bagOf(a);
  const right = bagOf(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

function textSignal(offer: MatchItem, target: MatchItem): Signal {
  const score = Math.min(1, textSimilarity(offer, target) * 2);
  return {
    key: 'text',
    weight: SIGNAL_WEIGHTS.text,
    score,
    reason: score >= 0.5 ? 'Similar style and keywords' : undefined,
  };
}

export interface MatchScore {
  overallScore: number;
  reasoning: string[];
  signals: Signal[];
}

/** How attractive `offer` is to the member who receives it (`receiver`) in exchange for `target`. */
export function scoreOffer(offer: MatchItem, target: MatchItem, receiver: MatchProfile): MatchScore {
  const signals = [
    valueSignal(offer, target),
    wishlistSignal(offer, receiver),
    preferenceSignal(offer, receiver),
    brandSignal(offer, receiver),
    categorySignal(offer, target),
    conditionSignal(offer, target),
    textSignal(offer, target),
  ];
  const overallScore = Math.round(signals.reduce((sum, s) => sum + s.weight * s.score, 0) * 1000) / 1000;
  const reasoning = signals
    .filter((s) => s.reason && s.score > 0)
    .sort((a, b) => b.weight * b.score - a.weight * a.score)
    .map((s) => s.reason as string);
  return { overallScore, reasoning: reasoning.length ? reasoning : [DEFAULT_MATCH_REASON], signals };
}

/** True when the receiver's wishlist or preferences explicitly want the item. */
export function wants(item: MatchItem, profile: MatchProfile): boolean {
  if (profile.wishlist.some((want) => matchesWishlist(item, want))) return true;
  const category = profileCategoryOf(item);
  return category !== null && profile.preferredCategories.includes(category);
}

export interface BarterScore {
  score: number;
  confidence: number;
  tradeType: 'direct' | 'one-way';
  explanations: string[];
}

/**
 * A swap of my item for theirs, seen from both sides: how much I would gain (their item for me) and how
 * likely they are to accept (my item for them). Direct when each side's wishlist or preferences want
 * the other's item.
 */
export function scoreBarter(
  mine: MatchItem,
  theirs: MatchItem,
  me: MatchProfile,
  them: MatchProfile,
): BarterScore {
  const forMe = scoreOffer(theirs, mine, me);
  const forThem = scoreOffer(mine, theirs, them);
  const overall = 0.5 * forMe.overallScore + 0.5 * forThem.overallScore;
  const direct = wants(theirs, me) && wants(mine, them);
  const evidence = [...forMe.signals, ...forThem.signals].filter((s) => s.score > 0 && s.reason).length;
  const confidence = Math.round(Math.min(1, 0.6 * overall + 0.4 * Math.min(1, evidence / 6)) * 100) / 100;
  const explanations = [...new Set([...forMe.reasoning, ...forThem.reasoning])].filter(
    (r) => r !== DEFAULT_MATCH_REASON,
  );
  return {
    score: Math.round(overall * 100),
    confidence,
    tradeType: direct ? 'direct' : 'one-way',
    explanations: explanations.length ? explanations.slice(0, 6) : [DEFAULT_MATCH_REASON],
  };
}
