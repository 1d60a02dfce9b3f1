import { memberBlocksOf, withoutBlockedMembers } from './blocked-cycles';
import { type CycleOptions, DEFAULT_CYCLE_OPTIONS, findCycles } from './engine/cycles';
import { type Cycle, type EngineItem, graphFromIndexes } from './engine/graph';
import { packOptimal } from './engine/exact';
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
 * The same choice for the whole market: the weights as chooseRings gives them, packed as close to
 * optimal as HiGHS proves within `timeLimitSec` (engine/exact.ts, packOptimal). For the re-pack,
 * in its worker thread: the integer solve holds its thread for seconds.
 */
export async function chooseRingsOptimal(
  cycles: Cycle[],
  oddsOfItem: (item: number) => number,
  rejected: Set<string>,
  timeLimitSec?: number,
): Promise<ChosenRing[]> {
  const weights = cycles.map((cycle) =>
    rejected.has(itemSetKey(cycle)) ? 0 : ringWeight(cycle.map(oddsOfItem)),
  );
  const packing = await packOptimal(cycles, weights, { timeLimitSec });
  return packing.chosen
    .filter((index) => (weights[index] ?? 0) > 0)
    .map((index) => ({ cycle: cycles[index] ?? [], weight: weights[index] ?? 0 }));
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
  /** Members with a block between them, as member index pairs laid flat (blocked-cycles.ts). */
  blockedPairs: Int32Array;
}

/** Chosen rings the same way: their items one ring after the other, where each ends, and weights. */
export interface MarketSolution {
  items: Int32Array;
  ends: Int32Array;
  weights: Float64Array;
  /** Candidate cycles found. */
  candidates: number;
  /** The nice value of the thread that solved it (19 in the re-pack's worker: requests go first). */
  priority?: number;
}

/** Every candidate cycle of the market, weighed and packed. */
export async function solveMarket(
  input: MarketInput,
  options: CycleOptions = DEFAULT_CYCLE_OPTIONS,
): Promise<MarketSolution> {
  const items: EngineItem[] = Array.from(input.owners, (owner, i) => ({
    id: String(i),
    ownerId: String(owner),
  }));
  // Arcs stay typed arrays: a string key per arc costs more than the cycle search at 2M arcs.
  const graph = graphFromIndexes(items, input.arcFrom, input.arcTo);
  const cycles = withoutBlockedMembers(
    findCycles(graph, options),
    (item) => input.owners[item] ?? -1,
    memberBlocksOf(input.blockedPairs),
  );
  const rejected = new Set<string>();
  let start = 0;
  for (const end of input.rejectedEnds) {
    rejected.add(itemSetKey(Array.from(input.rejectedItems.subarray(start, end))));
    start = end;
  }
  const chosen = await chooseRingsOptimal(
    cycles,
    (item) => input.odds[input.owners[item] ?? -1] ?? 0,
    rejected,
  );
  const flat = chosen.flatMap((ring) => ring.cycle);
  let end = 0;
  return {
    items: Int32Array.from(flat),
    ends: Int32Array.from(chosen, (ring) => (end += ring.cycle.length)),
    weights: Float64Array.from(chosen, (ring) => ring.weight),
    candidates: cycles.length,
  };
}
