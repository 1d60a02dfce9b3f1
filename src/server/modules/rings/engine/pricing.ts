import { adjacencyOf, firstAbove } from './adjacency';
import { markBackwards } from './cycles';
import type { Cycle, EngineGraph } from './graph';
import { blockedOnPath, type OwnerBlocks } from './owner-blocks';

/**
 * Pricing for the whole market's packing (column-generation.ts): every cycle of 2..maxLength items
 * whose reduced cost w_c − Σ_{i ∈ c} π_i is positive for item duals π. The weight is a product,
 * not a sum over arcs, so no shortest-path pricing applies; but the length is at most 5 (6), so a
 * depth-first search over all cycles is exact, and it is pruned: a path of k items with product Q
 * and dual sum S can only close into a cycle of m ≤ maxLength items with weight at most
 * m · Q · pmax^(m−k), so it is left when that is no more than S.
 */

/** A reduced cost below this is taken as zero (the LP's own tolerance is about 1e-7). */
export const PRICE_TOLERANCE = 1e-6;
const CLOCK_EVERY = 4096;

export interface PricingResult {
  found: Cycle[];
  /** Reduced costs of `found`. */
  reducedCosts: number[];
  /** Every start item was searched (otherwise the deadline or the column cap stopped it). */
  complete: boolean;
  /**
   * Σ δ_i over the whole pass, δ_i the largest rc_c / |c| of the cycles c ∋ i found (π + δ then
   * covers every cycle: column-generation.ts), plus the pricing tolerance's share of every item with
   * arcs (a cycle priced at up to PRICE_TOLERANCE is not reported); meaningful only when complete.
   */
  shortfall: number;
  /** The pricing tolerance's share in `shortfall` (PRICE_TOLERANCE / 2 per item with arcs). */
  tolerance: number;
  /** The start item the next pass begins with (a pass cut short resumes where it stopped). */
  next: number;
  positives: number;
}

/**
 * One pricing pass: the cycles of 2..maxLength items with reduced cost w_c − Σ π_i above the
 * tolerance, searched from each start item s through items above s (each cycle once), beginning at
 * `from` and going round. Stops after `cap` cycles (the pass is then not complete) or at the
 * deadline. Cycles whose item set is in `rejected` weigh nothing and are never priced in; a path
 * never takes in an owner with a block against one already on it (`blocks`), so a cycle holding a
 * blocked pair is never priced either: the LP, and so its bound, is over the allowed cycles only.
 */
export function price(
  graph: EngineGraph,
  odds: Float64Array,
  duals: Float64Array,
  maxLength: number,
  from: number,
  cap: number,
  deadline: number,
  rejected: Set<string>,
  blocks: OwnerBlocks | null,
  threshold = PRICE_TOLERANCE,
): PricingResult {
  const { size, outStart, outTargets, inStart, inSources, owner } = adjacencyOf(graph);
  let pmax = 0;
  for (let i = 0; i < size; i++) if ((odds[i] ?? 0) > pmax) pmax = odds[i]!;
  /** reach[k]: the largest weight per unit of product a path of k items can still close into. */
  const reach = new Float64Array(maxLength + 1);
  for (let k = 1; k <= maxLength; k++)
    for (let m = Math.max(k, 2); m <= maxLength; m++) reach[k] = Math.max(reach[k]!, m * pmax ** (m - k));
  const one = new Int32Array(size);
  const two = new Int32Array(size);
  const path = new Int32Array(maxLength);
  const pathOwners = new Int32Array(maxLength);
  const delta = new Float64Array(size);
  const found: Cycle[] = [];
  const reducedCosts: number[] = [];
  let positives = 0;
  let steps = 0;
  let stopped = false;
  let depth = 0;
  let start = 0;
  const visit = (node: number, product: number, dualSum: number) => {
    if (depth >= 2 && one[node] === start + 1) {
      const reducedCost = depth * product - dualSum;
      if (reducedCost > threshold) {
        const cycle = Array.from(path.subarray(0, depth));
        if (rejected.size === 0 || !rejected.has([...cycle].sort((a, b) => a - b).join(','))) {
          positives++;
          const share = reducedCost / depth;
          for (const item of cycle) if (share > delta[item]!) delta[item] = share;
          found.push(cycle);
          reducedCosts.push(reducedCost);
          if (found.length >= cap) stopped = true;
        }
      }
    }
    if (depth >= maxLength || stopped) return;
    const left = maxLength - depth;
    const end = outStart[node + 1]!;
    for (let k = firstAbove(outTargets, outStart[node]!, end, start); k < end; k++) {
      if ((++steps & (CLOCK_EVERY - 1)) === 0 && performance.now() > deadline) stopped = true;
      if (stopped) return;
      const next = outTargets[k]!;
      if (left === 1 && one[next] !== start + 1) continue;
      if (left === 2 && one[next] !== start + 1 && two[next] !== start + 1) continue;
      const nextProduct = product * (odds[next] ?? 0);
      const nextDuals = dualSum + (duals[next] ?? 0);
      // No cycle through this path can price in: its weight is at most reach · product.
      if (reach[depth + 1]! * nextProduct - nextDuals <= threshold) continue;
      const nextOwner = owner[next]!;
      let repeated = false;
      for (let d = 0; d < depth; d++) if (pathOwners[d] === nextOwner) repeated = true;
      if (repeated || blockedOnPath(blocks, pathOwners, depth, nextOwner)) continue;
      path[depth] = next;
      pathOwners[depth] = nextOwner;
      depth++;
      visit(next, nextProduct, nextDuals);
      depth--;
    }
  };
  let searched = 0;
  for (; searched < size && !stopped; searched++) {
    start = (from + searched) % size;
    if (outStart[start] === outStart[start + 1] || inStart[start] === inStart[start + 1]) continue;
    markBackwards(inStart, inSources, start, one, two);
    path[0] = start;
    pathOwners[0] = owner[start]!;
    depth = 1;
    visit(start, odds[start] ?? 0, duals[start] ?? 0);
  }
  // A start cut short is searched again by the next pass.
  const complete = !stopped && searched >= size;
  let shortfall = 0;
  let tolerance = 0;
  if (complete)
    for (let i = 0; i < size; i++)
      if (outStart[i] !== outStart[i + 1] && inStart[i] !== inStart[i + 1]) {
        shortfall += delta[i]! + PRICE_TOLERANCE / 2;
        tolerance += PRICE_TOLERANCE / 2;
      }
  return {
    found,
    reducedCosts,
    complete,
    shortfall,
    tolerance,
    next: stopped ? (from + searched - 1 + size) % size : from,
    positives,
  };
}
