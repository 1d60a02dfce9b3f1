import { describe, expect, it } from 'vitest';
import { packMarket } from './column-generation';
import { findCycles } from './cycles';
import { lpBound } from './exact';
import { buildGraph, type Cycle, type EngineGraph, graphFromIndexes } from './graph';
import { ringWeight } from './packing';
import { MemberBlocks } from '../../safety/member-blocks';
import { withoutBlockedMembers } from '../blocked-cycles';

/** Items named by their owner's letter and a number ("a1" is owned by a); arcs as "a1>b1". */
function graph(arcs: string[]): EngineGraph {
  const ids = [...new Set(arcs.flatMap((arc) => arc.split('>')))].sort();
  return buildGraph(
    ids.map((id) => ({ id, ownerId: id.slice(0, 1) })),
    arcs.map((arc) => {
      const [from = '', to = ''] = arc.split('>');
      return { from, to };
    }),
  );
}

const named = (g: EngineGraph, cycles: Cycle[]) =>
  cycles.map((cycle) => cycle.map((i) => g.items[i]?.id).join(' ')).sort();

/** The best packing by trying every subset of cycles (small markets only). */
function best(cycles: Cycle[], weights: number[]) {
  let top = 0;
  const search = (index: number, used: Set<number>, total: number) => {
    if (index === cycles.length) {
      top = Math.max(top, total);
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
  return top;
}

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

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
      // The bound of column generation is the LP over every cycle (up to the solvers' tolerances).
      expect(packing.bound).toBeGreaterThanOrEqual(lp.bound * (1 - 1e-5));
      expect(packing.bound).toBeLessThanOrEqual(lp.bound + 1e-3);
      if (all.length <= 22) expect(packing.total).toBeCloseTo(best(all, weights), 6);
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
  }, 60_000);
});
