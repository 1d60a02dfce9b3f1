/**
 * The ring engine's working copy of the want graph (docs/decisions/007-swap-rings.md): pure data,
 * no database. Items are nodes; an arc i → j says i's owner would give i for j.
 */
export interface EngineItem {
  id: string;
  ownerId: string;
}

export interface EngineGraph {
  items: EngineItem[];
  /** Index of each item id in `items`. */
  index: Map<string, number>;
  /** out[i]: the items i's owner would take for i, as indexes, ascending. */
  out: number[][];
}

export function buildGraph(items: EngineItem[], arcs: Array<{ from: string; to: string }>): EngineGraph {
  const index = new Map(items.map((item, i) => [item.id, i]));
  const from: number[] = [];
  const to: number[] = [];
  for (const arc of arcs) {
    const i = index.get(arc.from);
    const j = index.get(arc.to);
    if (i === undefined || j === undefined) continue;
    from.push(i);
    to.push(j);
  }
  return withArcs(items, index, from, to);
}

/**
 * The same graph from arcs given as item indexes (the benchmark's million-arc markets, where
 * building a string key per arc would cost more than the search).
 */
export function graphFromIndexes(
  items: EngineItem[],
  from: ArrayLike<number>,
  to: ArrayLike<number>,
): EngineGraph {
  return withArcs(items, new Map(items.map((item, i) => [item.id, i])), from, to);
}

function withArcs(
  items: EngineItem[],
  index: Map<string, number>,
  from: ArrayLike<number>,
  to: ArrayLike<number>,
): EngineGraph {
  const out: number[][] = items.map(() => []);
  for (let k = 0; k < from.length; k++) {
    const i = from[k]!;
    const j = to[k]!;
    // Nobody swaps with themselves; an arc to no item is no arc.
    if (i === j || !items[i] || !items[j] || items[i].ownerId === items[j].ownerId) continue;
    out[i]?.push(j);
  }
  for (const list of out) {
    list.sort((a, b) => a - b);
    // Duplicated arcs (a rule and a favourite for the same pair) are one arc.
    for (let k = list.length - 1; k > 0; k--) if (list[k] === list[k - 1]) list.splice(k, 1);
  }
  return { items, index, out };
}

/**
 * A cycle as item indexes along its arcs: the owner of items[c[k]] takes items[c[k+1]] (so
 * items[c[k+1]] goes to the owner of items[c[k]], and items[c[0]] to the owner of the last).
 */
export type Cycle = number[];

/** The same cycle, rotated to start at its smallest index: one key per cycle. */
export function canonical(cycle: Cycle): Cycle {
  let start = 0;
  for (let k = 1; k < cycle.length; k++) if ((cycle[k] ?? 0) < (cycle[start] ?? 0)) start = k;
  return [...cycle.slice(start), ...cycle.slice(0, start)];
}

export const cycleKey = (cycle: Cycle) => canonical(cycle).join(',');
