import type { Cycle } from './graph';

/**
 * Choosing rings: a set of item-disjoint cycles with the largest total weight, where a ring's
 * weight is its expected completed swaps, |ring| · Π p(member) (ringWeight). Exact packing is an
 * NP-hard set packing; this is greedy by weight followed by a local search (docs/decisions/007).
 */

/** Expected completed swaps of a ring whose members accept with these probabilities. */
export function ringWeight(acceptance: number[]): number {
  return acceptance.length * acceptance.reduce((product, p) => product * p, 1);
}

export interface Packing {
  /** Indexes into the candidate list, by decreasing weight. */
  chosen: number[];
  total: number;
}

const EPSILON = 1e-9;

/**
 * Greedy, then improving moves until none helps (or `maxRounds`): for a cycle left out, remove the
 * chosen cycles it conflicts with, add it, refill the freed items greedily, and keep the result if
 * the total grew. That move finds, among others, two short rings that beat one longer ring.
 * Typed arrays throughout, as a global re-pack sees hundreds of thousands of cycles; after
 * `timeLimitMs` the local search stops with the best packing so far.
 */
export function packCycles(
  cycles: Cycle[],
  weights: number[],
  maxRounds = 20,
  timeLimitMs = Number.POSITIVE_INFINITY,
): Packing {
  const deadline = performance.now() + timeLimitMs;
  const order = cycles
    .map((_, index) => index)
    .filter((index) => (weights[index] ?? 0) > 0)
    .sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
  /** rank[index]: the cycle's place in `order` (heaviest first); refills go in this order. */
  const rank = new Int32Array(cycles.length).fill(-1);
  order.forEach((index, position) => (rank[index] = position));
  let items = 0;
  for (const index of order) for (const item of cycles[index] ?? []) items = Math.max(items, item + 1);
  // byItem: the cycles through each item, heaviest first (CSR: byItemList[byItemStart[i] ..]).
  const byItemStart = new Int32Array(items + 1);
  for (const index of order) for (const item of cycles[index] ?? []) byItemStart[item + 1]!++;
  for (let item = 0; item < items; item++) byItemStart[item + 1]! += byItemStart[item]!;
  const fill = byItemStart.slice(0, items);
  const byItemList = new Int32Array(byItemStart[items] ?? 0);
  for (const index of order) for (const item of cycles[index] ?? []) byItemList[fill[item]!++] = index;

  /** owner[item] = the chosen cycle using it, or -1. */
  const owner = new Int32Array(items).fill(-1);
  const chosen = new Uint8Array(cycles.length);
  const fits = (index: number) => {
    for (const item of cycles[index] ?? []) if (owner[item] !== -1) return false;
    return true;
  };
  const take = (index: number) => {
    chosen[index] = 1;
    for (const item of cycles[index] ?? []) owner[item] = index;
  };
  const drop = (index: number) => {
    chosen[index] = 0;
    for (const item of cycles[index] ?? []) owner[item] = -1;
  };
  for (const index of order) if (fits(index)) take(index);

  /** seen[index] === stamp: already collected for the current refill. */
  const seen = new Int32Array(cycles.length);
  let stamp = 0;
  const removed: number[] = [];
  const added: number[] = [];
  const refill: number[] = [];
  let checked = 0;
  let stopped = false;
  for (let round = 0; round < maxRounds && !stopped; round++) {
    let improved = false;
    for (const candidate of order) {
      if (chosen[candidate]) continue;
      if ((++checked & 1023) === 0 && performance.now() > deadline) {
        stopped = true;
        break;
      }
      removed.length = 0;
      for (const item of cycles[candidate] ?? []) {
        const holder = owner[item]!;
        if (holder !== -1 && !removed.includes(holder)) removed.push(holder);
      }
      let before = 0;
      for (const index of removed) before += weights[index] ?? 0;
      for (const index of removed) drop(index);
      take(candidate);
      // Refill: the cycles through the freed items that fit now, best first. One that does not
      // fit now cannot fit after more are taken, so only these need sorting.
      stamp++;
      refill.length = 0;
      for (const index of removed)
        for (const item of cycles[index] ?? [])
          for (let k = byItemStart[item]!; k < byItemStart[item + 1]!; k++) {
            const other = byItemList[k]!;
            if (seen[other] === stamp) continue;
            seen[other] = stamp;
            if (!chosen[other] && fits(other)) refill.push(rank[other]!);
          }
      refill.sort((a, b) => a - b);
      added.length = 0;
      added.push(candidate);
      for (const position of refill) {
        const index = order[position]!;
        if (fits(index)) {
          take(index);
          added.push(index);
        }
      }
      let after = 0;
      for (const index of added) after += weights[index] ?? 0;
      if (after > before + EPSILON) {
        improved = true;
      } else {
        for (const index of added) drop(index);
        for (const index of removed) take(index);
      }
    }
    if (!improved) break;
  }
  const list: number[] = [];
  for (const index of order) if (chosen[index]) list.push(index);
  return { chosen: list, total: list.reduce((sum, index) => sum + (weights[index] ?? 0), 0) };
}
