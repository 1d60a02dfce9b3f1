import { describe, expect, it } from 'vitest';
import { cyclesThrough, DEFAULT_CYCLE_OPTIONS, findCycles } from './cycles';
import { buildGraph, type Cycle, cycleKey, type EngineGraph, graphFromIndexes } from './graph';
import { bestPacking, graph, named } from './test-fixtures';
import { packCycles, ringWeight } from './packing';

const uniform = (cycles: Cycle[], p = 0.7) => cycles.map((cycle) => ringWeight(cycle.map(() => p)));

describe('cycle search', () => {
  it('finds a two-member swap and a three-member ring, each once', () => {
    const g = graph(['a1>b1', 'b1>a1', 'a2>c1', 'c1>d1', 'd1>a2']);
    expect(named(g, findCycles(g))).toEqual(['a1 b1', 'a2 c1 d1']);
  });

  it('never puts one member in a ring twice, nor an item with its own owner', () => {
    // a1 → b1 → a2 → a1 would have a give to themselves; b1 → a2 → b1 is a fine swap.
    const g = graph(['a1>b1', 'b1>a2', 'a2>a1', 'a2>b1']);
    expect(named(g, findCycles(g))).toEqual(['a2 b1']);
  });

  it('weighs every cycle of 2..maxLength against every other: a long ring may beat a short one', () => {
    const four = ['a1>b1', 'b1>c1', 'c1>d1', 'd1>a1'];
    const alone = graph(four);
    expect(named(alone, findCycles(alone))).toEqual(['a1 b1 c1 d1']);
    // b1 and c1 can also swap directly. The old rule ("4–5 only through items in no ring of at most
    // 3") dropped the four-member ring here; now both are candidates and the weights decide.
    const withSwap = graph([...four, 'c1>b1']);
    const cycles = findCycles(withSwap);
    expect(named(withSwap, cycles)).toEqual(['a1 b1 c1 d1', 'b1 c1']);
    // Reliable members (p = 0.9): the ring completes 4 · 0.9⁴ = 2.62 swaps, the swap 2 · 0.9² = 1.62.
    const reliable = packCycles(cycles, uniform(cycles, 0.9));
    expect(
      named(
        withSwap,
        reliable.chosen.map((i) => cycles[i] ?? []),
      ),
    ).toEqual(['a1 b1 c1 d1']);
    expect(reliable.total).toBeCloseTo(4 * 0.9 ** 4);
    // Unreliable ones (p = 0.5): 4 · 0.5⁴ = 0.25 against 2 · 0.5² = 0.5, the swap wins.
    const unreliable = packCycles(cycles, uniform(cycles, 0.5));
    expect(
      named(
        withSwap,
        unreliable.chosen.map((i) => cycles[i] ?? []),
      ),
    ).toEqual(['b1 c1']);
    const six = graph(['a1>b1', 'b1>c1', 'c1>d1', 'd1>e1', 'e1>f1', 'f1>a1']);
    expect(findCycles(six)).toEqual([]);
    expect(findCycles(six, { maxLength: 6 })).toHaveLength(1);
  });

  it('finds the same cycles through one item as the full search does', () => {
    const g = graph(['a1>b1', 'b1>a1', 'b1>c1', 'c1>a1', 'a1>c1', 'c1>b1', 'd1>a1']);
    const all = findCycles(g).map(cycleKey).sort();
    const index = g.index.get('a1') ?? -1;
    const through = cyclesThrough(g, index).map(cycleKey).sort();
    expect(through).toEqual(all.filter((key) => key.split(',').includes(String(index))));
    expect(cyclesThrough(g, g.index.get('d1') ?? -1)).toEqual([]);
    const four = graph(['a1>b1', 'b1>c1', 'c1>d1', 'd1>a1']);
    expect(named(four, cyclesThrough(four, 0))).toEqual(['a1 b1 c1 d1']);
  });

  it('keeps every cycle through an item, however many (no per-item cap decides the answer)', () => {
    // a0 swaps with 250 members' items (b000…b249, p = 0.5) and with z1 (p = 0.95), found last from
    // a0. The old cap of 200 cycles per starting item never saw a0 ↔ z1, the best ring.
    const others = Array.from({ length: 250 }, (_, k) => `b${String(k).padStart(3, '0')}`);
    const arcs = [...others.flatMap((b) => [`a0>${b}`, `${b}>a0`]), 'a0>z1', 'z1>a0'];
    const ids = [...new Set(arcs.flatMap((arc) => arc.split('>')))].sort();
    const g = buildGraph(
      ids.map((id) => ({ id, ownerId: id })),
      arcs.map((arc) => {
        const [from = '', to = ''] = arc.split('>');
        return { from, to };
      }),
    );
    const cycles = findCycles(g);
    expect(cycles).toHaveLength(251);
    const p = (item: number) => (g.items[item]?.id === 'z1' ? 0.95 : 0.5);
    const packing = packCycles(
      cycles,
      cycles.map((cycle) => ringWeight(cycle.map(p))),
    );
    expect(
      named(
        g,
        packing.chosen.map((i) => cycles[i] ?? []),
      ),
    ).toEqual(['a0 z1']);
  });
});

