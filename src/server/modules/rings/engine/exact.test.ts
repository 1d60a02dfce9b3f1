import { describe, expect, it } from 'vitest';
import { findCycles } from './cycles';
import { cycleComponents, loadHighs, lpBound, packOptimal, solveBatch } from './exact';
import { buildGraph, type Cycle } from './graph';
import { packCycles, ringWeight } from './packing';

const uniform = (cycles: Cycle[], p = 0.7) => cycles.map((cycle) => ringWeight(cycle.map(() => p)));

/** The best packing by trying every subset of cycles. */
function exhaustive(cycles: Cycle[], weights: number[]) {
  let best = 0;
  for (let mask = 0; mask < 1 << cycles.length; mask++) {
    const used = new Set<number>();
    let total = 0;
    let fits = true;
    cycles.forEach((cycle, index) => {
      if (!fits || !(mask & (1 << index))) return;
      for (const item of cycle) {
        if (used.has(item)) fits = false;
        used.add(item);
      }
      total += weights[index] ?? 0;
    });
    if (fits) best = Math.max(best, total);
  }
  return best;
}

/**
 * Found by a search over random markets: greedy takes the two 3-rings (2 × 1.029); the best is the
 * three swaps 5↔3, 2↔1, 4↔6 (3 × 0.98), and no single exchange move gets there.
 */
const GREEDY_TRAP: Cycle[] = [
  [3, 6],
  [1, 5, 3],
  [1, 4, 6],
  [2, 1],
  [4, 6, 2],
  [3, 4, 1],
  [5, 3],
  [4, 6],
];

const itemsOf = (cycles: Cycle[], chosen: number[]) => chosen.flatMap((index) => cycles[index] ?? []);

