/**
 * A synthetic swap market for the ring benchmark (`npm run bench:rings`): members, items and
 * swap rules drawn from a seeded generator, and the arcs those rules make (decision 007: an arc
 * i → j when j matches a rule of i's owner, within the rule's value band relative to i).
 *
 * Shape, chosen to look like a clothing marketplace rather than a random graph:
 * - wardrobe sizes are heavy-tailed (Pareto): most members list a few items, some list dozens;
 * - brands have Zipf popularity, both in what is listed and in what rules ask for, so a few items
 *   are wanted by thousands and most by a handful;
 * - each member has a few favourite brands and categories that most of their listings and rules
 *   are about, so
 *   members with the same taste want each other's items (that is where rings come from);
 * - each member wears one clothing size and one shoe size, lists in them and asks for them, with
 *   some items a size off;
 * - values are log-normal per category with a brand premium; each rule has its own value band
 *   (0.5–0.8× up to 1.25–2× the value given).
 */

export interface MarketScale {
  members: number;
  items: number;
  brands: number;
}

export const MARKET_SCALES = {
  /** The scale the budgets are set for: 10k members, 100k items, over a million arcs. */
  full: { members: 10_000, items: 100_000, brands: 800 },
  small: { members: 1_000, items: 10_000, brands: 200 },
  /** The smoke run inside `npm test`. */
  tiny: { members: 60, items: 600, brands: 6 },
} as const satisfies Record<string, MarketScale>;
export type MarketScaleName = keyof typeof MARKET_SCALES;

/** mulberry32: a small, fast, seeded generator (the same market on every run). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const gaussian = (random: Random) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Sampling by weight in O(log n): cumulative weights and a binary search. */
function sampler(weights: number[], random: Random) {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += weight;
    cumulative[i] = total;
  });
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Categories: relative share of listings, median value in dollars, size system. */
const CATEGORIES = [
  { name: 'tops', share: 18, value: 25, sizes: 'clothing' },
  { name: 'dresses', share: 12, value: 45, sizes: 'clothing' },
  { name: 'jeans', share: 12, value: 40, sizes: 'clothing' },
  { name: 'knitwear', share: 9, value: 40, sizes: 'clothing' },
  { name: 'coats', share: 8, value: 90, sizes: 'clothing' },
  { name: 'jackets', share: 8, value: 70, sizes: 'clothing' },
  { name: 'skirts', share: 6, value: 30, sizes: 'clothing' },
  { name: 'activewear', share: 5, value: 30, sizes: 'clothing' },
  { name: 'sneakers', share: 9, value: 60, sizes: 'shoes' },
  { name: 'boots', share: 6, value: 80, sizes: 'shoes' },
  { name: 'bags', share: 5, value: 70, sizes: 'none' },
  { name: 'accessories', share: 2, value: 20, sizes: 'none' },
] as const;
const CLOTHING_SIZES = [0.06, 0.18, 0.3, 0.26, 0.14, 0.06];
const SHOE_SIZES = [0.03, 0.07, 0.12, 0.16, 0.18, 0.16, 0.12, 0.08, 0.05, 0.03];
/** Share of listings and of asked-for brands and categories drawn from the member's favourites. */
const TASTE_SHARE = 0.75;
const DEPARTMENTS = [0.58, 0.38, 0.04];

export interface Market {
  members: number;
  items: number;
  /** owner[i]: the member listing item i. */
  owner: Int32Array;
  /** Acceptance probability of each member (mean about 0.7). */
  acceptance: Float64Array;
  /** Arcs as parallel arrays, sorted by source then target, no duplicates. */
  from: Int32Array;
  to: Int32Array;
  /** Derives the arcs out of and into a new item of `member` (the incremental benchmark). */
  newItem: (member: number, random: Random) => { out: number[]; in: number[] };
}

interface Item {
  owner: number;
  category: number;
  department: number;
  size: number;
  brand: number;
  value: number;
}

interface Rule {
  category: number;
  department: number;
  size: number;
  brands: number[];
  low: number;
  high: number;
}

