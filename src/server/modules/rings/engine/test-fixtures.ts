import { buildGraph, type Cycle, type EngineGraph } from './graph';

/** Items named by their owner's letter and a number ("a1" is owned by a); arcs as "a1>b1". */
export function graph(arcs: string[], extra: string[] = []): EngineGraph {
  const ids = [...new Set([...arcs.flatMap((arc) => arc.split('>')), ...extra])].sort();
  return buildGraph(
    ids.map((id) => ({ id, ownerId: id.slice(0, 1) })),
    arcs.map((arc) => {
      const [from = '', to = ''] = arc.split('>');
      return { from, to };
    }),
  );
}

/** Each cycle as its item ids joined by spaces, sorted: what a test compares. */
export const named = (g: EngineGraph, cycles: Cycle[]) =>
  cycles.map((cycle) => cycle.map((i) => g.items[i]?.id).join(' ')).sort();

/** The best packing by trying every subset of cycles: the reference for small markets. */
export function bestPacking(cycles: Cycle[], weights: number[]) {
  let best = 0;
  const search = (index: number, used: Set<number>, total: number) => {
    if (index === cycles.length) {
      best = Math.max(best, total);
      return;
    }
    search(index + 1, used, total);
    const cycle = cycles[index] ?? [];
    if (cycle.every((item) => !used.has(item))) {
      const next = new Set(used);
      for (const item of cycle) next.add(item);
      search(index + 1, next, total + (weights[index] ?? 0));
    }
  };
  search(0, new Set(), 0);
  return best;
}

/** A repeatable random number generator in [0, 1) (a linear congruential one). */
export function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
