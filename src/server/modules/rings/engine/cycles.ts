import { adjacencyOf, firstAbove, holds } from './adjacency';
import { canonical, type Cycle, cycleKey, type EngineGraph } from './graph';

export interface CycleOptions {
  /** Longest ring proposed to anyone (K). */
  maxLength: number;
  /** Longest ring proposed to items that are in no ring of at most `maxLength`. */
  maxLongLength: number;
  /** At most this many cycles are kept per starting item, so that a dense graph stays bounded. */
  maxPerItem: number;
}

export const DEFAULT_CYCLE_OPTIONS: CycleOptions = { maxLength: 3, maxLongLength: 5, maxPerItem: 200 };

/**
 * Cycles of 2..maxLength items in which every owner appears once, each found once: a depth-first
 * search from every item s through items with a larger index than s, so that a cycle is found only
 * from its smallest item (its canonical rotation). `allowed` restricts the items a cycle may use.
 * Runs on the CSR adjacency: the arcs back into s are marked first, so closing a cycle is one
 * lookup, and each sorted neighbour list is entered past s by binary search.
 */
function enumerate(
  graph: EngineGraph,
  minLength: number,
  maxLength: number,
  maxPerItem: number,
  allowed: Uint8Array | null,
): Cycle[] {
  const { size, outStart, outTargets, inStart, inSources, owner } = adjacencyOf(graph);
  const found: Cycle[] = [];
  const path = new Int32Array(maxLength);
  const pathOwners = new Int32Array(maxLength);
  /** intoStart[i] === start + 1 when i → start. */
  const intoStart = new Int32Array(size);
  let depth = 0;
  let start = 0;
  let count = 0;
  const visit = (node: number) => {
    if (count >= maxPerItem) return;
    if (intoStart[node] === start + 1 && depth >= minLength) {
      found.push(Array.from(path.subarray(0, depth)));
      count++;
    }
    if (depth >= maxLength) return;
    const end = outStart[node + 1]!;
    for (let k = firstAbove(outTargets, outStart[node]!, end, start); k < end; k++) {
      if (count >= maxPerItem) return;
      const next = outTargets[k]!;
      if (allowed && allowed[next] === 0) continue;
      const nextOwner = owner[next]!;
      let repeated = false;
      for (let d = 0; d < depth; d++) if (pathOwners[d] === nextOwner) repeated = true;
      if (repeated) continue;
      path[depth] = next;
      pathOwners[depth] = nextOwner;
      depth++;
      visit(next);
      depth--;
    }
  };
  for (start = 0; start < size; start++) {
    if (allowed && allowed[start] === 0) continue;
    if (outStart[start] === outStart[start + 1] || inStart[start] === inStart[start + 1]) continue;
    for (let k = inStart[start]!; k < inStart[start + 1]!; k++) intoStart[inSources[k]!] = start + 1;
    count = 0;
    path[0] = start;
    pathOwners[0] = owner[start]!;
    depth = 1;
    visit(start);
  }
  return found;
}

/**
 * Every candidate ring: the cycles of 2..K items, and cycles of K+1..maxLongLength items made only
 * of items that are in no cycle of at most K (a longer ring is harder to complete, so it never
 * competes with a shorter one for an item).
 */
export function findCycles(graph: EngineGraph, options: CycleOptions = DEFAULT_CYCLE_OPTIONS): Cycle[] {
  const short = enumerate(graph, 2, options.maxLength, options.maxPerItem, null);
  if (options.maxLongLength <= options.maxLength) return short;
  const covered = new Uint8Array(graph.items.length);
  for (const cycle of short) for (const item of cycle) covered[item] = 1;
  const free = new Uint8Array(graph.items.length);
  for (let item = 0; item < free.length; item++) free[item] = covered[item] === 0 ? 1 : 0;
  const long = enumerate(graph, options.maxLength + 1, options.maxLongLength, options.maxPerItem, free);
  return [...short, ...long];
}

/**
 * The cycles through one item (the incremental pass after a change): of 2..K items, or, when it is
 * in none, of K+1..maxLongLength items whose every item is in no cycle of at most K.
 */
export function cyclesThrough(
  graph: EngineGraph,
  item: number,
  options: CycleOptions = DEFAULT_CYCLE_OPTIONS,
): Cycle[] {
  const through = (
    length: number,
    min: number,
    allowed: (node: number) => boolean,
    reach?: { one: Uint8Array; two: Uint8Array },
  ) => {
    const found = new Map<string, Cycle>();
    const path = [item];
    const owners = new Set([graph.items[item]?.ownerId ?? '']);
    const visit = (node: number) => {
      const out = graph.out[node] ?? [];
      if (path.length >= length) {
        // Only the arc back to the item can close a cycle here: one lookup in the sorted list.
        if (found.size < options.maxPerItem && path.length >= min && holds(out, 0, out.length, item))
          found.set(cycleKey(path), canonical(path));
        return;
      }
      for (const next of out) {
        if (found.size >= options.maxPerItem) return;
        if (next === item) {
          if (path.length >= min) found.set(cycleKey(path), canonical(path));
          continue;
        }
        // A node that cannot get back to the item in the arcs left starts no cycle.
        const left = length - path.length;
        if (reach && left === 1 && reach.one[next] === 0) continue;
        if (reach && left === 2 && reach.one[next] === 0 && reach.two[next] === 0) continue;
        if (!allowed(next)) continue;
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
  };
  const short = through(options.maxLength, 2, () => true);
  if (short.length > 0 || options.maxLongLength <= options.maxLength) return short;
  const shortFree = new Map<number, boolean>();
  const noShortCycle = (node: number) => {
    let free = shortFree.get(node);
    if (free === undefined) {
      free = cyclesThrough(graph, node, { ...options, maxLongLength: options.maxLength }).length === 0;
      shortFree.set(node, free);
    }
    return free;
  };
  return through(options.maxLongLength, options.maxLength + 1, noShortCycle, reachWithinTwo(graph, item));
}

/**
 * The items with an arc into `item` (one) and with an arc into one of those (two): two passes over
 * the arcs, which prune the long search's last two steps from exponential to a few lookups.
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
