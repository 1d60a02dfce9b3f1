/**
 * The explainable matching engine (docs/product.md § Matching): each signal scores 0..1 with a weight and a
 * reason a person can read. No external AI: the same inputs always give the same answer.
 */
import { CONDITION_RANK, type Condition, WISHLIST_CATEGORY_MAP, type WishlistCategory } from './taxonomy';
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
  /** How reasons name this member: their first name, or null for "their" (a member left unnamed). */
  name: string | null;
  /**
   * Whether this member is the one reading the reasons ("your"). Wishlist entries are private: a
   * reason names one only to its owner, and tells anyone else that it matches the member's wishlist.
   */
  isViewer: boolean;
  wishlist: WishlistWant[];
  preferredCategories: string[];
  preferredSizes: Record<string, string[]>;
  /** Lower-cased brands they list or favourite. */
  brands: string[];
}

/**
 * Why a match is suggested, as a code and its values: the reader's client words it in their
 * language (the `matching:reasons.*` catalogue). `whose` names whose want it is: the reader's
 * ("your"), a named member's ("Ana's", with `name`) or an unnamed member's ("their"); `condition`
 * and `style` are domain values the client names.
 */
export const MATCH_REASON_CODES = [
  'fairValue',
  'similarValue',
  'wishlist',
  'preferredCategory',
  'inSize',
  'brand',
  'sameStyle',
  'sameCategory',
  'condition',
  'similarText',
  'default',
  'ring',
  'ringEveryone',
] as const;
export type MatchReasonCode = (typeof MATCH_REASON_CODES)[number];
export type Whose = 'you' | 'member' | 'them';
export interface MatchReason {
  code: MatchReasonCode;
  params?: Record<string, string | number>;
}

export interface Signal {
  key: 'value' | 'wishlist' | 'preferences' | 'brand' | 'category' | 'condition' | 'text';
  weight: number;
  score: number;
  reasons: MatchReason[];
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

/** The reason a match with no other reason gives ("Compatible match based on your preferences"). */
export const DEFAULT_MATCH_REASON: MatchReason = { code: 'default' };
const isDefault = (reason: MatchReason) => reason.code === 'default';
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

/** The `whose` and `name` values of a reason about the profile's member. */
function owner(profile: MatchProfile): Record<string, string> {
  if (profile.isViewer) return { whose: 'you' satisfies Whose };
  return profile.name
    ? { whose: 'member' satisfies Whose, name: profile.name }
    : { whose: 'them' satisfies Whose };
}

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
  const reasons: MatchReason[] =
    difference <= FAIR_TRADE_TOLERANCE * Math.max(offer.estimatedValue, 1)
      ? [{ code: 'fairValue' }]
      : difference <= VALUE_SIMILARITY_TOLERANCE * base
        ? [{ code: 'similarValue' }]
        : [];
  return { key: 'value', weight: SIGNAL_WEIGHTS.value, score, reasons };
}

function wishlistSignal(offer: MatchItem, receiver: MatchProfile): Signal {
  const hit = receiver.wishlist.find((want) => matchesWishlist(offer, want));
  return {
    key: 'wishlist',
    weight: SIGNAL_WEIGHTS.wishlist,
    score: hit ? 1 : 0,
    reasons: hit
      ? [
          {
            code: 'wishlist',
            params: { ...owner(receiver), ...(receiver.isViewer ? { title: hit.title } : {}) },
          },
        ]
      : [],
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
  const reasons: MatchReason[] = [];
  if (likesCategory && category)
    reasons.push({ code: 'preferredCategory', params: { ...owner(receiver), category } });
  if (fits && offer.size) reasons.push({ code: 'inSize', params: { ...owner(receiver), size: offer.size } });
  return { key: 'preferences', weight: SIGNAL_WEIGHTS.preferences, score, reasons };
}

function brandSignal(offer: MatchItem, receiver: MatchProfile): Signal {
  const brand = offer.brand?.toLowerCase();
  const liked = brand ? receiver.brands.includes(brand) : false;
  return {
    key: 'brand',
    weight: SIGNAL_WEIGHTS.brand,
    score: liked ? 1 : 0,
    reasons:
      liked && offer.brand ? [{ code: 'brand', params: { ...owner(receiver), brand: offer.brand } }] : [],
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
    reasons:
      sameStyle && offer.style
        ? [{ code: 'sameStyle', params: { style: offer.style } }]
        : sameCategory
          ? [{ code: 'sameCategory' }]
          : [],
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
    reasons:
      offered >= wanted && offered >= 4
        ? [{ code: 'condition', params: { condition: offer.condition } }]
        : [],
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
    reasons: score >= 0.5 ? [{ code: 'similarText' }] : [],
  };
}

export interface MatchScore {
  overallScore: number;
  reasoning: MatchReason[];
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
    .filter((s) => s.reasons.length > 0 && s.score > 0)
    .sort((a, b) => b.weight * b.score - a.weight * a.score)
    .flatMap((s) => s.reasons);
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
  explanations: MatchReason[];
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
  const evidence = [...forMe.signals, ...forThem.signals].filter(
    (s) => s.score > 0 && s.reasons.length > 0,
  ).length;
  const confidence = Math.round(Math.min(1, 0.6 * overall + 0.4 * Math.min(1, evidence / 6)) * 100) / 100;
  const seen = new Set<string>();
  const explanations = [...forMe.reasoning, ...forThem.reasoning].filter((reason) => {
    const key = JSON.stringify(reason);
    if (isDefault(reason) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    score: Math.round(overall * 100),
    confidence,
    tradeType: direct ? 'direct' : 'one-way',
    explanations: explanations.length ? explanations.slice(0, 6) : [DEFAULT_MATCH_REASON],
  };
}
