import type { EngineGraph } from './graph';

/**
 * The want graph in compressed sparse row form, for the searches that visit millions of arcs:
 * `outTargets[outStart[i] .. outStart[i + 1])` are the items i points to, ascending (as in
 * `graph.out`), and `inSources` the same for the arcs into i. Owners are small integers.
 */
export interface Adjacency {
  size: number;
  outStart: Int32Array;
  outTargets: Int32Array;
  inStart: Int32Array;
  inSources: Int32Array;
  owner: Int32Array;
}

const cache = new WeakMap<EngineGraph, { arcs: number; adjacency: Adjacency }>();

function countArcs(graph: EngineGraph) {
  let arcs = 0;
  for (const list of graph.out) arcs += list.length;
  return arcs;
}

/**
 * The adjacency of a graph, built once and reused while the graph has the same items and arc
 * count (a graph grown or changed in place is rebuilt).
 */
export function adjacencyOf(graph: EngineGraph): Adjacency {
  const arcs = countArcs(graph);
  const cached = cache.get(graph);
  if (cached && cached.arcs === arcs && cached.adjacency.size === graph.items.length) return cached.adjacency;
  const size = graph.items.length;
  const outStart = new Int32Array(size + 1);
  const outTargets = new Int32Array(arcs);
  const inCount = new Int32Array(size + 1);
  let at = 0;
  for (let i = 0; i < size; i++) {
    outStart[i] = at;
    for (const j of graph.out[i] ?? []) {
      outTargets[at++] = j;
      inCount[j + 1]!++;
    }
  }
  outStart[size] = at;
  const inStart = new Int32Array(size + 1);
  for (let i = 0; i < size; i++) inStart[i + 1] = inStart[i]! + inCount[i + 1]!;
  const inSources = new Int32Array(arcs);
  const fill = inStart.slice(0, size);
  // Sources are visited in ascending order, so each in-list comes out sorted.
  for (let i = 0; i < size; i++)
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) inSources[fill[outTargets[k]!]!++] = i;
  const owners = new Map<string, number>();
  const owner = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    const id = graph.items[i]?.ownerId ?? '';
    let value = owners.get(id);
    if (value === undefined) {
      value = owners.size;
      owners.set(id, value);
    }
    owner[i] = value;
  }
  const adjacency = { size, outStart, outTargets, inStart, inSources, owner };
  cache.set(graph, { arcs, adjacency });
  return adjacency;
}

/** The first position in the sorted `list[from..to)` holding a value above `value`. */
export function firstAbove(list: Int32Array, from: number, to: number, value: number) {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the sorted `list[from..to)` holds `value`. */
export function holds(list: Int32Array | number[], from: number, to: number, value: number) {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid]!;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