export function generateMarket(scale: MarketScale, seed = 16): Market {
  const random = seededRandom(seed);
  const brandPick = sampler(
    Array.from({ length: scale.brands }, (_, b) => 1 / (b + 1) ** 0.85),
    random,
  );
  const categoryPick = sampler(
    CATEGORIES.map((category) => category.share),
    random,
  );
  const clothingPick = sampler(CLOTHING_SIZES, random);
  const shoePick = sampler(SHOE_SIZES, random);
  const departmentPick = sampler(DEPARTMENTS, random);

  const members = Array.from({ length: scale.members }, () => ({
    department: departmentPick(),
    clothing: clothingPick(),
    shoes: shoePick(),
    acceptance: Math.min(0.95, Math.max(0.35, 0.7 + 0.12 * gaussian(random))),
    taste: Array.from({ length: 3 + Math.floor(random() * 3) }, () => brandPick()),
    categories: Array.from({ length: 3 }, () => categoryPick()),
    rules: [] as Rule[],
    items: [] as number[],
  }));
  const wardrobe = sampler(
    members.map(() => (1 - random()) ** (-1 / 1.6)),
    random,
  );
  /** Members list and ask for the brands they like most of the time. */
  const tasteOr = (taste: number[], draw: Random) =>
    draw() < TASTE_SHARE ? (taste[Math.floor(draw() * taste.length)] ?? 0) : brandPick();
  const favouriteOr = (categories: number[], draw: Random) =>
    draw() < TASTE_SHARE ? (categories[Math.floor(draw() * categories.length)] ?? 0) : categoryPick();
  const sizeOf = (member: (typeof members)[number], category: number, draw: Random = random) => {
    const system = CATEGORIES[category]?.sizes;
    const base = system === 'clothing' ? member.clothing : system === 'shoes' ? member.shoes : 0;
    if (system === 'none') return 0;
    const off = draw() < 0.15 ? (draw() < 0.5 ? -1 : 1) : 0;
    return Math.max(0, base + off);
  };

  const items: Item[] = [];
  const makeItem = (owner: number): Item => {
    const member = members[owner]!;
    const category = favouriteOr(member.categories, random);
    const brand = tasteOr(member.taste, random);
    const premium = 1 + 0.8 * Math.exp(-brand / 20);
    const value =
      Math.round((CATEGORIES[category]?.value ?? 30) * premium * Math.exp(0.55 * gaussian(random)) * 100) /
      100;
    return { owner, category, department: member.department, size: sizeOf(member, category), brand, value };
  };
  for (let i = 0; i < scale.items; i++) {
    const owner = wardrobe();
    members[owner]!.items.push(i);
    items.push(makeItem(owner));
  }

  // Rules: one to four per member, each a category in the member's department and size, one to
  // three brands (popular brands asked for more), and a value band of its own.
  for (const member of members) {
    const count = 1 + Math.floor(random() ** 1.5 * 4);
    for (let r = 0; r < count; r++) {
      const category = favouriteOr(member.categories, random);
      const brands = new Set<number>();
      const wanted = 1 + Math.floor(random() * 3);
      while (brands.size < wanted) brands.add(tasteOr(member.taste, random));
      member.rules.push({
        category,
        department: member.department,
        size: sizeOf(member, category),
        brands: [...brands],
        low: [0.5, 0.67, 0.67, 0.8][Math.floor(random() * 4)] ?? 0.67,
        high: [1.25, 1.5, 1.5, 2][Math.floor(random() * 4)] ?? 1.5,
      });
    }
  }

  // Listings indexed by what a rule asks for, each cell sorted by value: a rule's matches for an
  // item are a value range in a few cells.
  const cellKey = (category: number, department: number, size: number, brand: number) =>
    ((category * 4 + department) * 16 + size) * 100_000 + brand;
  const cells = new Map<number, number[]>();
  items.forEach((item, i) => {
    const key = cellKey(item.category, item.department, item.size, item.brand);
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  });
  for (const cell of cells.values()) cell.sort((a, b) => items[a]!.value - items[b]!.value || a - b);
  const firstAtLeast = (cell: number[], value: number) => {
    let lo = 0;
    let hi = cell.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (items[cell[mid]!]!.value < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The listed items the rules of `owner` accept for an item worth `value`. */
  const wantedFor = (owner: number, value: number, into: Set<number>) => {
    for (const rule of members[owner]!.rules)
      for (const brand of rule.brands) {
        const cell = cells.get(cellKey(rule.category, rule.department, rule.size, brand));
        if (!cell) continue;
        for (let k = firstAtLeast(cell, value * rule.low); k < cell.length; k++) {
          const j = cell[k]!;
          if (items[j]!.value > value * rule.high) break;
          if (items[j]!.owner !== owner) into.add(j);
        }
      }
  };

  const from: number[] = [];
  const to: number[] = [];
  const targets = new Set<number>();
  items.forEach((item, i) => {
    targets.clear();
    wantedFor(item.owner, item.value, targets);
    for (const j of [...targets].sort((a, b) => a - b)) {
      from.push(i);
      to.push(j);
    }
  });

  // Who would take a new item: every rule is checked against it (the incremental benchmark runs a
  // few hundred of these, so a scan of the ten thousand members' rules is fine).
  const newItem = (owner: number, draw: Random) => {
    const item = makeItemWith(owner, draw);
    const out = new Set<number>();
    wantedFor(owner, item.value, out);
    const incoming: number[] = [];
    members.forEach((member, m) => {
      if (m === owner) return;
      const accepted = member.rules.some(
        (rule) =>
          rule.category === item.category &&
          rule.department === item.department &&
          rule.size === item.size &&
          rule.brands.includes(item.brand),
      );
      if (!accepted) return;
      for (const i of member.items) {
        const rule = member.rules.find(
          (r) =>
            r.category === item.category &&
            r.department === item.department &&
            r.size === item.size &&
            r.brands.includes(item.brand) &&
            item.value >= items[i]!.value * r.low &&
            item.value <= items[i]!.value * r.high,
        );
        if (rule) incoming.push(i);
      }
    });
    return { out: [...out].sort((a, b) => a - b), in: incoming.sort((a, b) => a - b) };
  };
  const makeItemWith = (owner: number, draw: Random): Item => {
    // A new listing looks like the member's others: a category, brand and value drawn afresh.
    const member = members[owner]!;
    const category = Math.floor(draw() * CATEGORIES.length);
    const brand = Math.min(scale.brands - 1, Math.floor(draw() ** 3 * scale.brands));
    const value = (CATEGORIES[category]?.value ?? 30) * Math.exp(0.55 * gaussian(draw));
    return {
      owner,
      category,
      department: member.department,
      size: sizeOf(member, category, draw),
      brand,
      value,
    };
  };

  return {
    members: scale.members,
    items: scale.items,
    owner: Int32Array.from(items, (item) => item.owner),
    acceptance: Float64Array.from(members, (member) => member.acceptance),
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    newItem,
  };
}
