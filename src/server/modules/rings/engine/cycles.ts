import { adjacencyOf, firstAbove, holds } from './adjacency';
import { canonical, type Cycle, cycleKey, type EngineGraph } from './graph';
import { blockedOnPath, type OwnerBlocks } from './owner-blocks';

export interface CycleOptions {
  /** Longest ring proposed (RING_MAX_LENGTH): every cycle of 2..maxLength members is a candidate. */
  maxLength: number;
}

/** The default longest ring (docs/decisions/007-swap-rings.md). */
export const DEFAULT_MAX_LENGTH = 5;

export const DEFAULT_CYCLE_OPTIONS: CycleOptions = { maxLength: DEFAULT_MAX_LENGTH };

/** How often (in search steps) a search with a deadline looks at the clock. */
const CLOCK_EVERY = 4096;

export interface CycleSearch {
  cycles: Cycle[];
  /** False when the deadline stopped the search: some cycles are missing. */
  complete: boolean;
}

/**
 * Every cycle of 2..maxLength items in which every owner appears once, each found once: a
 * depth-first search from every item s through items with a larger index than s, so that a cycle is
 * found only from its smallest item (its canonical rotation). Runs on the CSR adjacency: the items
 * within one and two arcs of s (backwards) are marked first, so closing a cycle is one lookup and
 * the last two steps only enter items that can still get back to s; each sorted neighbour list is
 * entered past s by binary search. `deadline` (performance.now() milliseconds), when given, stops
 * the search, looked at every few thousand steps. A path never takes in an owner with a block
 * against one already on it (`blocks`), so no cycle holding a blocked pair is found.
 */
export function searchCycles(
  graph: EngineGraph,
  maxLength: number,
  deadline = Number.POSITIVE_INFINITY,
  blocks: OwnerBlocks | null = null,
): CycleSearch {
  const { size, outStart, outTargets, inStart, inSources, owner } = adjacencyOf(graph);
  const found: Cycle[] = [];
  const path = new Int32Array(maxLength);
  const pathOwners = new Int32Array(maxLength);
  /** intoStart[i] === start + 1 when i → start; twoFromStart[i] === start + 1 when i → j → start. */
  const intoStart = new Int32Array(size);
  const twoFromStart = new Int32Array(size);
  let depth = 0;
  let start = 0;
  let steps = 0;
  let stopped = false;
  const visit = (node: number) => {
    if (intoStart[node] === start + 1 && depth >= 2) found.push(Array.from(path.subarray(0, depth)));
    if (depth >= maxLength) return;
    const left = maxLength - depth;
    const end = outStart[node + 1]!;
    for (let k = firstAbove(outTargets, outStart[node]!, end, start); k < end; k++) {
      if ((++steps & (CLOCK_EVERY - 1)) === 0 && performance.now() > deadline) stopped = true;
      if (stopped) return;
      const next = outTargets[k]!;
      // An item that cannot get back to s within the items left starts no cycle.
      if (left === 1 && intoStart[next] !== start + 1) continue;
      if (left === 2 && intoStart[next] !== start + 1 && twoFromStart[next] !== start + 1) continue;
      const nextOwner = owner[next]!;
      let repeated = false;
      for (let d = 0; d < depth; d++) if (pathOwners[d] === nextOwner) repeated = true;
      if (repeated || blockedOnPath(blocks, pathOwners, depth, nextOwner)) continue;
      path[depth] = next;
      pathOwners[depth] = nextOwner;
      depth++;
      visit(next);
      depth--;
    }
  };
  for (start = 0; start < size && !stopped; start++) {
    if (outStart[start] === outStart[start + 1] || inStart[start] === inStart[start + 1]) continue;
    markBackwards(inStart, inSources, start, intoStart, twoFromStart);
    path[0] = start;
    pathOwners[0] = owner[start]!;
    depth = 1;
    visit(start);
  }
  return { cycles: found, complete: !stopped };
}

/** Marks (with start + 1) the items above `start` one arc and two arcs before it. */
export function markBackwards(
  inStart: Int32Array,
  inSources: Int32Array,
  start: number,
  one: Int32Array,
  two: Int32Array,
) {
  for (
    let k = firstAbove(inSources, inStart[start]!, inStart[start + 1]!, start);
    k < inStart[start + 1]!;
    k++
  ) {
    const before = inSources[k]!;
    one[before] = start + 1;
    for (
      let m = firstAbove(inSources, inStart[before]!, inStart[before + 1]!, start);
      m < inStart[before + 1]!;
      m++
    )
      two[inSources[m]!] = start + 1;
  }
}

/** Every candidate ring: the cycles of 2..maxLength items (for graphs small enough to list them). */
export function findCycles(graph: EngineGraph, options: CycleOptions = DEFAULT_CYCLE_OPTIONS): Cycle[] {
  return searchCycles(graph, options.maxLength).cycles;
}

/**
 * The cycles of 2..maxLength items through one item (the incremental pass after a change), each
 * once, in its canonical rotation.
 */
export function cyclesThrough(
  graph: EngineGraph,
  item: number,
  options: CycleOptions = DEFAULT_CYCLE_OPTIONS,
): Cycle[] {
  const found = new Map<string, Cycle>();
  const reach = reachWithinTwo(graph, item);
  const path = [item];
  const owners = new Set([graph.items[item]?.ownerId ?? '']);
  const visit = (node: number) => {
    const out = graph.out[node] ?? [];
    if (path.length >= options.maxLength) {
      // Only the arc back to the item can close a cycle here: one lookup in the sorted list.
      if (path.length >= 2 && holds(out, 0, out.length, item)) found.set(cycleKey(path), canonical(path));
      return;
    }
    for (const next of out) {
      if (next === item) {
        if (path.length >= 2) found.set(cycleKey(path), canonical(path));
        continue;
      }
      // A node that cannot get back to the item in the arcs left starts no cycle.
      const left = options.maxLength - path.length;
      if (left === 1 && reach.one[next] === 0) continue;
      if (left === 2 && reach.one[next] === 0 && reach.two[next] === 0) continue;
      const owner = graph.items[next]?.ownerId ?? '';
      if (owners.has(owner)) continue;
      path.push(next);
      owners.add(owner);
      visit(next);
      path.pop();
      owners.delete(owner);
    }
  };
  visit(item);
  return [...found.values()];
}

/**
 * The items with an arc into `item` (one) and with an arc into one of those (two): two passes over
 * the arcs, which prune the search's last two steps from exponential to a few lookups.
 */
function reachWithinTwo(graph: EngineGraph, item: number) {
  const one = new Uint8Array(graph.items.length);
  const two = new Uint8Array(graph.items.length);
  graph.out.forEach((list, node) => {
    if (holds(list, 0, list.length, item)) one[node] = 1;
  });
  graph.out.forEach((list, node) => {
    for (const next of list)
      if (one[next] === 1) {
        two[node] = 1;
        break;
      }
  });
  return { one, two };
}