describe('LP bound and exact packing (HiGHS)', () => {
  it('splits the candidates into components that share no item', () => {
    const groups = cycleComponents([
      [0, 1],
      [1, 2, 3],
      [4, 5],
      [5, 6],
      [7, 8],
    ]);
    expect(groups.map((group) => [...group].sort()).sort()).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('finds the two swaps that beat the ring blocking both, on a graph', async () => {
    const g = buildGraph(
      ['a1', 'b1', 'c1', 'd1', 'e1'].map((id) => ({ id, ownerId: id.slice(0, 1) })),
      ['a1>b1', 'b1>c1', 'c1>a1', 'a1>d1', 'd1>a1', 'b1>e1', 'e1>b1'].map((arc) => {
        const [from = '', to = ''] = arc.split('>');
        return { from, to };
      }),
    );
    const cycles = findCycles(g);
    const weights = uniform(cycles);
    const packing = await packOptimal(cycles, weights);
    expect(packing.total).toBeCloseTo(1.96);
    expect(packing.optimal).toBe(true);
    // The two swaps are the LP optimum too: the bound is tight here.
    expect((await lpBound(cycles, weights)).bound).toBeCloseTo(1.96);
  });

  it('beats greedy and its local search where both fall short (three swaps, not two rings)', async () => {
    const cycles = GREEDY_TRAP;
    const weights = uniform(cycles);
    expect(packCycles(cycles, weights).total).toBeCloseTo(2.058);
    const packing = await packOptimal(cycles, weights);
    expect(packing.total).toBeCloseTo(2.94);
    expect(packing.total).toBeCloseTo(exhaustive(cycles, weights), 9);
    expect(packing.optimal).toBe(true);
    const items = itemsOf(cycles, packing.chosen);
    expect(new Set(items).size).toBe(items.length);
  });

  it('bounds from above where the LP is fractional: a triangle of swaps', async () => {
    // Three swaps pairwise sharing an item: any packing takes one (1), the LP takes each at ½ (1.5).
    const cycles = [
      [0, 1],
      [1, 2],
      [2, 0],
    ];
    const weights = [1, 1, 1];
    const bound = await lpBound(cycles, weights);
    expect(bound.bound).toBeCloseTo(1.5);
    expect([...bound.values].map((x) => Number(x.toFixed(6)))).toEqual([0.5, 0.5, 0.5]);
    const packing = await packOptimal(cycles, weights);
    expect(packing.total).toBe(1);
    expect(packing.bound).toBeCloseTo(1.5);
    // Short of the bound, so the integer solver proved 1 optimal.
    expect(packing.solvedColumns).toBe(3);
    expect(packing.optimal).toBe(true);
  });

  it('equals an exhaustive search on small random markets, in one batch or many', async () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let market = 0; market < 12; market++) {
      const cycles: Cycle[] = [];
      for (let k = 0; k < 12; k++) {
        const items = new Set<number>();
        const length = random() < 0.5 ? 2 : 3;
        while (items.size < length) items.add(Math.floor(random() * 14));
        cycles.push([...items]);
      }
      const weights = cycles.map((cycle) => ringWeight(cycle.map(() => 0.5 + random() * 0.5)));
      const best = exhaustive(cycles, weights);
      const packing = await packOptimal(cycles, weights, { batchColumns: market % 2 === 0 ? 4 : 1000 });
      expect(packing.total).toBeCloseTo(best, 9);
      expect(packing.bound).toBeGreaterThanOrEqual(best - 1e-9);
      const items = itemsOf(cycles, packing.chosen);
      expect(new Set(items).size).toBe(items.length);
    }
  });

  it('answers the heuristic, unbounded, when the time runs out before the LP: a busy machine never fails the re-pack', async () => {
    const cycles = GREEDY_TRAP;
    const weights = uniform(cycles);
    const packing = await packOptimal(cycles, weights, { timeLimitSec: 0 });
    expect(packing.total).toBeCloseTo(packCycles(cycles, weights).total);
    expect(packing).toMatchObject({ bounded: false, optimal: false, solvedColumns: 0 });
    const items = itemsOf(cycles, packing.chosen);
    expect(new Set(items).size).toBe(items.length);
  });

  it('gives the integer solver only the LP core of a large market, and still packs ≥ 99.5 % of the bound', async () => {
    let seed = 5;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const cycles: Cycle[] = [];
    for (let k = 0; k < 3000; k++) {
      const items = new Set<number>();
      const length = random() < 0.4 ? 2 : 3;
      while (items.size < length) items.add(Math.floor(random() * 2500));
      cycles.push([...items]);
    }
    const weights = cycles.map((cycle) => ringWeight(cycle.map(() => 0.4 + random() * 0.6)));
    const packing = await packOptimal(cycles, weights);
    expect(packing.bounded).toBe(true);
    expect(packing.total / packing.bound).toBeGreaterThanOrEqual(0.995);
    expect(packing.solvedColumns).toBeGreaterThan(0);
    // Without the core, the giant component short of its bound went to it whole (~all 3,000).
    expect(packing.solvedColumns).toBeLessThan(cycles.length * 0.75);
    const items = itemsOf(cycles, packing.chosen);
    expect(new Set(items).size).toBe(items.length);
  });

  it('keeps a lone ring without calling the solver, and answers nothing for no candidates', async () => {
    expect((await lpBound([[0, 1, 2]], [1.2])).bound).toBeCloseTo(1.2);
    const empty = await packOptimal([], []);
    expect(empty).toMatchObject({ chosen: [], total: 0, bound: 0, optimal: true });
  });
});

describe('a batch of no cycles', () => {
  it('is solved at once, with or without a start (HiGHS refuses a start for an empty model)', async () => {
    const highs = await loadHighs();
    for (const integral of [true, false]) {
      const result = solveBatch(highs, [[0, 1]], [1], [], integral, 5, new Float64Array(0));
      expect(result).toMatchObject({ objective: 0, optimal: true });
      expect(result.values).toHaveLength(0);
    }
  });
});
