import type { Highs } from 'highs';
import type { Cycle } from './graph';
import { type Packing, packCycles } from './packing';

/**
 * The cycle packing measured against, and solved with, HiGHS (linear and integer programming in
 * WebAssembly, the `highs` package; docs/decisions/007-swap-rings.md):
 *
 *   maximise Σ w_c x_c  subject to  Σ_{c ∋ item} x_c ≤ 1 for every item,  0 ≤ x_c ≤ 1.
 *
 * With x continuous this is the LP relaxation, whose optimum bounds every packing from above;
 * with x integral it is the packing itself. Cycles that share no item, even through other cycles,
 * are independent problems: the candidates are split into these connected components, a
 * component of one cycle needs no solver, and the others are solved in batches of at most
 * `batchColumns` cycles so that each HiGHS model stays small.
 */

let highsLoading: Promise<Highs> | null = null;

/** The HiGHS module, loaded once per process (the WebAssembly compiles in about 100 ms). */
export function loadHighs(): Promise<Highs> {
  highsLoading ??= import('highs').then((module) => module.default());
  return highsLoading;
}

/** The promise's value, or null if the deadline (performance.now() milliseconds) comes first. */
export async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Groups of cycle indexes that share items, directly or through other cycles (union-find). */
export function cycleComponents(cycles: Cycle[]): number[][] {
  let maxItem = -1;
  for (const cycle of cycles) for (const item of cycle) if (item > maxItem) maxItem = item;
  const parent = Int32Array.from({ length: maxItem + 1 }, (_, i) => i);
  const find = (item: number) => {
    let root = item;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[item] !== root) {
      const next = parent[item]!;
      parent[item] = root;
      item = next;
    }
    return root;
  };
  for (const cycle of cycles) {
    const first = find(cycle[0] ?? 0);
    for (let k = 1; k < cycle.length; k++) {
      const other = find(cycle[k]!);
      if (other !== first) parent[other] = first;
    }
  }
  const groups = new Map<number, number[]>();
  cycles.forEach((cycle, index) => {
    if (cycle.length === 0) return;
    const root = find(cycle[0]!);
    const group = groups.get(root);
    if (group) group.push(index);
    else groups.set(root, [index]);
  });
  return [...groups.values()];
}

export interface SolveOptions {
  /** Largest number of cycles in one HiGHS model (components are never split). */
  batchColumns?: number;
  /** Seconds the whole solve may take; an integer solve cut short keeps its best packing. */
  timeLimitSec?: number;
}

const DEFAULT_BATCH = 50_000;
/**
 * Seconds the global re-pack's packing may take by default: with the cycle search (about 4 s at
 * 100k items) the re-pack stays within its 30 s budget. At 100k items the LP core's integer solve
 * usually ends well before it.
 */
export const PACKING_TIME_LIMIT_SEC = 25;
const EPSILON = 1e-7;

interface BatchResult {
  values: Float64Array;
  objective: number;
  /** HiGHS reached optimality (otherwise a time limit stopped it). */
  optimal: boolean;
  /** The LP's dual value of each item's row (continuous solves only), keyed by `rowOf`. */
  rowDual: Float64Array | null;
  rowOf: Map<number, number>;
}

