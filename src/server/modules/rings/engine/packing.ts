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
 * The cycles of positive weight, heaviest first, ties by index: a stable radix sort on the bits of
 * the weights (a positive double's bits order as the number does), four passes of 16 bits. A
 * comparison sort took half a second on 200k cycles, and no clock can stop a built-in sort.
 */
export function heaviestFirst(weight: Float64Array): Int32Array {
  let positive = 0;
  for (let c = 0; c < weight.length; c++) if (weight[c]! > 0) positive++;
  let order = new Int32Array(positive);
  positive = 0;
  for (let c = 0; c < weight.length; c++) if (weight[c]! > 0) order[positive++] = c;
  const bits = new Uint16Array(weight.buffer, weight.byteOffset, weight.length * 4);
  // Little- or big-endian, digit d of weight c is its d-th least significant 16 bits.
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  let next = new Int32Array(positive);
  const counts = new Int32Array(65537);
  for (let digit = 0; digit < 4; digit++) {
    const word = little ? digit : 3 - digit;
    counts.fill(0);
    // Descending: the complement of each digit.
    for (let k = 0; k < positive; k++) counts[65535 - bits[order[k]! * 4 + word]! + 1]!++;
    for (let d = 0; d < 65536; d++) counts[d + 1]! += counts[d]!;
    for (let k = 0; k < positive; k++) {
      const c = order[k]!;
      next[counts[65535 - bits[c * 4 + word]!]!++] = c;
    }
    [order, next] = [next, order];
  }
  return order;
}

/**
 * Greedy, then improving moves until none helps (or `maxRounds`): for a cycle left out, remove the
 * chosen cycles it conflicts with, add it, refill the freed items greedily, and keep the result if
 * the total grew. That move finds, among others, two short rings that beat one longer ring.
 * Typed arrays throughout, as a global re-pack sees hundreds of thousands of cycles; after
 * `timeLimitMs` the greedy pass or the local search stops with the best packing so far (the clock
 * is read at every move and every 1,024 greedy steps, so a run ends close to its limit).
 */
export function packCycles(
  cycles: Cycle[],
  weights: number[],
  maxRounds = 20,
  timeLimitMs = Number.POSITIVE_INFINITY,
  priority?: ArrayLike<number>,
): Packing {
  const deadline = performance.now() + timeLimitMs;
  const count = cycles.length;
  // The cycles as CSR typed arrays (cycle c is items[start[c] .. start[c + 1])): every loop below
  // reads these, which on hundreds of thousands of cycles is several times faster than the arrays.
  const start = new Int32Array(count + 1);
  for (let c = 0; c < count; c++) start[c + 1] = start[c]! + (cycles[c]?.length ?? 0);
  const members = new Int32Array(start[count]!);
  const weight = new Float64Array(count);
  let items = 0;
  for (let c = 0; c < count; c++) {
    const cycle = cycles[c]!;
    for (let k = 0; k < cycle.length; k++) {
      const item = cycle[k]!;
      members[start[c]! + k] = item;
      if (item >= items) items = item + 1;
    }
    weight[c] = weights[c] ?? 0;
  }
  // The order of the greedy pass and of the refills: by weight, or by `priority` (all positive;
  // the Lagrangian way passes reduced costs shifted above zero). Moves are still judged by weight.
  const order = heaviestFirst(
    priority ? Float64Array.from({ length: count }, (_, c) => priority[c] ?? 0) : weight,
  );
  /** rank[index]: the cycle's place in `order` (heaviest first); refills go in this order. */
  const rank = new Int32Array(count).fill(-1);
  for (let position = 0; position < order.length; position++) rank[order[position]!] = position;
  // byItem: the cycles through each item, heaviest first (CSR: byItemList[byItemStart[i] ..]).
  const byItemStart = new Int32Array(items + 1);
  for (let position = 0; position < order.length; position++) {
    const c = order[position]!;
    for (let k = start[c]!; k < start[c + 1]!; k++) byItemStart[members[k]! + 1]!++;
  }
  for (let item = 0; item < items; item++) byItemStart[item + 1]! += byItemStart[item]!;
  const fill = byItemStart.slice(0, items);
  const byItemList = new Int32Array(byItemStart[items] ?? 0);
  for (let position = 0; position < order.length; position++) {
    const c = order[position]!;
    for (let k = start[c]!; k < start[c + 1]!; k++) byItemList[fill[members[k]!]!++] = c;
  }

  /** owner[item] = the chosen cycle using it, or -1. */
  const owner = new Int32Array(items).fill(-1);
  const chosen = new Uint8Array(count);
  const fits = (c: number) => {
    for (let k = start[c]!; k < start[c + 1]!; k++) if (owner[members[k]!] !== -1) return false;
    return true;
  };
  const take = (c: number) => {
    chosen[c] = 1;
    for (let k = start[c]!; k < start[c + 1]!; k++) owner[members[k]!] = c;
  };
  const drop = (c: number) => {
    chosen[c] = 0;
    for (let k = start[c]!; k < start[c + 1]!; k++) owner[members[k]!] = -1;
  };
  let looked = 0;
  for (let position = 0; position < order.length; position++) {
    const c = order[position]!;
    // The greedy pass alone can take seconds on millions of cycles: it looks at the clock too.
    if ((++looked & 1023) === 0 && performance.now() > deadline) break;
    if (fits(c)) take(c);
  }

  /** seen[index] === stamp: already collected for the current refill. */
  const seen = new Int32Array(count);
  let stamp = 0;
  const removed: number[] = [];
  const added: number[] = [];
  const refill: number[] = [];
  let stopped = performance.now() > deadline;
  for (let round = 0; round < maxRounds && !stopped; round++) {
    let improved = false;
    for (let position = 0; position < order.length; position++) {
      const candidate = order[position]!;
      if (chosen[candidate]) continue;
      // One move can refill thousands of cycles on a dense market: the clock is read at every move.
      if (performance.now() > deadline) {
        stopped = true;
        break;
      }
      removed.length = 0;
      for (let k = start[candidate]!; k < start[candidate + 1]!; k++) {
        const holder = owner[members[k]!]!;
        if (holder !== -1 && !removed.includes(holder)) removed.push(holder);
      }
      let before = 0;
      for (const c of removed) before += weight[c]!;
      for (const c of removed) drop(c);
      take(candidate);
      // Refill: the cycles through the freed items that fit now, best first. One that does not
      // fit now cannot fit after more are taken, so only these need sorting.
      stamp++;
      refill.length = 0;
      for (const c of removed)
        for (let m = start[c]!; m < start[c + 1]!; m++) {
          const item = members[m]!;
          for (let k = byItemStart[item]!; k < byItemStart[item + 1]!; k++) {
            const other = byItemList[k]!;
            if (seen[other] === stamp) continue;
            seen[other] = stamp;
            if (!chosen[other] && fits(other)) refill.push(rank[other]!);
          }
        }
      refill.sort((a, b) => a - b);
      added.length = 0;
      added.push(candidate);
      for (const position of refill) {
        const c = order[position]!;
        if (fits(c)) {
          take(c);
          added.push(c);
        }
      }
      let after = 0;
      for (const c of added) after += weight[c]!;
      if (after > before + EPSILON) {
        improved = true;
      } else {
        for (const c of added) drop(c);
        for (const c of removed) take(c);
      }
    }
    if (!improved) break;
  }
  const list: number[] = [];
  for (let position = 0; position < order.length; position++)
    if (chosen[order[position]!]) list.push(order[position]!);
  return { chosen: list, total: list.reduce((sum, c) => sum + weight[c]!, 0) };
}
