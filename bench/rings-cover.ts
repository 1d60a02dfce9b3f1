/**
 * The unbounded comparison for `npm run bench:rings`: TradeMaximizer's formulation, the most
 * items traded in item-disjoint cycles of any length. Every item either trades along one of its
 * arcs or keeps itself (a self-loop), each item is given once and received once: an assignment
 * problem, whose LP has integral vertices, solved with HiGHS's simplex.
 *
 * Arcs between strongly connected components lie on no cycle, so only arcs inside a component of
 * two or more items enter the model, one model per batch of whole components.
 */
import { loadHighs } from '../src/server/modules/rings/engine/exact';
import type { EngineGraph } from '../src/server/modules/rings/engine/graph';

/** Strongly connected component of each item (iterative Tarjan). */
export function stronglyConnected(graph: EngineGraph): Int32Array {
  const size = graph.items.length;
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const component = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  const callStack: Array<[number, number]> = [];
  let counter = 0;
  let components = 0;
  for (let root = 0; root < size; root++) {
    if (index[root] !== -1) continue;
    callStack.push([root, 0]);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callStack.length > 0) {
      const frame = callStack[callStack.length - 1]!;
      const [node, position] = frame;
      const out = graph.out[node] ?? [];
      if (position < out.length) {
        frame[1]++;
        const next = out[position]!;
        if (index[next] === -1) {
          index[next] = low[next] = counter++;
          stack.push(next);
          onStack[next] = 1;
          callStack.push([next, 0]);
        } else if (onStack[next]) low[node] = Math.min(low[node]!, index[next]!);
        continue;
      }
      callStack.pop();
      const parent = callStack[callStack.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]]!, low[node]!);
      if (low[node] === index[node]) {
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component[member] = components;
        } while (member !== node);
        components++;
      }
    }
  }
  return component;
}

export interface Cover {
  /** Cycles of the cover, as item indexes in giving order. */
  cycles: number[][];
  itemsTraded: number;
  /** Items in strongly connected components of two or more (the only ones that can trade). */
  candidates: number;
  arcs: number;
  /** Every batch solved to optimality (a time limit may stop one with a smaller cover). */
  optimal: boolean;
}

/** The maximum cycle cover: most items traded, cycles of any length. */
export async function maximumCover(
  graph: EngineGraph,
  { batchArcs = 2_000_000, timeLimitSec = 600 }: { batchArcs?: number; timeLimitSec?: number } = {},
): Promise<Cover> {
  const started = performance.now();
  let optimal = true;
  const component = stronglyConnected(graph);
  const sizes = new Map<number, number>();
  for (const c of component) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  // Items and arcs inside components of two or more, grouped by component.
  const byComponent = new Map<number, number[]>();
  graph.items.forEach((_, item) => {
    const c = component[item]!;
    if ((sizes.get(c) ?? 0) < 2) return;
    const list = byComponent.get(c);
    if (list) list.push(item);
    else byComponent.set(c, [item]);
  });
  const highs = await loadHighs();
  const successor = new Int32Array(graph.items.length).fill(-1);
  let candidates = 0;
  let arcs = 0;
  let batch: number[] = [];
  let batchSize = 0;
  const solve = () => {
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    batchSize = 0;
    const row = new Map(items.map((item, k) => [item, k]));
    const n = items.length;
    // Columns: the arcs (cost 1), then a self-loop per item (cost 0). Rows: item k gives (k) and
    // receives (n + k), each exactly once.
    const tails: number[] = [];
    const heads: number[] = [];
    for (const item of items)
      for (const next of graph.out[item] ?? [])
        if (component[next] === component[item]) {
          tails.push(item);
          heads.push(next);
        }
    arcs += tails.length;
    const numCols = tails.length + n;
    const starts = new Int32Array(numCols + 1);
    const indices = new Int32Array(2 * numCols);
    for (let k = 0; k < numCols; k++) {
      starts[k] = 2 * k;
      const give = k < tails.length ? row.get(tails[k]!)! : k - tails.length;
      const take = k < tails.length ? n + row.get(heads[k]!)! : n + (k - tails.length);
      indices[2 * k] = Math.min(give, take);
      indices[2 * k + 1] = Math.max(give, take);
    }
    starts[numCols] = 2 * numCols;
    const model = highs.createModel({
      numCols,
      numRows: 2 * n,
      sense: highs.constants.objectiveSense.maximize,
      colCost: Float64Array.from({ length: numCols }, (_, k) => (k < tails.length ? 1 : 0)),
      colLower: new Float64Array(numCols),
      colUpper: new Float64Array(numCols).fill(1),
      rowLower: new Float64Array(2 * n).fill(1),
      rowUpper: new Float64Array(2 * n).fill(1),
      matrix: {
        format: 'csc',
        numRows: 2 * n,
        numCols,
        starts,
        indices,
        values: new Float64Array(2 * numCols).fill(1),
      },
    });
    try {
      const remaining = timeLimitSec - (performance.now() - started) / 1000;
      model.options.set({ output_flag: false, time_limit: Math.max(1, remaining) });
      model.run();
      if (model.getModelStatus() !== highs.constants.modelStatus.optimal) {
        // Cut short: no cover from this batch (its items keep themselves).
        optimal = false;
        return;
      }
      // An optimal vertex of the assignment LP is integral (crossover runs after interior point).
      const values = model.getSolution().colValue;
      for (let k = 0; k < tails.length; k++) if ((values[k] ?? 0) > 0.5) successor[tails[k]!] = heads[k]!;
    } finally {
      model.dispose();
    }
  };
  for (const items of byComponent.values()) {
    let size = 0;
    for (const item of items) size += graph.out[item]?.length ?? 0;
    if (batchSize > 0 && batchSize + size > batchArcs) solve();
    batch.push(...items);
    batchSize += size;
    candidates += items.length;
  }
  solve();
  // Follow the successors into cycles.
  const seen = new Uint8Array(graph.items.length);
  const cycles: number[][] = [];
  let itemsTraded = 0;
  for (let start = 0; start < graph.items.length; start++) {
    if (seen[start] || successor[start] === -1) continue;
    const cycle: number[] = [];
    let item = start;
    while (item !== -1 && !seen[item]) {
      seen[item] = 1;
      cycle.push(item);
      item = successor[item]!;
    }
    // Only a closed cycle trades (an assignment's successors always close; this is a guard).
    if (item !== start) continue;
    cycles.push(cycle);
    itemsTraded += cycle.length;
  }
  return { cycles, itemsTraded, candidates, arcs, optimal };
}