export function solveBatch(
  highs: Highs,
  cycles: Cycle[],
  weights: number[],
  columns: number[],
  integral: boolean,
  timeLimitSec: number,
  start?: Float64Array,
): BatchResult {
  const rowOf = new Map<number, number>();
  // No columns (a completion pass that found no cycle worth a place): nothing to solve, and HiGHS
  // refuses a start for an empty model ("setSolution failed"), which once failed a repack sweep.
  if (columns.length === 0)
    return {
      values: new Float64Array(0),
      objective: 0,
      optimal: true,
      rowDual: integral ? null : new Float64Array(0),
      rowOf,
    };
  const starts = new Int32Array(columns.length + 1);
  let nonzeros = 0;
  for (const index of columns) nonzeros += cycles[index]?.length ?? 0;
  const indices = new Int32Array(nonzeros);
  const colCost = new Float64Array(columns.length);
  let at = 0;
  columns.forEach((index, column) => {
    starts[column] = at;
    colCost[column] = weights[index] ?? 0;
    // Row indexes within a column ascending, as HiGHS prefers.
    const rows = (cycles[index] ?? []).map((item) => {
      let row = rowOf.get(item);
      if (row === undefined) {
        row = rowOf.size;
        rowOf.set(item, row);
      }
      return row;
    });
    rows.sort((a, b) => a - b);
    for (const row of rows) indices[at++] = row;
  });
  starts[columns.length] = at;
  const numRows = rowOf.size;
  const model = highs.createModel({
    numCols: columns.length,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost,
    colLower: new Float64Array(columns.length),
    colUpper: new Float64Array(columns.length).fill(1),
    rowLower: new Float64Array(numRows).fill(-highs.infinity),
    rowUpper: new Float64Array(numRows).fill(1),
    matrix: {
      format: 'csc',
      numRows,
      numCols: columns.length,
      starts,
      indices,
      values: new Float64Array(nonzeros).fill(1),
    },
    ...(integral ? { integrality: new Int32Array(columns.length).fill(1) } : {}),
  });
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.1, timeLimitSec),
      ...(integral ? { mip_rel_gap: 1e-6 } : {}),
    });
    if (start) model.setSolution({ colValue: start });
    model.run();
    const status = model.getModelStatus();
    const optimal = status === highs.constants.modelStatus.optimal;
    const solution = model.getSolution();
    const values = solution.colValue;
    let objective = 0;
    columns.forEach((index, column) => (objective += (weights[index] ?? 0) * (values[column] ?? 0)));
    const rowDual = !integral && optimal && solution.rowDual.length === numRows ? solution.rowDual : null;
    return { values, objective, optimal, rowDual, rowOf };
  } finally {
    model.dispose();
  }
}

export interface LpBound {
  /** The LP optimum: no packing of these cycles has a larger total weight. */
  bound: number;
  /** x per cycle in the LP optimum. */
  values: Float64Array;
  components: number;
  /** Cycles in the largest component. */
  largestComponent: number;
}

/** The LP relaxation bound of the packing. */
export function lpBound(cycles: Cycle[], weights: number[], options: SolveOptions = {}): Promise<LpBound> {
  return relax(cycles, weights, cycleComponents(cycles), options);
}

async function relax(
  cycles: Cycle[],
  weights: number[],
  components: number[][],
  options: SolveOptions,
): Promise<LpBound> {
  const values = new Float64Array(cycles.length);
  let bound = 0;
  const shared: number[][] = [];
  for (const component of components) {
    if (component.length === 1) {
      const index = component[0]!;
      const weight = Math.max(0, weights[index] ?? 0);
      values[index] = weight > 0 ? 1 : 0;
      bound += weight;
    } else shared.push(component);
  }
  if (shared.length > 0) {
    const highs = await loadHighs();
    for (const group of componentBatches(shared, options.batchColumns ?? DEFAULT_BATCH)) {
      const batch = group.flat();
      const result = solveBatch(highs, cycles, weights, batch, false, options.timeLimitSec ?? 600);
      if (!result.optimal) throw new Error('The LP relaxation did not solve to optimality');
      bound += result.objective;
      batch.forEach((index, column) => (values[index] = result.values[column] ?? 0));
    }
  }
  return {
    bound,
    values,
    components: components.length,
    largestComponent: components.reduce((largest, component) => Math.max(largest, component.length), 0),
  };
}

export interface OptimalPacking extends Packing {
  /** The LP bound it was measured against (of the solved components only when `bounded` is false). */
  bound: number;
  /** Every LP relaxation solved within the time limit, so `bound` bounds the whole packing. */
  bounded: boolean;
  /** The heuristic's total, before any solver. */
  heuristic: number;
  components: number;
  largestComponent: number;
  /** Proven optimal: every component meets its LP bound or its integer solve is proven optimal. */
  optimal: boolean;
  /** Cycles that went to the integer solver (the LP cores of components short of their bound). */
  solvedColumns: number;
}

/**
 * Cycles whose LP reduced cost is below this (w_c − Σ_{item ∈ c} dual_item < −CORE_TOLERANCE) are
 * left out of the second integer solve. Reduced-cost fixing: when the integer optimum over the
 * rest falls short of the LP bound by at most this much, no left-out cycle can improve it, so it
 * is the optimum of the whole component.
 */
