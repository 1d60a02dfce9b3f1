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
 */
export function packCycles(cycles: Cycle[], weights: number[], maxRounds = 20): Packing {
  const order = cycles
    .map((_, index) => index)
    .filter((index) => (weights[index] ?? 0) > 0)
    .sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
  const byItem = new Map<number, number[]>();
  for (const index of order) {
    for (const item of cycles[index] ?? []) {
      const list = byItem.get(item);
      if (list) list.push(index);
      else byItem.set(item, [index]);
    }
  }
  /** owner[item] = the chosen cycle using it. */
  const owner = new Map<number, number>();
  const chosen = new Set<number>();
  const fits = (index: number) => (cycles[index] ?? []).every((item) => !owner.has(item));
  const take = (index: number) => {
    chosen.add(index);
    for (const item of cycles[index] ?? []) owner.set(item, index);
  };
  const drop = (index: number) => {
    chosen.delete(index);
    for (const item of cycles[index] ?? []) owner.delete(item);
  };
  for (const index of order) if (fits(index)) take(index);

  for (let round = 0; round < maxRounds; round++) {
    let improved = false;
    for (const candidate of order) {
      if (chosen.has(candidate)) continue;
      const conflicts = new Set<number>();
      for (const item of cycles[candidate] ?? []) {
        const holder = owner.get(item);
        if (holder !== undefined) conflicts.add(holder);
      }
      const removed = [...conflicts];
      const before = removed.reduce((sum, index) => sum + (weights[index] ?? 0), 0);
      for (const index of removed) drop(index);
      take(candidate);
      // Refill: cycles through the freed items, best first.
      const freed = new Set(removed.flatMap((index) => cycles[index] ?? []));
      const refill = [...new Set([...freed].flatMap((item) => byItem.get(item) ?? []))].sort(
        (a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b,
      );
      const added = [candidate];
      for (const index of refill) {
        if (!chosen.has(index) && fits(index)) {
          take(index);
          added.push(index);
        }
      }
      const after = added.reduce((sum, index) => sum + (weights[index] ?? 0), 0);
      if (after > before + EPSILON) {
        improved = true;
      } else {
        for (const index of added) drop(index);
        for (const index of removed) take(index);
      }
    }
    if (!improved) break;
  }
  const list = [...chosen].sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
  return { chosen: list, total: list.reduce((sum, index) => sum + (weights[index] ?? 0), 0) };
}