/** The search as first written (recursive, on `graph.out`): the reference for the CSR search. */
function referenceCycles(g: EngineGraph, min: number, max: number): Cycle[] {
  const found: Cycle[] = [];
  const path: number[] = [];
  const owners = new Set<string>();
  for (let start = 0; start < g.items.length; start++) {
    const visit = (node: number) => {
      for (const next of g.out[node] ?? []) {
        if (next === start) {
          if (path.length >= min) found.push([...path]);
          continue;
        }
        if (next < start || path.length >= max) continue;
        const owner = g.items[next]?.ownerId ?? '';
        if (owners.has(owner)) continue;
        path.push(next);
        owners.add(owner);
        visit(next);
        path.pop();
        owners.delete(owner);
      }
    };
    path.push(start);
    owners.add(g.items[start]?.ownerId ?? '');
    visit(start);
    path.pop();
    owners.clear();
  }
  return found;
}

describe('cycle search at scale (CSR adjacency)', () => {
  it('finds exactly the cycles, in the same order, as the recursive search on random markets', () => {
    let seed = 5;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let market = 0; market < 20; market++) {
      const ids = Array.from({ length: 40 }, (_, i) => `${'abcdefghij'[i % 10]}${i}`);
      const arcs: string[] = [];
      for (const from of ids)
        for (const to of ids) if (from !== to && random() < 0.12) arcs.push(`${from}>${to}`);
      const g = graph(arcs, ids);
      const options = { maxLength: 3 };
      expect(findCycles(g, options)).toEqual(referenceCycles(g, 2, 3));
      expect(findCycles(g, { maxLength: 4 })).toEqual(referenceCycles(g, 2, 4));
      // And the search through one item agrees with the full one.
      const all = findCycles(g, options).map(cycleKey);
      for (const item of [0, 7, 19]) {
        const through = cyclesThrough(g, item, options).map(cycleKey).sort();
        expect(through).toEqual(all.filter((key) => key.split(',').includes(String(item))).sort());
      }
    }
  });

  it('finds the same rings up to 5 through one item as the full search (pruned search)', () => {
    let seed = 9;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const options = DEFAULT_CYCLE_OPTIONS;
    let long = 0;
    for (let market = 0; market < 10; market++) {
      const ids = Array.from({ length: 30 }, (_, i) => `${'abcdefghijklmno'[i % 15]}${i}`);
      const arcs: string[] = [];
      for (const from of ids)
        for (const to of ids) if (from !== to && random() < 0.03) arcs.push(`${from}>${to}`);
      // Planted rings of 4 and 5 (each member once), so that long rings are there to find.
      for (const length of [4, 5, 5]) {
        const ring = [...new Set(Array.from({ length: 12 }, () => Math.floor(random() * 15)))].slice(
          0,
          length,
        );
        ring.forEach((owner, k) => arcs.push(`${ids[owner]}>${ids[ring[(k + 1) % ring.length] ?? 0]}`));
      }
      const g = graph(arcs, ids);
      const all = findCycles(g, options);
      for (let item = 0; item < ids.length; item++) {
        const containing = all.filter((cycle) => cycle.includes(item));
        const expected = containing.map(cycleKey).sort();
        long += containing.filter((cycle) => cycle.length > 3).length;
        expect(cyclesThrough(g, item, options).map(cycleKey).sort()).toEqual(expected);
      }
    }
    expect(long).toBeGreaterThan(0);
  });

  it('builds the same graph from item indexes as from ids', () => {
    const items = ['a1', 'b1', 'c1', 'a2'].map((id) => ({ id, ownerId: id.slice(0, 1) }));
    const byId = buildGraph(items, [
      { from: 'a1', to: 'b1' },
      { from: 'b1', to: 'a1' },
      { from: 'b1', to: 'a1' },
      { from: 'a1', to: 'a2' },
      { from: 'c1', to: 'c1' },
    ]);
    // The last two arcs name no item: left out, as buildGraph leaves out unknown ids.
    const byIndex = graphFromIndexes(items, [0, 1, 1, 0, 2, 0, 9], [1, 0, 0, 3, 2, 7, 0]);
    expect(byIndex.out).toEqual(byId.out);
    expect(byIndex.out).toEqual([[1], [0], [], []]);
  });
});