const CORE_TOLERANCE = 0.01;

/**
 * A packing as good as the solver can prove within the time limit (decision 007, "Packing"):
 *
 * 1. The heuristic (packCycles), with a tenth of the time. It is the answer wherever the solver
 *    runs out of time, so the re-pack never fails for want of time on a busy machine.
 * 2. The LP relaxation of each batch of components, which bounds every packing; its greedy
 *    rounding (largest x first) replaces the heuristic in a component where it does better.
 * 3. In every component still short of its LP bound, two integer solves, each kept when better:
 *    first on the LP's support (the cycles with x > 0: a few thousand at 100k items, solved in
 *    about a second), then on the LP core (the support and every cycle whose reduced cost is
 *    within CORE_TOLERANCE of zero), started from the best packing so far, in the time left.
 */
export async function packOptimal(
  cycles: Cycle[],
  weights: number[],
  options: SolveOptions = {},
): Promise<OptimalPacking> {
  const started = performance.now();
  const limit = options.timeLimitSec ?? PACKING_TIME_LIMIT_SEC;
  const timeLeft = () => limit - (performance.now() - started) / 1000;
  const heuristic = packCycles(cycles, weights, 20, (limit * 1000) / 10);
  const chosen = new Uint8Array(cycles.length);
  for (const index of heuristic.chosen) chosen[index] = 1;
  const components = cycleComponents(cycles);
  let bound = 0;
  let bounded = true;
  let optimal = true;
  let solvedColumns = 0;
  const shared: number[][] = [];
  for (const component of components) {
    if (component.length > 1) shared.push(component);
    // A cycle alone in its component is taken by the heuristic whenever its weight is positive.
    else bound += Math.max(0, weights[component[0]!] ?? 0);
  }
  // Every batch's LP first, so that a busy machine loses integer solves before it loses bounds.
  const pending: Array<{ pool: number[]; support: number[]; core: number[]; bound: number }> = [];
  const highs = shared.length > 0 ? await beforeDeadline(loadHighs(), started + limit * 1000) : null;
  if (shared.length > 0 && !highs) {
    // The solver did not load within the time: the heuristic's packing stands, unbounded.
    bounded = false;
    optimal = false;
  }
  if (highs) {
    const used = new Set<number>();
    for (const batch of componentBatches(shared, options.batchColumns ?? DEFAULT_BATCH)) {
      const columns = batch.flat();
      const lp = timeLeft() > 0 ? solveBatch(highs, cycles, weights, columns, false, timeLeft()) : null;
      if (!lp?.optimal) {
        // No bound for these components within the time: the heuristic's packing stands.
        bounded = false;
        optimal = false;
        continue;
      }
      bound += lp.objective;
      const x = new Float64Array(cycles.length);
      columns.forEach((index, column) => (x[index] = lp.values[column] ?? 0));
      const short: number[][] = [];
      let shortBound = 0;
      for (const component of batch) {
        roundLp(cycles, weights, component, x, chosen, used);
        const relaxed = component.reduce((sum, index) => sum + (weights[index] ?? 0) * (x[index] ?? 0), 0);
        if (packedWeight(weights, chosen, component) < relaxed - EPSILON) {
          short.push(component);
          shortBound += relaxed;
        }
      }
      if (short.length === 0) continue;
      const reducedCost = (index: number) => {
        let cost = weights[index] ?? 0;
        for (const item of cycles[index] ?? []) cost -= lp.rowDual?.[lp.rowOf.get(item) ?? -1] ?? 0;
        return cost;
      };
      const pool = short.flat();
      const support = pool.filter((index) => (x[index] ?? 0) > EPSILON);
      const wider = lp.rowDual
        ? pool.filter((index) => (x[index] ?? 0) > EPSILON || reducedCost(index) >= -CORE_TOLERANCE)
        : pool;
      const core = wider.length === support.length ? support : wider;
      pending.push({ pool, support, core, bound: shortBound });
    }
    // Then the integer solves: every batch's support first (quick), then every batch's core.
    const proven = new Set<number>();
    for (const stage of ['support', 'core'] as const) {
      pending.forEach((batch, position) => {
        const subset = batch[stage];
        if (timeLeft() <= 0 || (stage === 'core' && subset === batch.support)) return;
        solvedColumns = Math.max(solvedColumns, subset.length);
        const start = Float64Array.from(subset, (index) => chosen[index] ?? 0);
        const result = solveBatch(highs, cycles, weights, subset, true, timeLeft(), start);
        if (result.optimal && subset === batch.core) proven.add(position);
        // A time-limited solve may answer its start or nothing usable: keep whichever is better.
        const better = result.objective > packedWeight(weights, chosen, batch.pool) + EPSILON;
        if (better && feasible(cycles, subset, result.values)) {
          for (const index of batch.pool) chosen[index] = 0;
          subset.forEach((index, column) => (chosen[index] = (result.values[column] ?? 0) > 0.5 ? 1 : 0));
        }
      });
    }
    pending.forEach((batch, position) => {
      const gap = batch.bound - packedWeight(weights, chosen, batch.pool);
      // Proven when the core's integer optimum is the whole pool's (always so without duals), or
      // within CORE_TOLERANCE of the LP bound (then no cycle left out of the core could raise it).
      const whole = batch.core.length === batch.pool.length;
      if (!(proven.has(position) && (whole || gap <= CORE_TOLERANCE))) optimal = false;
    });
  }
  const list: number[] = [];
  for (let index = 0; index < cycles.length; index++) if (chosen[index]) list.push(index);
  list.sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
  const total = list.reduce((sum, index) => sum + (weights[index] ?? 0), 0);
  return {
    chosen: list,
    total,
    bound,
    bounded,
    heuristic: heuristic.total,
    optimal,
    solvedColumns,
    components: components.length,
    largestComponent: components.reduce((largest, component) => Math.max(largest, component.length), 0),
  };
}

