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
 * from its smallest item. `allowed` restricts the items a cycle may use.
 */
function enumerate(
  graph: EngineGraph,
  minLength: number,
  maxLength: number,
  maxPerItem: number,
  allowed: (item: number) => boolean,
): Cycle[] {
  const found: Cycle[] = [];
  const path: number[] = [];
  const owners = new Set<string>();
  for (let start = 0; start < graph.items.length; start++) {
    if (!allowed(start)) continue;
    let count = 0;
    const visit = (node: number) => {
      for (const next of graph.out[node] ?? []) {
        if (count >= maxPerItem) return;
        if (next === start) {
          if (path.length >= minLength) {
            found.push([...path]);
            count++;
          }
          continue;
        }
        if (next < start || path.length >= maxLength || !allowed(next)) continue;
        const owner = graph.items[next]?.ownerId ?? '';
        if (owners.has(owner)) continue;
        path.push(next);
        owners.add(owner);
        visit(next);
        path.pop();
        owners.delete(owner);
      }
    };
    path.push(start);
    owners.add(graph.items[start]?.ownerId ?? '');
    visit(start);
    path.pop();
    owners.clear();
  }
  return found;
}

/**
 * Every candidate ring: the cycles of 2..K items, and cycles of K+1..maxLongLength items made only
 * of items that are in no cycle of at most K (a longer ring is harder to complete, so it never
 * competes with a shorter one for an item).
 */
export function findCycles(graph: EngineGraph, options: CycleOptions = DEFAULT_CYCLE_OPTIONS): Cycle[] {
  const short = enumerate(graph, 2, options.maxLength, options.maxPerItem, () => true);
  if (options.maxLongLength <= options.maxLength) return short;
  const covered = new Uint8Array(graph.items.length);
  for (const cycle of short) for (const item of cycle) covered[item] = 1;
  const long = enumerate(
    graph,
    options.maxLength + 1,
    options.maxLongLength,
    options.maxPerItem,
    (item) => covered[item] === 0,
  );
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
  const through = (length: number, min: number, allowed: (node: number) => boolean) => {
    const found = new Map<string, Cycle>();
    const path = [item];
    const owners = new Set([graph.items[item]?.ownerId ?? '']);
    const visit = (node: number) => {
      for (const next of graph.out[node] ?? []) {
        if (found.size >= options.maxPerItem) return;
        if (next === item) {
          if (path.length >= min) found.set(cycleKey(path), canonical(path));
          continue;
        }
        if (path.length >= length || !allowed(next)) continue;
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
  return through(options.maxLongLength, options.maxLength + 1, noShortCycle);
}
