import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { seedRingMarket } from '../../test-support/ring-market';
import { openTestDatabase } from '../../test-support/test-database';
import { cyclesThrough } from './engine/cycles';
import { buildGraph, type EngineGraph } from './engine/graph';
import { DEFAULT_NEIGHBOURHOOD_OPTIONS, loadNeighbourhood, type Neighbourhood } from './neighbourhood';
import { loadWantGraph, type WantGraph } from './want-graph';

/**
 * The incremental pass reads only the neighbourhood of the changed items. It must see exactly what a
 * read of the whole graph sees: the same cycles through each item (long ones included) and the same
 * want behind every arc it has.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const cycleIds = (graph: EngineGraph, item: string) => {
  const index = graph.index.get(item);
  if (index === undefined) return [];
  return cyclesThrough(graph, index)
    .map((cycle) => cycle.map((i) => graph.items[i]?.id ?? '').join('>'))
    .sort();
};
/** What the pass found through `item`, as item ids (the same form as cycleIds). */
const nearCycleIds = (near: Neighbourhood, item: string) => {
  const index = near.graph.index.get(item);
  return near.cycles
    .filter((cycle) => index !== undefined && cycle.includes(index))
    .map((cycle) => cycle.map((i) => near.graph.items[i]?.id ?? '').join('>'))
    .sort();
};
/** No time box: on a slow test database the long phase must still run to the end. */
const untimed = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, longBudgetMs: Number.POSITIVE_INFINITY };
const arcMap = (want: WantGraph) => new Map(want.arcs.map((arc) => [`${arc.from}>${arc.to}`, arc]));

describe('want graph neighbourhood', () => {
  it('yields the same cycles through every item as the whole graph, for the same reasons', async () => {
    const market = await seedRingMarket(db, 7, 16);
    const whole = await loadWantGraph(db);
    const wholeGraph = buildGraph(whole.items, whole.arcs);
    const wholeArcs = arcMap(whole);
    let cycles = 0;
    let long = 0;
    let readArcs = 0;
    for (const item of market.itemIds) {
      const near = await loadNeighbourhood(db, [item], untimed);
      const expected = cycleIds(wholeGraph, item);
      expect(nearCycleIds(near, item), `cycles through ${item}`).toEqual(expected);
      for (const arc of near.arcs) expect(wholeArcs.get(`${arc.from}>${arc.to}`)).toEqual(arc);
      expect(near.stats.truncated).toBe(false);
      cycles += expected.length;
      long += expected.filter((cycle) => cycle.split('>').length > 3).length;
      readArcs += near.arcs.length;
    }
    // The market is worth the comparison: short and long cycles, and neighbourhoods smaller than it.
    expect(cycles).toBeGreaterThan(10);
    expect(long).toBeGreaterThanOrEqual(5);
    expect(cycleIds(wholeGraph, market.longCycle[0] ?? '')).toHaveLength(1);
    expect(readArcs / market.itemIds.length).toBeLessThan(whole.arcs.length);
  }, 300_000);

  it('reads the cycles through several changed items at once', async () => {
    const market = await seedRingMarket(db, 11);
    const whole = await loadWantGraph(db);
    const wholeGraph = buildGraph(whole.items, whole.arcs);
    const focus = market.itemIds.slice(0, 6);
    const near = await loadNeighbourhood(db, focus, untimed);
    for (const item of focus) expect(nearCycleIds(near, item)).toEqual(cycleIds(wholeGraph, item));
  });

  it('answers an empty graph for an item nobody wants', async () => {
    const near = await loadNeighbourhood(db, ['00000000-0000-4000-8000-000000000000']);
    expect(near.arcs).toEqual([]);
  });
});
