/**
 * The real-data benchmark's independent check (bench/rings-real/exact.ts) enumerates the same
 * rings as the engine on hand-made markets: every cycle of 2..maxLength items with distinct owners,
 * each once. (CBC itself is not on CI machines; the benchmark needs it, the tests do not.)
 */
import { describe, expect, it } from 'vitest';
import { findCycles } from '../src/server/modules/rings/engine/cycles';
import { buildGraph } from '../src/server/modules/rings/engine/graph';
import { enumerateCycles } from './rings-real/exact';
import type { Instance } from './rings-real/instances';

function randomMarket(seed: number, items: number, owners: number, arcs: number): Instance {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const list = Array.from({ length: items }, (_, i) => ({
    id: `i${i}`,
    owner: `o${Math.floor(next() * owners)}`,
  }));
  const pairs = new Set<string>();
  while (pairs.size < arcs) {
    const from = Math.floor(next() * items);
    const to = Math.floor(next() * items);
    if (from !== to) pairs.add(`${from},${to}`);
  }
  return {
    name: `random-${seed}`,
    kind: 'math trade',
    items: list,
    arcs: [...pairs].map((pair) => pair.split(',').map((i) => `i${i}`) as [string, string]),
  };
}

describe('the real-data benchmark’s cycle enumeration', () => {
  it('finds a 2-cycle and a 3-cycle but no cycle through the same owner twice', () => {
    const market: Instance = {
      name: 'hand-made',
      kind: 'math trade',
      items: [
        { id: 'a', owner: 'ann' },
        { id: 'b', owner: 'ben' },
        { id: 'c', owner: 'cat' },
        { id: 'd', owner: 'ann' },
      ],
      arcs: [
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['d', 'b'],
      ],
    };
    expect(
      enumerateCycles(market, 5)
        .map((cycle) => cycle.length)
        .sort(),
    ).toEqual([2, 3, 3]);
    expect(enumerateCycles(market, 2)).toHaveLength(1);
  });

  it.each([1, 2, 3])('agrees with the engine’s cycle search on random market %i', (seed) => {
    const market = randomMarket(seed, 40, 25, 160);
    const graph = buildGraph(
      market.items.map((item) => ({ id: item.id, ownerId: item.owner })),
      market.arcs.map(([from, to]) => ({ from, to })),
    );
    for (const maxLength of [2, 3, 4, 5]) {
      expect(enumerateCycles(market, maxLength)).toHaveLength(findCycles(graph, { maxLength }).length);
    }
  });
});