describe('packing', () => {
  it('weighs a ring by its expected completed swaps', () => {
    expect(ringWeight([0.7, 0.7])).toBeCloseTo(0.98);
    expect(ringWeight([0.7, 0.7, 0.7])).toBeCloseTo(1.029);
    expect(ringWeight([1, 1, 0.5])).toBeCloseTo(1.5);
  });

  it('prefers two swaps to the one ring that blocks both (where greedy alone fails)', () => {
    // a1 b1 c1 (1.03) is the heaviest single ring, but a1↔d1 and b1↔e1 (0.98 each) together are 1.96.
    const g = graph(['a1>b1', 'b1>c1', 'c1>a1', 'a1>d1', 'd1>a1', 'b1>e1', 'e1>b1']);
    const cycles = findCycles(g);
    const packing = packCycles(cycles, uniform(cycles));
    expect(
      named(
        g,
        packing.chosen.map((i) => cycles[i] ?? []),
      ),
    ).toEqual(['a1 d1', 'b1 e1']);
    expect(packing.total).toBeCloseTo(1.96);
  });

  it('prefers the ring whose members are reliable', () => {
    const g = graph(['a1>b1', 'b1>a1', 'a1>c1', 'c1>a1']);
    const cycles = findCycles(g);
    const p: Record<string, number> = { a: 0.9, b: 0.3, c: 0.8 };
    const weights = cycles.map((cycle) => ringWeight(cycle.map((i) => p[g.items[i]?.ownerId ?? ''] ?? 0)));
    const packing = packCycles(cycles, weights);
    expect(
      named(
        g,
        packing.chosen.map((i) => cycles[i] ?? []),
      ),
    ).toEqual(['a1 c1']);
  });

  it('never gives one item twice, and matches the best packing on small random markets', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let worst = 1;
    for (let market = 0; market < 40; market++) {
      const ids = Array.from({ length: 9 }, (_, i) => `${'abcdef'[i % 6]}${i}`);
      const arcs: string[] = [];
      for (const from of ids)
        for (const to of ids) if (from !== to && random() < 0.25) arcs.push(`${from}>${to}`);
      const g = graph(arcs, ids);
      const cycles = findCycles(g).slice(0, 18);
      const weights = cycles.map((cycle) => ringWeight(cycle.map(() => 0.5 + random() * 0.5)));
      const packing = packCycles(cycles, weights);
      const items = packing.chosen.flatMap((i) => cycles[i] ?? []);
      expect(new Set(items).size).toBe(items.length);
      const best = bestPacking(cycles, weights);
      if (best > 0) worst = Math.min(worst, packing.total / best);
    }
    // On these seeded markets the heuristic finds the optimum every time.
    expect(worst).toBeCloseTo(1, 9);
  });

  it('a heuristic given 0.5 s ends by 0.55 s on a dense graph', () => {
    // 1,000 items of different members, each wanting 25 others at random: about 100k cycles of
    // at most 4, far more than the local search gets through in half a second.
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const items = Array.from({ length: 1000 }, (_, i) => ({ id: `i${i}`, ownerId: `m${i}` }));
    const from: number[] = [];
    const to: number[] = [];
    for (let i = 0; i < items.length; i++)
      for (let k = 0; k < 25; k++) {
        from.push(i);
        to.push(Math.floor(random() * items.length));
      }
    const g = graphFromIndexes(items, from, to);
    const cycles = findCycles(g, { maxLength: 4 });
    expect(cycles.length).toBeGreaterThan(90_000);
    const weights = cycles.map((cycle) => ringWeight(cycle.map(() => 0.4 + random() * 0.6)));
    // A clock test on a shared machine: a run may wait for a core while other processes take both,
    // and the set-up before the first look at the clock (typed arrays, the sort) then stretches in
    // wall time. So each attempt counts the smaller of its wall time and the CPU time this process
    // spent: a search that ignored its deadline would spend seconds of CPU on this graph either way.
    // The best of three attempts must end by 0.55 s.
    let fastest = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && fastest > 550; attempt++) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const packing = packCycles(cycles, weights, 1000, 500);
      const took = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      fastest = Math.min(fastest, took, (cpu.user + cpu.system) / 1000);
      // It used its time (the limit, not the end of the search, stopped it) and packed something.
      expect(took).toBeGreaterThanOrEqual(450);
      expect(packing.total).toBeGreaterThan(0);
    }
    expect(fastest).toBeLessThanOrEqual(550);
  }, 30_000);
});
