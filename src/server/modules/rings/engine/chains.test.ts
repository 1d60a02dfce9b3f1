import { describe, expect, it } from 'vitest';
import { chainWeight, withoutGiveawayArcs } from './chains';
import { packMarket } from './column-generation';
import { findCycles } from './cycles';
import { buildGraph, type Cycle, type EngineGraph } from './graph';
import { ringWeight } from './packing';

/** Items named by their owner's letter and a number ("a1" is owned by a); arcs as "a1>b1". */
function graph(arcs: string[], lone: string[] = []): EngineGraph {
  const ids = [...new Set([...arcs.flatMap((arc) => arc.split('>')), ...lone])].sort();
  return buildGraph(
    ids.map((id) => ({ id, ownerId: id.slice(0, 1) })),
    arcs.map((arc) => {
      const [from = '', to = ''] = arc.split('>');
      return { from, to };
    }),
  );
}

const at = (g: EngineGraph, id: string) => g.index.get(id) ?? -1;
const named = (g: EngineGraph, cycle: Cycle) => cycle.map((i) => g.items[i]?.id).join(' ');

async function pack(g: EngineGraph, giveaways: string[], maxLength = 5, p = 1) {
  const odds = new Float64Array(g.items.length).fill(p);
  return packMarket(g, odds, {
    maxLength,
    timeLimitSec: 5,
    giveaways: giveaways.map((id) => at(g, id)),
  });
}

/** Every chain of 1..maxLength legs into a giveaway, by brute force (distinct owners). */
function allChains(g: EngineGraph, giveaways: number[], maxLength: number): Cycle[] {
  const chains: Cycle[] = [];
  const given = new Set(giveaways);
  const grow = (path: number[]) => {
    if (path.length >= 2) chains.push([...path].reverse());
    if (path.length > maxLength) return;
    const last = path[path.length - 1]!;
    g.out.forEach((list, from) => {
      if (given.has(from) || !list.includes(last)) return;
      const owners = path.map((i) => g.items[i]?.ownerId);
      if (owners.includes(g.items[from]?.ownerId)) return;
      grow([...path, from]);
    });
  };
  for (const gift of giveaways) grow([gift]);
  return chains;
}

/** The best packing by trying every subset (small markets only). */
function best(columns: Cycle[], weights: number[]) {
  let top = 0;
  const search = (index: number, used: Set<number>, total: number) => {
    if (index === columns.length) {
      top = Math.max(top, total);
      return;
    }
    search(index + 1, used, total);
    const column = columns[index] ?? [];
    if (column.every((item) => !used.has(item))) {
      const next = new Set(used);
      for (const item of column) next.add(item);
      search(index + 1, next, total + (weights[index] ?? 0));
    }
  };
  search(0, new Set(), 0);
  return top;
}

describe('chains started by a giveaway', () => {
  it('finds a chain where no cycle exists: the gift goes to a, a’s item to b, b’s to c', async () => {
    // a wants the gift g1, b wants a1, c wants b1: no ring, and the longest chain trades 3 items.
    const g = graph(['a1>g1', 'b1>a1', 'c1>b1']);
    expect(findCycles(g, { maxLength: 5 })).toEqual([]);
    const packing = await pack(g, ['g1']);
    expect(packing.cycles.map((cycle) => named(g, cycle))).toEqual(['c1 b1 a1 g1']);
    expect(packing.chains).toEqual([true]);
    expect(packing.total).toBeCloseTo(3);
    expect(packing.optimal).toBe(true);
    expect(packing.bound).toBeGreaterThanOrEqual(packing.total - 1e-9);
  });

  it('weighs a chain by its legs and every member’s odds, as rings are weighed', () => {
    // 3 legs, 4 members who must all accept.
    expect(chainWeight([0, 1, 2, 3], [0.9, 0.8, 0.5, 1])).toBeCloseTo(3 * 0.9 * 0.8 * 0.5);
  });

  it('keeps chains within RING_MAX_LENGTH legs', async () => {
    const g = graph(['a1>g1', 'b1>a1', 'c1>b1']);
    const packing = await pack(g, ['g1'], 2);
    expect(packing.cycles.map((cycle) => named(g, cycle))).toEqual(['b1 a1 g1']);
    expect(packing.optimal).toBe(true);
  });

  it('never puts a giveaway in a ring: its owner asks nothing for it', async () => {
    const g = graph(['a1>g1', 'g1>a1']);
    const packing = await pack(g, ['g1']);
    expect(packing.cycles.map((cycle) => named(g, cycle))).toEqual(['a1 g1']);
    expect(packing.chains).toEqual([true]);
    expect(findCycles(withoutGiveawayArcs(g, new Set([at(g, 'g1')])), { maxLength: 5 })).toEqual([]);
  });

  it('never lets a chain and a ring share an item, and takes whichever weighs more', async () => {
    // The ring a1 ↔ b1 (2 swaps) or the chain c1 → b1 → a1 → g1 (3): both need a1 and b1.
    const g = graph(['a1>b1', 'b1>a1', 'a1>g1', 'c1>b1']);
    const packing = await pack(g, ['g1']);
    expect(packing.cycles.map((cycle) => named(g, cycle))).toEqual(['c1 b1 a1 g1']);
    // With unreliable members on the long chain's end the ring wins instead.
    const odds = Float64Array.from(g.items, (item) =>
      item.ownerId === 'c' || item.ownerId === 'g' ? 0.3 : 1,
    );
    const other = await packMarket(g, odds, { maxLength: 5, timeLimitSec: 5, giveaways: [at(g, 'g1')] });
    expect(other.cycles.map((cycle) => named(g, cycle)).sort()).toEqual(['a1 b1']);
    expect(other.chains).toEqual([false]);
  });

  it('matches the best packing of rings and chains on random small markets, items never shared', async () => {
    let state = 7;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    for (let trial = 0; trial < 12; trial++) {
      const owners = 'abcdefg'.split('');
      const ids = owners.map((owner) => `${owner}1`);
      const arcs: string[] = [];
      for (const from of ids)
        for (const to of ids) if (from !== to && random() < 0.3) arcs.push(`${from}>${to}`);
      const g = graph(arcs, ids);
      const gifts = [at(g, 'g1'), ...(trial % 3 === 0 ? [at(g, 'f1')] : [])];
      const odds = Float64Array.from(g.items, () => 0.5 + random() / 2);
      const maxLength = 3 + (trial % 3);
      const packing = await packMarket(g, odds, { maxLength, timeLimitSec: 5, giveaways: gifts });
      const cycles = findCycles(withoutGiveawayArcs(g, new Set(gifts)), { maxLength });
      const chains = allChains(g, gifts, maxLength);
      const columns = [...cycles, ...chains];
      const weights = [
        ...cycles.map((cycle) => ringWeight(cycle.map((i) => odds[i] ?? 0))),
        ...chains.map((chain) => chainWeight(chain, odds)),
      ];
      const top = best(columns, weights);
      const used = packing.cycles.flat();
      expect(new Set(used).size).toBe(used.length);
      expect(packing.total).toBeCloseTo(top, 6);
      expect(packing.bound).toBeGreaterThanOrEqual(top - 1e-6);
      packing.cycles.forEach((cycle, k) => {
        if (packing.chains[k]) expect(gifts).toContain(cycle[cycle.length - 1]);
        else for (const item of cycle) expect(gifts).not.toContain(item);
      });
    }
  });
});