/** The total weight of the chosen cycles among `indexes`. */
function packedWeight(weights: number[], chosen: Uint8Array, indexes: number[]) {
  let total = 0;
  for (const index of indexes) if (chosen[index]) total += weights[index] ?? 0;
  return total;
}

/** Components (never split) grouped so that each group holds at most `limit` cycles. */
function componentBatches(components: number[][], limit: number) {
  const result: number[][][] = [];
  let current: number[][] = [];
  let size = 0;
  for (const component of components) {
    if (current.length > 0 && size + component.length > limit) {
      result.push(current);
      current = [];
      size = 0;
    }
    current.push(component);
    size += component.length;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** The rounded solution uses every item at most once. */
function feasible(cycles: Cycle[], columns: number[], values: Float64Array) {
  const used = new Set<number>();
  for (let column = 0; column < columns.length; column++) {
    if ((values[column] ?? 0) <= 0.5) continue;
    for (const item of cycles[columns[column]!] ?? []) {
      if (used.has(item)) return false;
      used.add(item);
    }
  }
  return true;
}

/**
 * LP rounding for one component: the cycles by decreasing LP value (then weight), each taken if
 * its items are free. Replaces the component's current choice in `chosen` if its total is larger.
 */
function roundLp(
  cycles: Cycle[],
  weights: number[],
  component: number[],
  values: Float64Array,
  chosen: Uint8Array,
  used: Set<number>,
) {
  const order = [...component].sort(
    (a, b) => (values[b] ?? 0) - (values[a] ?? 0) || (weights[b] ?? 0) - (weights[a] ?? 0) || a - b,
  );
  used.clear();
  const rounded: number[] = [];
  let total = 0;
  for (const index of order) {
    if ((values[index] ?? 0) <= EPSILON) break;
    const cycle = cycles[index] ?? [];
    if (cycle.some((item) => used.has(item))) continue;
    for (const item of cycle) used.add(item);
    rounded.push(index);
    total += weights[index] ?? 0;
  }
  let current = 0;
  for (const index of component) current += chosen[index] ? (weights[index] ?? 0) : 0;
  if (total <= current + EPSILON) return;
  for (const index of component) chosen[index] = 0;
  for (const index of rounded) chosen[index] = 1;
}
