import { adjacencyOf } from './adjacency';
import type { Cycle, EngineGraph } from './graph';
import { blockedOnPath, type OwnerBlocks } from './owner-blocks';

/**
 * Chains started by a giveaway (docs/decisions/007-swap-rings.md, "Chains"), as altruistic donors
 * start chains in kidney exchange. A chain is a path of arcs x0 → x1 → … → xk ending at a giveaway
 * xk: the owner of x(t) takes x(t+1), so the giveaway goes to the owner of x(k−1), …, x1 goes to the
 * owner of x0, and the owner of xk (the giver) receives nothing. x0 itself is not given: its owner
 * is the chain's last member, who receives without giving; it is reserved by the packing all the
 * same, so that the same packing never also promises it in a ring or another chain.
 *
 * A chain is a column of the same packing as the rings: its items are x0..xk (all k + 1 distinct
 * owners), its weight is its expected completed swaps k · Π p over its k + 1 members (k items
 * change hands, and every member must accept), and k is at most maxLength (RING_MAX_LENGTH legs).
 */

/** Expected completed swaps of a chain of these items (x0 .. giveaway). */
export function chainWeight(chain: Cycle, odds: ArrayLike<number>) {
  let product = 1;
  for (const item of chain) product *= odds[item] ?? 0;
  return (chain.length - 1) * product;
}

/** One key per chain in the pool (a chain is never rotated: it starts at x0 and ends at the gift). */
export const chainKey = (chain: Cycle) => `c${chain.join(',')}`;

/** The items that change hands (x1 .. giveaway): the key under which members turn a chain down. */
export const chainGiven = (chain: Cycle) => chain.slice(1);

/** A graph whose giveaways point nowhere: a giveaway is given, never swapped, so it is in no ring. */
export function withoutGiveawayArcs(graph: EngineGraph, giveaways: ReadonlySet<number>): EngineGraph {
  if (giveaways.size === 0) return graph;
  return { ...graph, out: graph.out.map((list, i) => (giveaways.has(i) ? [] : list)) };
}

export interface ChainPricing {
  found: Cycle[];
  reducedCosts: number[];
  /** Every giveaway was searched to the end (not cut by the deadline or the cap). */
  complete: boolean;
  /**
   * Σ δ_i with δ_i the largest rc_c / |c| of the chains c ∋ i found, plus the tolerance once per
   * giveaway: the duals π + δ then cover every chain (see column-generation.ts).
   */
  shortfall: number;
  /** The tolerance's share in `shortfall` (once per giveaway). */
  tolerance: number;
}

const CLOCK_EVERY = 4096;

/**
 * Every chain of 1..maxLength legs with reduced cost k · Π p − Σ π above `tolerance`, searched
 * backwards from each giveaway along the arcs into it. With zero duals it lists every chain (the
 * first pool). A path is left when no chain through it can price in: with d items, product Q and
 * dual sum S, a chain of m ≤ maxLength + 1 items weighs at most (m − 1) · Q · pmax^(m − d).
 */
export function priceChains(
  graph: EngineGraph,
  odds: Float64Array,
  duals: Float64Array,
  options: {
    maxLength: number;
    giveaways: readonly number[];
    deadline: number;
    tolerance: number;
    cap: number;
    rejected: Set<string>;
    blocks: OwnerBlocks | null;
  },
): ChainPricing {
  const { size, inStart, inSources, owner } = adjacencyOf(graph);
  const { maxLength, tolerance } = options;
  const isGiveaway = new Uint8Array(size);
  for (const g of options.giveaways) if (g >= 0 && g < size) isGiveaway[g] = 1;
  let pmax = 0;
  for (let i = 0; i < size; i++) if ((odds[i] ?? 0) > pmax) pmax = odds[i]!;
  const most = maxLength + 1;
  const reach = new Float64Array(most + 1);
  for (let d = 1; d <= most; d++)
    for (let m = Math.max(d, 2); m <= most; m++) reach[d] = Math.max(reach[d]!, (m - 1) * pmax ** (m - d));
  const path = new Int32Array(most);
  const pathOwners = new Int32Array(most);
  const delta = new Float64Array(size);
  const found: Cycle[] = [];
  const reducedCosts: number[] = [];
  let depth = 0;
  let steps = 0;
  let stopped = false;

  const visit = (node: number, product: number, dualSum: number) => {
    if (depth >= 2) {
      const reducedCost = (depth - 1) * product - dualSum;
      if (reducedCost > tolerance) {
        // The path runs giveaway → … → x0; the chain is read the other way.
        const chain = Array.from(path.subarray(0, depth)).reverse();
        const given = chainGiven(chain);
        if (
          options.rejected.size === 0 ||
          !options.rejected.has([...given].sort((a, b) => a - b).join(','))
        ) {
          const share = reducedCost / depth;
          for (const item of chain) if (share > delta[item]!) delta[item] = share;
          found.push(chain);
          reducedCosts.push(reducedCost);
          if (found.length >= options.cap) stopped = true;
        }
      }
    }
    if (depth >= most || stopped) return;
    for (let k = inStart[node]!; k < inStart[node + 1]!; k++) {
      if ((++steps & (CLOCK_EVERY - 1)) === 0 && performance.now() > options.deadline) stopped = true;
      if (stopped) return;
      const next = inSources[k]!;
      if (isGiveaway[next]) continue;
      const nextProduct = product * (odds[next] ?? 0);
      const nextDuals = dualSum + (duals[next] ?? 0);
      if (reach[depth + 1]! * nextProduct - nextDuals <= tolerance) continue;
      const nextOwner = owner[next]!;
      let repeated = false;
      for (let d = 0; d < depth; d++) if (pathOwners[d] === nextOwner) repeated = true;
      if (repeated || blockedOnPath(options.blocks, pathOwners, depth, nextOwner)) continue;
      path[depth] = next;
      pathOwners[depth] = nextOwner;
      depth++;
      visit(next, nextProduct, nextDuals);
      depth--;
    }
  };

  for (const g of options.giveaways) {
    if (stopped) break;
    if (g < 0 || g >= size || inStart[g] === inStart[g + 1]) continue;
    path[0] = g;
    pathOwners[0] = owner[g]!;
    depth = 1;
    visit(g, odds[g] ?? 0, duals[g] ?? 0);
  }
  // Every chain holds exactly one giveaway: a tolerance each covers the chains priced at up to it.
  let shortfall = 0;
  let toleranceShare = 0;
  if (!stopped) {
    for (let i = 0; i < size; i++) shortfall += delta[i]!;
    for (let i = 0; i < size; i++)
      if (isGiveaway[i]) {
        shortfall += tolerance;
        toleranceShare += tolerance;
      }
  }
  return { found, reducedCosts, complete: !stopped, shortfall, tolerance: toleranceShare };
}
