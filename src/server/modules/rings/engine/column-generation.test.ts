import { describe, expect, it } from 'vitest';
import { packMarket } from './column-generation';
import { findCycles } from './cycles';
import { lpBound } from './exact';
import { type Cycle, graphFromIndexes } from './graph';
import { bestPacking, graph, named, seeded } from './test-fixtures';
import { ringWeight } from './packing';
import { MemberBlocks } from '../../safety/member-blocks';
import { withoutBlockedMembers } from '../blocked-cycles';

describe('packing every ring up to the maximum length against an honest bound', () => {
  it('chooses the 4-ring of reliable members that the old rule and its bound left out', async () => {
    // a1 → b1 → c1 → d1 → a1, and b1 ↔ c1. The old rule kept rings of 4–5 only through items in no
    // ring of at most 3, so its candidates were the swap alone: packing 2 · 0.9² = 1.62, and its
    // "bound" (the LP of those candidates) 1.62, below what the 4-ring gives, 4 · 0.9⁴ = 2.62.
    const g = graph(['a1>b1', 'b1>c1', 'c1>d1', 'd1>a1', 'c1>b1']);
    const odds = new Float64Array(g.items.length).fill(0.9);
    const oldCandidates = [[g.index.get('b1') ?? -1, g.index.get('c1') ?? -1]];
    const oldBound = (await lpBound(oldCandidates, [ringWeight([0.9, 0.9])])).bound;
    expect(oldBound).toBeCloseTo(1.62);
    const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 10 });
    expect(named(g, packing.cycles)).toEqual(['a1 b1 c1 d1']);
    expect(packing.total).toBeCloseTo(4 * 0.9 ** 4);
    expect(packing.total).toBeGreaterThan(oldBound);
    expect(packing.bound).toBeCloseTo(packing.total, 4);
    expect(packing).toMatchObject({ optimal: true, boundKind: 'lp' });
  });

  it('proves an integer optimum that the LP bound alone cannot (the completion step)', async () => {
    // Three swaps on a triangle, rings of at most 2: any two share an item, so one swap (2 items)
    // is the best packing, but the LP takes each at one half and bounds at 3. With the LP bound
    // alone the engine answered "2 of at most 3, not optimal"; the completion prices in every
    // cycle that could beat 2 (reduced cost above 2 − 3) and solves them exactly.
    const g = graph(['a1>b1', 'b1>a1', 'b1>c1', 'c1>b1', 'c1>a1', 'a1>c1']);
    const odds = new Float64Array(g.items.length).fill(1);
    const cycles = findCycles(g, { maxLength: 2 });
    expect(
      (
        await lpBound(
          cycles,
          cycles.map(() => 2),
        )
      ).bound,
    ).toBeCloseTo(3);
    const lines: string[] = [];
    const packing = await packMarket(g, odds, {
      maxLength: 2,
      timeLimitSec: 10,
      log: (line) => lines.push(line),
    });
    expect(packing.total).toBeCloseTo(2);
    expect(packing.bound).toBeCloseTo(2, 4);
    expect(packing).toMatchObject({ optimal: true, boundKind: 'integer', completion: { proven: true } });
    expect(lines.some((line) => line.startsWith('completion at'))).toBe(true);
  });

  it('finds, through the completion, a packing the pool of the LP did not hold', async () => {
    // The LP over all cycles is fractional (the triangle of swaps a–b–c at one half each, bound 3 + 2);
    // the integer optimum needs the swap d1 ↔ e1 and one of the triangle's, and is proven.
    const g = graph(['a1>b1', 'b1>a1', 'b1>c1', 'c1>b1', 'c1>a1', 'a1>c1', 'd1>e1', 'e1>d1']);
    const odds = new Float64Array(g.items.length).fill(1);
    const packing = await packMarket(g, odds, { maxLength: 2, timeLimitSec: 10 });
    const cycles = findCycles(g, { maxLength: 2 });
    expect(packing.total).toBeCloseTo(
      bestPacking(
        cycles,
        cycles.map(() => 2),
      ),
    );
    expect(packing.optimal).toBe(true);
  });

  it('bounds every packing of every cycle, not just the pool it started from', async () => {
    // The first pool holds the cycles of at most 3; the 5-ring enters only through pricing. Its
    // LP over that pool (1.62) is no bound: the 5-ring alone completes 5 · 0.95⁵ = 3.87 swaps.
    const g = graph(['a1>b1', 'b1>c1', 'c1>d1', 'd1>e1', 'e1>a1', 'b1>a1']);
    const odds = new Float64Array(g.items.length).fill(0.95);
    const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 10 });
    expect(named(g, packing.cycles)).toEqual(['a1 b1 c1 d1 e1']);
    expect(packing.bound).toBeGreaterThanOrEqual(packing.total - 1e-9);
    expect(packing.optimal).toBe(true);
    expect(packing.poolByLength[5]).toBe(1);
  });

  it('gives items that first appear in a priced cycle their own row of the LP, mid-run', async () => {
    // The first pool is the swap a1 ↔ b1 (rows for a1 and b1 only). c1, d1 and e1 are in no cycle
    // of at most 3 and in no long cycle without a1, so they reach the LP with the 4-ring through
    // pricing; the LP must then give them rows and price them again: optimum 4, proven.
    const g = graph(['a1>b1', 'b1>a1', 'a1>c1', 'c1>d1', 'd1>e1', 'e1>a1']);
    const odds = new Float64Array(g.items.length).fill(1);
    const lines: string[] = [];
    const packing = await packMarket(g, odds, {
      maxLength: 5,
      timeLimitSec: 10,
      log: (line) => lines.push(line),
    });
    expect(named(g, packing.cycles)).toEqual(['a1 c1 d1 e1']);
    expect(packing.total).toBeCloseTo(4);
    expect(packing.bound).toBeCloseTo(4, 4);
    expect(packing.optimal).toBe(true);
    expect(lines[0]).toMatch(/^round 1: LP of 1 cycles/);
    expect(lines[1]).toMatch(/^round 2: LP of 2 cycles/);
  });

  it('states the LP bound over all cycles and packs the optimum on random markets', async () => {
    const random = seeded(3);
    let proven = 0;
    for (let market = 0; market < 12; market++) {
      const ids = Array.from({ length: 14 }, (_, i) => `${'abcdefghij'[i % 10]}${i}`);
      const arcs: string[] = [];
      for (const from of ids)
        for (const to of ids) if (from !== to && random() < 0.16) arcs.push(`${from}>${to}`);
      const g = graph(arcs);
      const odds = Float64Array.from(g.items, () => 0.4 + random() * 0.6);
      const all = findCycles(g, { maxLength: 5 });
      const weights = all.map((cycle) => ringWeight(cycle.map((i) => odds[i] ?? 0)));
      const lp = await lpBound(all, weights);
      const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 20, columnsPerRound: 3 });
      // The bound of column generation is the LP over every cycle (up to the solvers' tolerances),
      // or, once the completion has proven more, the integer optimum: never below it.
      if (packing.boundKind !== 'integer')
        expect(packing.bound).toBeGreaterThanOrEqual(lp.bound * (1 - 1e-5));
      expect(packing.bound).toBeLessThanOrEqual(lp.bound + 1e-3);
      if (all.length <= 22) {
        const top = bestPacking(all, weights);
        expect(packing.total).toBeCloseTo(top, 6);
        expect(packing.bound).toBeGreaterThanOrEqual(top * (1 - 1e-6));
      }
      if (packing.optimal) {
        proven++;
        expect(packing.total).toBeGreaterThanOrEqual(packing.bound * (1 - 1e-5));
      }
      const items = packing.cycles.flat();
      expect(new Set(items).size).toBe(items.length);
    }
    expect(proven).toBeGreaterThan(0);
  });

  it('never proposes an item set members turned down', async () => {
    const g = graph(['a1>b1', 'b1>a1', 'a1>c1', 'c1>a1']);
    const odds = new Float64Array(g.items.length).fill(0.7);
    const [a, b] = [g.index.get('a1') ?? -1, g.index.get('b1') ?? -1].sort((x, y) => x - y);
    const packing = await packMarket(g, odds, {
      maxLength: 5,
      timeLimitSec: 10,
      rejected: new Set([`${a},${b}`]),
    });
    expect(named(g, packing.cycles)).toEqual(['a1 c1']);
  });

  it('generates and prices no cycle joining two owners blocked either way, and bounds the rest only', async () => {
    // a1 → b1 → c1 → d1 → a1 with a block between a and c (across the ring): no ring at all, and
    // the bound is 0, not the 4-ring's weight (2.62).
    const ring = graph(['a1>b1', 'b1>c1', 'c1>d1', 'd1>a1']);
    const across = await packMarket(ring, new Float64Array(4).fill(0.9), {
      maxLength: 5,
      timeLimitSec: 10,
      blockedOwners: [['c', 'a']],
    });
    expect(across).toMatchObject({ cycles: [], total: 0, columns: 0, optimal: true });
    // Zero, up to the pricing tolerance each item carries.
    expect(across.bound).toBeCloseTo(0, 5);

    const random = seeded(8);
    let bitten = 0;
    for (let market = 0; market < 8; market++) {
      const ids = Array.from({ length: 14 }, (_, i) => `${'abcdefghij'[i % 10]}${i}`);
      const arcs: string[] = [];
      for (const from of ids)
        for (const to of ids) if (from !== to && random() < 0.18) arcs.push(`${from}>${to}`);
      const g = graph(arcs);
      const odds = Float64Array.from(g.items, () => 0.4 + random() * 0.6);
      const blockedOwners: Array<[string, string]> = [
        ['a', 'c'],
        ['e', 'b'],
        ['d', 'h'],
      ];
      const blocks = new MemberBlocks(blockedOwners);
      const ownerOf = (i: number) => g.items[i]?.ownerId ?? '';
      const all = findCycles(g, { maxLength: 5 });
      const allowed = withoutBlockedMembers(all, ownerOf, blocks);
      if (allowed.length < all.length) bitten++;
      const weightsOf = (cycles: Cycle[]) =>
        cycles.map((cycle) => ringWeight(cycle.map((i) => odds[i] ?? 0)));
      const lp = await lpBound(allowed, weightsOf(allowed));
      const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 10, blockedOwners });
      for (const cycle of packing.cycles) expect(blocks.among(cycle.map(ownerOf))).toBe(false);
      // The bound is the LP over the allowed cycles: blocked ones were neither in the pool nor priced.
      expect(packing.bound).toBeGreaterThanOrEqual(lp.bound * (1 - 1e-5));
      expect(packing.bound).toBeLessThanOrEqual(lp.bound + 1e-3);
      expect(packing.columns).toBeLessThanOrEqual(allowed.length);
    }
    expect(bitten).toBeGreaterThan(0);
  });

  it('ends within 10 % of its time limit on a dense market, with the gap to its bound', async () => {
    // 3,000 items, each wanting 12 others at random: millions of cycles of at most 5.
    const random = seeded(21);
    const items = Array.from({ length: 3000 }, (_, i) => ({ id: `i${i}`, ownerId: `m${i}` }));
    const from: number[] = [];
    const to: number[] = [];
    for (let i = 0; i < items.length; i++)
      for (let k = 0; k < 12; k++) {
        from.push(i);
        to.push(Math.floor(random() * items.length));
      }
    const g = graphFromIndexes(items, from, to);
    const odds = Float64Array.from(items, () => 0.5 + random() * 0.45);
    // A wall-clock test: a run may wait for a core while the other test files take both. The best
    // of three attempts must keep the time; one run on an idle core ends near 2.85 s (95 %).
    let fastest = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && fastest > 3.3; attempt++) {
      const started = performance.now();
      const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 3 });
      fastest = Math.min(fastest, (performance.now() - started) / 1000);
      expect(packing.total).toBeGreaterThan(0);
      expect(packing.bound).toBeGreaterThanOrEqual(packing.total);
      expect(packing.gap).toBeCloseTo((packing.bound - packing.total) / packing.bound, 9);
    }
    expect(fastest).toBeLessThanOrEqual(3.3);
    // The Lagrangian way keeps the clock too (its rounds would run 1.6 s here; given 1.2 s they are
    // cut): its repair and greedy run after a pass, never a pass that does not fit.
    let lagrangian = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && lagrangian > 1.32; attempt++) {
      const started = performance.now();
      const packing = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 1.2, lagrangianPool: 0 });
      lagrangian = Math.min(lagrangian, (performance.now() - started) / 1000);
      expect(packing.bound).toBeGreaterThanOrEqual(packing.total);
    }
    expect(lagrangian).toBeLessThanOrEqual(1.32);
  }, 60_000);
});
