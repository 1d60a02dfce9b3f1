import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringMemberOdds } from '../../../common/domain/ring-odds';
import type { Db } from '../../db/connect';
import { ringLegs } from '../../db/schema';
import { serviceContextFor } from '../../test-support/service-context';
import { seededRandom, seedRingMarket } from '../../test-support/ring-market';
import { openTestDatabase } from '../../test-support/test-database';
import { type MarketInput, solveMarket } from './choose-rings';
import { packMarket } from './engine/column-generation';
import { buildGraph } from './engine/graph';
import { repackRings } from './rings.proposer';
import { solveInWorker } from './repack-worker';
import { loadWantGraph } from './want-graph';

const timers = { proposalHours: 48, repackMinutes: 5, maxLength: 5 };
/** The packing's time limit here: these markets are packed in well under it, on a busy machine too. */
const LIMIT_SEC = 10;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** A random market of `items` items held by items/2 members, `arcs` random arcs, as the worker takes it. */
function syntheticMarket(items: number, arcs: number, seed = 1): MarketInput {
  const next = seededRandom(seed);
  const owners = Int32Array.from({ length: items }, (_, i) => Math.floor(i / 2));
  const arcFrom = Int32Array.from({ length: arcs }, () => Math.floor(next() * items));
  const arcTo = Int32Array.from({ length: arcs }, () => Math.floor(next() * items));
  const odds = Float64Array.from({ length: items / 2 }, () => 0.5 + next() / 2);
  return {
    owners,
    arcFrom,
    arcTo,
    odds,
    rejectedItems: new Int32Array(0),
    rejectedEnds: new Int32Array(0),
    maxLength: 5,
    blockedPairs: new Int32Array(0),
    timeLimitSec: LIMIT_SEC,
  };
}

describe('global re-pack in a worker thread', () => {
  it('proposes the rings the in-process engine chooses', async () => {
    await seedRingMarket(db, 3, 16);
    // What the engine chooses on the main thread (the re-pack's packing, HiGHS included).
    const want = await loadWantGraph(db);
    const graph = buildGraph(want.items, want.arcs);
    const fresh = ringMemberOdds(
      { accepted: 0, proposed: 0 },
      { accepted: 0, cancelled: 0, disputesLost: 0 },
    );
    const odds = new Float64Array(graph.items.length).fill(fresh);
    const expected = (await packMarket(graph, odds, { maxLength: 5, timeLimitSec: LIMIT_SEC })).cycles
      .map((cycle) =>
        cycle
          .map((index) => graph.items[index]?.id ?? '')
          .sort()
          .join(','),
      )
      .sort();
    expect(expected.length).toBeGreaterThan(2);

    const created = await repackRings(serviceContextFor(db), timers, new Date(), LIMIT_SEC);
    expect(created).toHaveLength(expected.length);
    const legs = await db.select().from(ringLegs);
    const byRing = new Map<string, string[]>();
    for (const leg of legs) byRing.set(leg.ringId, [...(byRing.get(leg.ringId) ?? []), leg.itemId]);
    expect([...byRing.values()].map((ids) => ids.sort().join(',')).sort()).toEqual(expected);
    // The items are held now: a second re-pack proposes nothing more.
    expect(await repackRings(serviceContextFor(db), timers, new Date(), LIMIT_SEC)).toEqual([]);
  }, 120_000);

  it('answers what the engine answers in process', async () => {
    const input = syntheticMarket(400, 1600, 5);
    const copy = (market: MarketInput): MarketInput => ({
      owners: market.owners.slice(),
      arcFrom: market.arcFrom.slice(),
      arcTo: market.arcTo.slice(),
      odds: market.odds.slice(),
      rejectedItems: market.rejectedItems.slice(),
      rejectedEnds: market.rejectedEnds.slice(),
      maxLength: market.maxLength,
      blockedPairs: market.blockedPairs.slice(),
      timeLimitSec: market.timeLimitSec,
    });
    const here = await solveMarket(copy(input));
    const there = await solveInWorker(copy(input));
    expect(here.candidates).toBeGreaterThan(0);
    // Both pack as well against an honest bound (the LP may have several optimal duals, so the
    // pools that column generation builds, and ties between packings, may differ; and how far the
    // completion step tightens the bound depends on the time it had).
    expect(there.bound).toBeGreaterThanOrEqual(here.total - 1e-6);
    expect(here.bound).toBeGreaterThanOrEqual(there.total - 1e-6);
    if (here.optimal && there.optimal) expect(there.total).toBeCloseTo(here.total, 6);
    else
      expect(Math.abs(there.total - here.total)).toBeLessThanOrEqual(
        0.02 * Math.max(here.bound, there.bound),
      );
    expect(new Set(there.items).size).toBe(there.items.length);
    expect(there.priority).toBeTypeOf('number');
  }, 60_000);

  it('keeps the event loop responsive while a large market is packed', async () => {
    const input = syntheticMarket(5_000, 20_000, 9);
    let ticks = 0;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    const solution = await solveInWorker(input);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(solution.candidates).toBeGreaterThan(100);
    // The worker thread runs at the lowest CPU priority, the main thread at the normal one.
    if (process.platform === 'linux') {
      expect(solution.priority).toBe(19);
      expect(getPriority(0)).toBe(0);
    }
    expect(solution.ends.length).toBeGreaterThan(50);
    // The pack took a while, and the timer kept firing all along (a blocked loop would show one gap).
    expect(took).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThan(took / 10 / 4);
    expect(longestGap).toBeLessThan(Math.max(250, took / 3));
  }, 120_000);
});
