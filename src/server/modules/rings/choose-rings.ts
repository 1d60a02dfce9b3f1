import { packMarket } from './engine/column-generation';
import { type Cycle, type EngineItem, graphFromIndexes } from './engine/graph';
import { packCycles, ringWeight } from './engine/packing';

/**
 * Choosing which candidate rings to propose (docs/decisions/007-swap-rings.md), without a database:
 * shared by the incremental pass (on the request path, a few cycles) and the global re-pack (in a
 * worker thread, the whole market).
 */

/** A ring's items as sorted indexes: the key under which members turned it down. */
export const itemSetKey = (cycle: Cycle) => [...cycle].sort((a, b) => a - b).join(',');

export interface ChosenRing {
  cycle: Cycle;
  weight: number;
  /** A chain: `cycle` is the path x0 .. giveaway, and x0 is not given (engine/chains.ts). */
  chain?: boolean;
}

/**
 * Weights each cycle by its expected completed swaps (0 for one members turned down, which the
 * packing then leaves out) and packs them item-disjoint.
 */
export function chooseRings(
  cycles: Cycle[],
  oddsOfItem: (item: number) => number,
  rejected: Set<string>,
): ChosenRing[] {
  const weights = cycles.map((cycle) =>
    rejected.has(itemSetKey(cycle)) ? 0 : ringWeight(cycle.map(oddsOfItem)),
  );
  return packCycles(cycles, weights).chosen.map((index) => ({
    cycle: cycles[index] ?? [],
    weight: weights[index] ?? 0,
  }));
}

/**
 * The whole market in typed arrays, as the re-pack hands it to its worker thread: items are
 * indexes 0..n-1 in the engine's order (by id), members are indexes too.
 */
export interface MarketInput {
  /** owners[i]: the member index of item i's owner. */
  owners: Int32Array;
  /** Arc k goes from item arcFrom[k] to item arcTo[k]. */
  arcFrom: Int32Array;
  arcTo: Int32Array;
  /** odds[m]: p of member m. */
  odds: Float64Array;
  /** Turned-down item sets: their item indexes one after the other, and where each set ends. */
  rejectedItems: Int32Array;
  rejectedEnds: Int32Array;
  /** Longest ring (RING_MAX_LENGTH). */
  maxLength: number;
  /** Seconds the packing may take (REPACK_TIME_LIMIT_SEC unless a test says otherwise). */
  timeLimitSec?: number;
  /** Members with a block between them, as member index pairs laid flat (engine/owner-blocks.ts). */
  blockedPairs: Int32Array;
  /** Giveaway items (indexes): each may start a chain (engine/chains.ts). */
  giveaways?: Int32Array;
}

/** Chosen rings the same way: their items one ring after the other, where each ends, and weights. */
export interface MarketSolution {
  items: Int32Array;
  ends: Int32Array;
  weights: Float64Array;
  /** kinds[r] is 1 when the r-th chosen column is a chain (x0 .. giveaway), 0 for a ring. */
  kinds: Uint8Array;
  /** Cycles in the engine's final pool (the LP's columns). */
  candidates: number;
  /** Expected completed swaps of the chosen rings, the honest bound on them, and how it was proven. */
  total: number;
  bound: number;
  boundKind: string;
  optimal: boolean;
  /** The nice value of the thread that solved it (19 in the re-pack's worker: requests go first). */
  priority?: number;
}

/**
 * Seconds the re-pack's packing may take: at 100k items the bound and the packing of rings up to 5
 * fit in it (decision 007's budget is 60 s for the whole re-pack; the engine aims at 95 % of this,
 * 53 s). 56 rather than 50: at 100k items the Lagrangian way's third pricing pass, which takes the
 * gap from about 2.4 % to 1.7 %, fits in it on an idle core.
 */
export const REPACK_TIME_LIMIT_SEC = 56;

/** Blocked member pairs laid flat (a, b, a, b, …), as owner ids of the market's graph. */
function blockedOwnerPairs(flat: Int32Array) {
  const pairs: Array<[string, string]> = [];
  for (let k = 0; k + 1 < flat.length; k += 2) pairs.push([String(flat[k]), String(flat[k + 1])]);
  return pairs;
}

/** Every cycle of the market up to maxLength, weighed and packed against its honest bound. */
export async function solveMarket(input: MarketInput): Promise<MarketSolution> {
  const items: EngineItem[] = Array.from(input.owners, (owner, i) => ({
    id: String(i),
    ownerId: String(owner),
  }));
  // Arcs stay typed arrays: a string key per arc costs more than the cycle search at 2M arcs.
  const graph = graphFromIndexes(items, input.arcFrom, input.arcTo);
  const rejected = new Set<string>();
  let start = 0;
  for (const end of input.rejectedEnds) {
    rejected.add(itemSetKey(Array.from(input.rejectedItems.subarray(start, end))));
    start = end;
  }
  const odds = Float64Array.from(input.owners, (owner) => input.odds[owner] ?? 0);
  const packing = await packMarket(graph, odds, {
    maxLength: input.maxLength,
    timeLimitSec: input.timeLimitSec ?? REPACK_TIME_LIMIT_SEC,
    rejected,
    // Members are indexes here, and the graph's owner ids are those indexes written out.
    blockedOwners: blockedOwnerPairs(input.blockedPairs),
    giveaways: input.giveaways ?? [],
  });
  let end = 0;
  return {
    items: Int32Array.from(packing.cycles.flat()),
    ends: Int32Array.from(packing.cycles, (cycle) => (end += cycle.length)),
    weights: Float64Array.from(packing.weights),
    kinds: Uint8Array.from(packing.chains, (chain) => (chain ? 1 : 0)),
    candidates: packing.columns,
    total: packing.total,
    bound: packing.bound,
    boundKind: packing.boundKind,
    optimal: packing.optimal,
  };
}
