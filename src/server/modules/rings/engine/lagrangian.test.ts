import { describe, expect, it } from 'vitest';
import { packMarket } from './column-generation';
import { findCycles } from './cycles';
import { lpBound } from './exact';
import type { Cycle } from './graph';
import { byReducedCost, coverRepair, subgradient } from './lagrangian';
import { packCycles, ringWeight } from './packing';
import { bestPacking, graph, seeded } from './test-fixtures';

/** A random market of `count` items (owners by letter), each arc present with probability `density`. */
function randomMarket(seed: number, count: number, density: number) {
  const random = seeded(seed);
  const ids = Array.from({ length: count }, (_, i) => `${'abcdefghijklmnop'[i % 16]}${i}`);
  const arcs: string[] = [];
  for (const from of ids)
    for (const to of ids) if (from !== to && random() < density) arcs.push(`${from}>${to}`);
  const g = graph(arcs);
  const odds = Float64Array.from(g.items, () => 0.4 + random() * 0.6);
  return { g, odds };
}

const weightsOf = (cycles: Cycle[], odds: Float64Array) =>
  cycles.map((cycle) => ringWeight(cycle.map((i) => odds[i] ?? 0)));

describe('the Lagrangian bound and packing of a large pool', () => {
  it('lowers L(π) to the LP optimum of the pool, and L never falls below it', async () => {
    const { g, odds } = randomMarket(5, 24, 0.14);
    const cycles = findCycles(g, { maxLength: 4 });
    const weights = weightsOf(cycles, odds);
    const lp = await lpBound(cycles, weights);
    const result = subgradient(cycles, weights, new Float64Array(g.items.length), {
      target: 0,
      deadline: Number.POSITIVE_INFINITY,
      iterations: 3000,
      scale: 1,
    });
    // L(π) bounds the pool's LP for every π ≥ 0, and its minimum is the LP optimum.
    expect(result.value).toBeGreaterThanOrEqual(lp.bound - 1e-9);
    expect(result.value).toBeLessThanOrEqual(lp.bound * 1.02);
    for (const dual of result.duals) expect(dual).toBeGreaterThanOrEqual(0);
  });

  it('repairs multipliers into a feasible dual: every listed column covered, less than the per-item shares', () => {
    const random = seeded(9);
    const size = 40;
    const found: Cycle[] = [];
    const costs: number[] = [];
    for (let k = 0; k < 300; k++) {
      const length = 2 + Math.floor(random() * 4);
      const items = new Set<number>();
      // A few hubs in many columns, as a high-acceptance member's items are in a real market.
      while (items.size < length)
        items.add(random() < 0.3 ? Math.floor(random() * 4) : Math.floor(random() * size));
      found.push([...items]);
      costs.push(0.01 + random());
    }
    const { total, delta } = coverRepair(found, costs, size);
    found.forEach((column, k) => {
      const covered = column.reduce((sum, item) => sum + (delta[item] ?? 0), 0);
      expect(covered).toBeGreaterThanOrEqual(costs[k]! - 1e-9);
    });
    expect(total).toBeCloseTo(
      delta.reduce((sum, value) => sum + value, 0),
      9,
    );
    // The per-item repair the LP way uses (δ_i = the largest rc_c / |c| through i) costs more here.
    const shares = new Float64Array(size);
    found.forEach((column, k) => {
      for (const item of column) shares[item] = Math.max(shares[item]!, costs[k]! / column.length);
    });
    expect(total).toBeLessThan(shares.reduce((sum, value) => sum + value, 0));
  });

  it('packs item-disjoint columns in reduced-cost order', () => {
    // At π = 0 the order is by weight: the 3-ring (weight 3) first, then nothing else fits but d1 ↔ e1.
    const cycles: Cycle[] = [
      [0, 1],
      [0, 1, 2],
      [1, 2],
      [3, 4],
    ];
    const weights = [2, 3, 2, 2];
    expect(byReducedCost(cycles, weights, new Float64Array(5)).sort()).toEqual([1, 3]);
    // With item 0 priced at 2.5, the 3-ring's reduced cost is 0.5: the swaps 1 ↔ 2 and 3 ↔ 4 win.
    const duals = Float64Array.from([2.5, 0, 0, 0, 0]);
    expect(byReducedCost(cycles, weights, duals).sort()).toEqual([2, 3]);
  });

  it('steps over the columns near pricing in only, and still reaches the pool LP', async () => {
    const { g, odds } = randomMarket(6, 24, 0.14);
    const cycles = findCycles(g, { maxLength: 4 });
    const weights = weightsOf(cycles, odds);
    const lp = await lpBound(cycles, weights);
    const run = (activeMargin?: number) =>
      subgradient(cycles, weights, new Float64Array(g.items.length), {
        target: 0,
        deadline: Number.POSITIVE_INFINITY,
        iterations: 3000,
        scale: 1,
        ...(activeMargin === undefined ? {} : { activeMargin }),
      });
    // From π = 0 every column has a positive reduced cost: all are kept.
    expect(run(0.5).columns).toBe(cycles.length);
    const warm = run();
    expect(warm.value).toBeLessThanOrEqual(lp.bound * 1.02);
    // From good multipliers, only the columns within the margin of pricing in are stepped over.
    const near = subgradient(cycles, weights, warm.duals, {
      target: 0,
      deadline: Number.POSITIVE_INFINITY,
      iterations: 500,
      scale: 0.1,
      activeMargin: 0.05,
    });
    expect(near.columns).toBeLessThan(cycles.length);
    expect(near.value).toBeGreaterThanOrEqual(lp.bound - 1e-9);
  });

  it('lets the heuristic take columns in a given order and still judge its moves by weight', () => {
    // By weight the 3-ring [0, 1, 2] (3) goes first and blocks both swaps; in the order of the
    // priorities the swaps [0, 3] and [1, 2] (2 + 2) go first, which is the better packing.
    const cycles: Cycle[] = [
      [0, 1, 2],
      [0, 3],
      [1, 2],
    ];
    const weights = [3, 2, 2];
    expect(packCycles(cycles, weights, 0).total).toBe(3);
    expect(packCycles(cycles, weights, 0, Number.POSITIVE_INFINITY, [1, 2, 2]).total).toBe(4);
    // With moves, the weight order finds the swaps too: a move is kept only when the weight grows.
    expect(packCycles(cycles, weights, 20).total).toBe(4);
  });

  it('states an honest bound and a valid packing the Lagrangian way on random markets', async () => {
    let tight = 0;
    for (let market = 0; market < 8; market++) {
      const { g, odds } = randomMarket(40 + market, 14, 0.16);
      const all = findCycles(g, { maxLength: 5 });
      if (all.length === 0) continue;
      const weights = weightsOf(all, odds);
      const lp = await lpBound(all, weights);
      const lines: string[] = [];
      const packing = await packMarket(g, odds, {
        maxLength: 5,
        timeLimitSec: 10,
        lagrangianPool: 0,
        log: (line) => lines.push(line),
      });
      expect(lines[0]).toMatch(/^round 1: subgradient/);
      // Σ π + Σ δ is a feasible point of the LP's dual over every cycle: never below the LP.
      expect(packing.bound).toBeGreaterThanOrEqual(lp.bound * (1 - 1e-6));
      expect(packing.boundKind).toBe('lagrangian');
      const items = packing.cycles.flat();
      expect(new Set(items).size).toBe(items.length);
      if (all.length <= 22) expect(packing.total).toBeLessThanOrEqual(bestPacking(all, weights) + 1e-9);
      if (packing.bound <= lp.bound * 1.05) tight++;
    }
    expect(tight).toBeGreaterThan(0);
  });

  it('bounds within 10 % of the LP over every cycle, and packs within 15 % of it, on a denser market', async () => {
    const { g, odds } = randomMarket(77, 60, 0.08);
    const all = findCycles(g, { maxLength: 5 });
    const lp = await lpBound(all, weightsOf(all, odds));
    const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 10, lagrangianPool: 0 });
    expect(packing.bound).toBeGreaterThanOrEqual(lp.bound * (1 - 1e-6));
    expect(packing.bound).toBeLessThanOrEqual(lp.bound * 1.1);
    expect(packing.total).toBeGreaterThanOrEqual(lp.bound * 0.85);
  });
});
