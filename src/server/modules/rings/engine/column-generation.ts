import { adjacencyOf } from './adjacency';
import { searchCycles } from './cycles';
import { price, PRICE_TOLERANCE } from './pricing';
import { RestrictedLp } from './restricted-lp';
import {
  chainGiven,
  chainKey,
  type ChainPricing,
  chainWeight,
  priceChains,
  withoutGiveawayArcs,
} from './chains';
import { beforeDeadline, loadHighs, packOptimal, solveBatch } from './exact';
import { byReducedCost, coverRepair, reducedCost, subgradient } from './lagrangian';
import { packCycles } from './packing';
import { canonical, type Cycle, cycleKey, type EngineGraph } from './graph';
import { ownerBlocksOf } from './owner-blocks';

/**
 * The whole market's packing against an honest bound (docs/decisions/007-swap-rings.md, "The
 * bound"): every cycle of 2..maxLength items is a candidate, weighed by its expected completed
 * swaps w_c = |c| · Π_{i ∈ c} p_i, and the LP relaxation
 *
 *   maximise Σ w_c x_c  subject to  Σ_{c ∋ i} x_c ≤ 1 for every item i,  x ≥ 0
 *
 * over ALL of them bounds every packing. A market of 100k items has about 95 million cycles of at
 * most 5, too many to list, so the LP is solved by column generation: a restricted LP over a pool
 * of cycles (first those of at most 3) gives item duals π ≥ 0; pricing then searches every cycle
 * of at most maxLength for a positive reduced cost w_c − Σ_{i ∈ c} π_i and adds those found
 * (pricing.ts: an exact, pruned depth-first search).
 *
 * Two ways to the duals, by the size of the first pool:
 * - the simplex (restricted-lp.ts, HiGHS) while the pool is small: exact duals, the rounds add the
 *   best priced cycles, and a completion step can prove the integer optimum (below);
 * - from LAGRANGIAN_POOL columns on (a market of 100k items: 137k cycles of at most 3, and 427k
 *   more after one pass, an LP HiGHS did not solve in 100 s), Lagrangian multipliers
 *   (lagrangian.ts): subgradient steps on the pool instead of an LP solve, every cycle a full pass
 *   finds added to the pool, and the packing by the multipliers.
 *
 * The bound stated is always a feasible solution of the LP's dual over all cycles, so it bounds
 * every packing whatever the pool:
 * - when a full pricing pass finds no positive reduced cost, the restricted LP's optimum (Σ π_i) is
 *   the LP optimum over every cycle;
 * - a full pass that does find some still gives a bound: with δ_i = max over the cycles c ∋ i it
 *   found of rc_c / |c|, the duals π + δ cover every cycle, so Σ π_i + Σ δ_i bounds the LP; the
 *   Lagrangian way also tries a cheaper δ (coverRepair) and keeps the smaller;
 * - before any full pass, π_i = p_i · pmax is feasible (a cycle's weight is Σ_{i ∈ c} Π p ≤
 *   Σ_{i ∈ c} p_i · pmax, as every cycle has two items or more): a loose but honest bound.
 * The packing is `optimal` only when its total meets the bound.
 *
 * Blocks: a cycle holding two owners with a block between them (`blockedOwners`) is no candidate at
 * all. Both searches (the first pool's and pricing) leave a path as soon as it holds such a pair,
 * so the LP, its duals and the bound are those of the market without these cycles: the bound stays
 * honest for the packings that may actually be proposed.
 *
 * Chains (chains.ts): with `giveaways`, every path of 1..maxLength legs ending at a giveaway is a
 * candidate too, a column over its items like a cycle's. The first pool lists them; each round prices
 * them with the same duals, and a pass is full only when both searches ran to the end, so the bound
 * covers rings and chains together. A giveaway's own arcs out are dropped: it starts chains only.
 */

export interface MarketPackingOptions {
  /** Longest ring (RING_MAX_LENGTH). */
  maxLength: number;
  /** Seconds the whole packing may take, cycle search and solver included. */
  timeLimitSec: number;
  /** Item sets members turned down (itemSetKey of their sorted indexes): weight 0, never chosen. */
  rejected?: Set<string>;
  /**
   * Owners (`EngineItem.ownerId`) with a block between them, either way: no cycle holding two of
   * them, neighbours or not, is a candidate, in the first pool or in pricing.
   */
  blockedOwners?: Iterable<readonly [string, string]>;
  /** Giveaway items (indexes): each may start a chain, and takes part in no ring. */
  giveaways?: Iterable<number>;
  /** Most cycles one pricing pass adds to the pool before the LP is solved again. */
  columnsPerRound?: number;
  /**
   * A first pool of at least this many columns takes the Lagrangian way (default LAGRANGIAN_POOL;
   * tests set it low to run that way on small markets).
   */
  lagrangianPool?: number;
  /** Progress, one line per round (the benchmark prints it). */
  log?: (line: string) => void;
}

export type BoundKind = 'lp' | 'lagrangian' | 'trivial' | 'integer';

export interface MarketPacking {
  /**
   * The chosen cycles (item indexes in giving order) and their weights; chains[k] says cycles[k] is a
   * chain (x0 .. giveaway, chains.ts), not a ring.
   */
  cycles: Cycle[];
  chains: boolean[];
  weights: number[];
  total: number;
  /** An upper bound on the total of every packing of every cycle of at most maxLength. */
  bound: number;
  /**
   * How the bound was proven: `lp` the LP optimum over all cycles (pricing found nothing),
   * `lagrangian` the pool's LP plus the shortfall pricing found, `trivial` Σ p_i · pmax, `integer`
   * the completion's integer optimum over every cycle that could beat the packing (see packMarket).
   */
  boundKind: BoundKind;
  /** (bound − total) / bound: 0 when optimal. */
  gap: number;
  /** The total meets the bound: no packing of any cycle of at most maxLength does better. */
  optimal: boolean;
  /** The heuristic's total on the final pool, before any solver. */
  heuristic: number;
  /** Cycles in the final pool, and how many of each length. */
  columns: number;
  poolByLength: Record<number, number>;
  /** LP solves finished (each followed by a pricing pass); full passes (every start searched). */
  rounds: number;
  fullPasses: number;
  /** Seconds spent on the LP bound (search, LP and pricing) and on the packing after it. */
  boundSeconds: number;
  packSeconds: number;
  /** Cycles the completion step priced in (0 when it did not run), and whether it proved its answer. */
  completion: { columns: number; proven: boolean };
}

const EPSILON = 1e-9;
/**
 * The packing is called optimal when it is within this share of the bound: the LP's and the
 * pricing's own tolerances (the bound carries PRICE_TOLERANCE / 2 per item) are of this order.
 */
const OPTIMAL_TOLERANCE = 1e-5;
/** Share of the time limit the phases aim to end by. */
const AIM = 0.95;
/** Share of the time limit the bound may take; the packing gets the rest. */
const BOUND_SHARE = 0.55;
/** Share of the time limit by which the first pool (cycles of at most 3) must be found. */
const POOL_SHARE = 0.2;
/** With an LP proof, the pool's packing ends by this share; the completion step has the rest. */
const COMPLETION_SHARE = 0.75;
/** Most cycles the completion step prices in; past it the step only improves, it proves nothing. */
const COMPLETION_COLUMNS = 150_000;
/** Most priced cycles one round adds to the restricted LP (the best by reduced cost). */
const ROUND_COLUMNS = 5_000;
/** Completion stages: the share of the gap each prices in (a smaller share, fewer cycles). */
const COMPLETION_STAGES = [0.125, 0.25, 0.5, 1];
/**
 * A first pool of at least this many columns takes the Lagrangian way (lagrangian.ts): the simplex
 * solves 137k cycles in 3–4 s, but not the pool of the next rounds (237k: no answer in 100 s).
 */
const LAGRANGIAN_POOL = 50_000;
/** On the Lagrangian way, the bound's rounds end by this share of the time limit. */
const LAGRANGIAN_BOUND_SHARE = 0.9;
/** Most subgradient steps per round, and the share of the time limit they may take. */
const SUBGRADIENT_ITERATIONS = 600;
const SUBGRADIENT_SHARE = 0.12;
/** Subgradient steps go over the columns of reduced cost at least −this at the round's start. */
const SUBGRADIENT_MARGIN = 0.5;
/** Most columns one Lagrangian pricing pass may list (past it the pass proves nothing). */
const LAGRANGIAN_PASS_CAP = 3_000_000;
/** A Lagrangian round that lowers the bound by less than this share of it is the last. */
const LAGRANGIAN_STALL = 0.001;
/** The core the heuristic packs on the Lagrangian way: reduced cost at least −this at π. */
const CORE_REDUCED_COST = 0.05;
/** What pricing the chains answers in a market without giveaways: nothing, and nothing missed. */
const NO_CHAINS: ChainPricing = { found: [], reducedCosts: [], complete: true, shortfall: 0, tolerance: 0 };
/** HiGHS's own relative gap for integer solves (exact.ts). */
const MIP_REL_GAP = 1e-6;

/**
 * Σ p_i · pmax over the items that have an arc out and an arc in (with chains, an arc either way): a
 * bound before any LP.
 */
function trivialBound(graph: EngineGraph, odds: Float64Array, chains: boolean) {
  const { size, outStart, inStart } = adjacencyOf(graph);
  let pmax = 0;
  for (let i = 0; i < size; i++) pmax = Math.max(pmax, odds[i] ?? 0);
  let bound = 0;
  for (let i = 0; i < size; i++)
    if (
      chains
        ? outStart[i] !== outStart[i + 1] || inStart[i] !== inStart[i + 1]
        : outStart[i] !== outStart[i + 1] && inStart[i] !== inStart[i + 1]
    )
      bound += (odds[i] ?? 0) * pmax;
  return bound;
}

/**
 * The `most` cycles of largest reduced cost: a pricing pass on a dense market finds tens of
 * thousands, and an LP re-solved over a few thousand of the best converges in more, quicker rounds.
 */
function best(found: Cycle[], reducedCosts: number[], most: number) {
  if (found.length <= most) return found;
  const order = found.map((_, index) => index);
  order.sort((a, b) => (reducedCosts[b] ?? 0) - (reducedCosts[a] ?? 0));
  return order.slice(0, most).map((index) => found[index]!);
}

const sum = (values: Float64Array) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

const weightOf = (cycle: Cycle, odds: Float64Array) => {
  let product = 1;
  for (const item of cycle) product *= odds[item] ?? 0;
  return cycle.length * product;
};

/**
 * The best packing of every cycle of 2..maxLength items the time allows, with its honest bound:
 * column generation for the bound (at most BOUND_SHARE of the time), then the pool's packing
 * (packOptimal: heuristic, LP rounding, integer solves on the LP's support and core) in the rest.
 * Every phase reads the clock, so a run ends close to its time limit. `odds[i]` is p of item i's
 * owner.
 */
export async function packMarket(
  market: EngineGraph,
  odds: Float64Array,
  options: MarketPackingOptions,
): Promise<MarketPacking> {
  const started = performance.now();
  const limitMs = options.timeLimitSec * 1000;
  // The phases aim a little short of the limit: a solver stops at its next look at the clock.
  const end = started + limitMs * AIM;
  const boundEnd = started + limitMs * BOUND_SHARE;
  const rejected = options.rejected ?? new Set<string>();
  const giveaways = [...new Set(options.giveaways ?? [])].sort((a, b) => a - b);
  const graph = withoutGiveawayArcs(market, new Set(giveaways));
  const isRejected = (cycle: Cycle) =>
    rejected.size > 0 && rejected.has([...cycle].sort((a, b) => a - b).join(','));
  const cap = options.columnsPerRound ?? 50_000;
  const size = graph.items.length;
  const blocks = ownerBlocksOf(graph, options.blockedOwners ?? []);

  // The solver compiles while the first cycles are searched (it can take seconds on a busy machine),
  // and is not waited for past the bound's share of the time.
  const solver = loadHighs();
  let bound = trivialBound(graph, odds, giveaways.length > 0);
  let boundKind: BoundKind = 'trivial';
  const pool: Cycle[] = [];
  const weights: number[] = [];
  /** The total weight of these pool columns. */
  const packedTotal = (indexes: readonly number[]) =>
    indexes.reduce((total, index) => total + (weights[index] ?? 0), 0);
  const isChain: boolean[] = [];
  const keys = new Set<string>();
  const addToPool = (cycles: Cycle[], chains = false) => {
    const added: Cycle[] = [];
    const addedWeights: number[] = [];
    for (const raw of cycles) {
      const cycle = chains ? raw : canonical(raw);
      const key = chains ? chainKey(cycle) : cycleKey(cycle);
      if (keys.has(key) || isRejected(chains ? chainGiven(cycle) : cycle)) continue;
      const weight = chains ? chainWeight(cycle, odds) : weightOf(cycle, odds);
      if (weight <= EPSILON) continue;
      keys.add(key);
      pool.push(cycle);
      weights.push(weight);
      isChain.push(chains);
      added.push(cycle);
      addedWeights.push(weight);
    }
    return { added, addedWeights };
  };

  const first = searchCycles(graph, Math.min(3, options.maxLength), started + limitMs * POOL_SHARE, blocks);
  const initial = addToPool(first.cycles);
  // Longer cycles among the items in no short one join the first pool too: they cost a pruned
  // search (a short cycle's item is priced out at once), and the packing has them even when the
  // LP does not solve in time on a busy machine. The pricing below adds every other cycle it needs.
  if (options.maxLength > 3) {
    const walls = new Float64Array(size);
    for (const cycle of first.cycles) for (const item of cycle) walls[item] = Number.POSITIVE_INFINITY;
    const seed = price(
      graph,
      odds,
      walls,
      options.maxLength,
      0,
      Number.POSITIVE_INFINITY,
      started + limitMs * POOL_SHARE,
      rejected,
      blocks,
    );
    const long = addToPool(seed.found);
    initial.added.push(...long.added);
    initial.addedWeights.push(...long.addedWeights);
  }
  const chainOptions = (deadline: number) => ({
    maxLength: options.maxLength,
    giveaways,
    deadline,
    tolerance: PRICE_TOLERANCE,
    cap,
    rejected,
    blocks,
  });
  if (giveaways.length > 0) {
    const chains = addToPool(
      priceChains(graph, odds, new Float64Array(size), chainOptions(started + limitMs * POOL_SHARE)).found,
      true,
    );
    initial.added.push(...chains.added);
    initial.addedWeights.push(...chains.addedWeights);
  }
  let rounds = 0;
  let fullPasses = 0;
  // The duals of an LP solve that priced out every cycle: feasible for the dual over all cycles.
  let proofDuals: Float64Array | null = null;
  // A pool too large for the simplex takes the Lagrangian way (lagrangian.ts): no LP solve, the
  // bound from subgradient multipliers repaired by full pricing passes.
  const lagrangian = pool.length >= (options.lagrangianPool ?? LAGRANGIAN_POOL);
  const multipliers = lagrangian ? lagrangianRounds() : null;
  const highs = size > 0 && !lagrangian ? await beforeDeadline(solver, boundEnd) : null;
  if (!lagrangian && highs && performance.now() < boundEnd) {
    const lp = new RestrictedLp(highs, size);
    try {
      lp.add(initial.added, initial.addedWeights);
      let from = 0;
      while (performance.now() < boundEnd) {
        const lpStarted = performance.now();
        const solved = lp.solve((boundEnd - performance.now()) / 1000);
        if (!solved) break;
        rounds++;
        const pricingStarted = performance.now();
        const pass = price(
          graph,
          odds,
          solved.duals,
          options.maxLength,
          from,
          cap,
          boundEnd,
          rejected,
          blocks,
        );
        // Chains are priced in full every round (a giveaway's paths are few beside the cycles).
        const chainPass =
          giveaways.length > 0 ? priceChains(graph, odds, solved.duals, chainOptions(boundEnd)) : NO_CHAINS;
        const full = pass.complete && chainPass.complete;
        const positives = pass.positives + chainPass.found.length;
        options.log?.(
          `round ${rounds}: LP of ${lp.columns} cycles ${((pricingStarted - lpStarted) / 1000).toFixed(2)} s, ` +
            `pricing ${((performance.now() - pricingStarted) / 1000).toFixed(2)} s, ${pass.found.length} found` +
            (full
              ? ` (full pass: bound ${(sum(solved.duals) + pass.shortfall + chainPass.shortfall).toFixed(2)}, LP ${sum(solved.duals).toFixed(2)})`
              : ` (stopped at item ${pass.next})`),
        );
        if (full) {
          fullPasses++;
          // Σ π_i, not the primal objective: the duals themselves are what is proven feasible.
          const candidate = sum(solved.duals) + pass.shortfall + chainPass.shortfall;
          if (candidate < bound) {
            bound = candidate;
            boundKind = positives === 0 ? 'lp' : 'lagrangian';
          }
          if (positives === 0) {
            proofDuals = solved.duals;
            break;
          }
        }
        from = pass.next;
        const { added, addedWeights } = addToPool(best(pass.found, pass.reducedCosts, ROUND_COLUMNS));
        const chains = addToPool(chainPass.found, true);
        added.push(...chains.added);
        addedWeights.push(...chains.addedWeights);
        if (added.length === 0 && !full) break;
        lp.add(added, addedWeights);
      }
    } finally {
      lp.dispose();
    }
  }
  const boundSeconds = (performance.now() - started) / 1000;
  const packStarted = performance.now();
  const packEnd = proofDuals ? started + limitMs * COMPLETION_SHARE : end;
  const packing = multipliers
    ? packByMultipliers(multipliers, packEnd)
    : await packOptimal(pool, weights, {
        timeLimitSec: Math.max(0, (packEnd - performance.now()) / 1000),
      });
  let chosen = packing.chosen.filter((index) => (weights[index] ?? 0) > 0);
  let total = packedTotal(chosen);
  const completion = { columns: 0, proven: false };
  if (proofDuals && highs) {
    // B0: the bound the duals prove (Σ π plus the pricing tolerance's share); thresholds are
    // measured from it, however far the bound stated below is tightened.
    const proofBound = bound;
    let solvedDown = 0;
    for (const share of COMPLETION_STAGES) {
      const gap = proofBound - total;
      if (gap <= OPTIMAL_TOLERANCE * Math.max(1, proofBound) || performance.now() >= end) break;
      const threshold = -gap * share - PRICE_TOLERANCE;
      // A stage solved at a lower threshold already covers this one.
      if (threshold >= solvedDown) continue;
      const stage = complete(proofDuals, threshold, chosen);
      completion.columns = Math.max(completion.columns, stage.columns);
      if (stage.chosen) {
        chosen = stage.chosen;
        total = packedTotal(chosen);
      }
      if (stage.optimum === null) continue;
      solvedDown = threshold;
      // No packing heavier than B0 + threshold uses a cycle outside the stage's, so none beats
      // max(stage optimum, B0 + threshold).
      const proven = Math.max(total, stage.optimum * (1 + MIP_REL_GAP), proofBound + threshold);
      if (proven < bound) {
        bound = proven;
        boundKind = 'integer';
      }
      if (bound - total <= OPTIMAL_TOLERANCE * Math.max(1, bound)) {
        completion.proven = true;
        break;
      }
    }
  }
  const poolByLength: Record<number, number> = {};
  for (const cycle of pool) poolByLength[cycle.length] = (poolByLength[cycle.length] ?? 0) + 1;
  // The LP bound is never below a packing; rounding can put it a hair under.
  const stated = Math.max(bound, total);
  return {
    cycles: chosen.map((index) => pool[index] ?? []),
    chains: chosen.map((index) => isChain[index] ?? false),
    weights: chosen.map((index) => weights[index] ?? 0),
    total,
    bound: stated,
    boundKind,
    gap: stated > 0 ? (stated - total) / stated : 0,
    optimal: stated - total <= OPTIMAL_TOLERANCE * Math.max(1, stated),
    heuristic: packing.heuristic,
    columns: pool.length,
    poolByLength,
    rounds,
    fullPasses,
    boundSeconds,
    packSeconds: (performance.now() - packStarted) / 1000,
    completion,
  };

  /**
   * The bound of a pool too large for the simplex (lagrangian.ts), until LAGRANGIAN_BOUND_SHARE of
   * the time: subgradient steps on the pool give multipliers π; a full pricing pass with them lists
   * every cycle and chain of positive reduced cost, whose cover repair proves Σ π + Σ δ (plus the
   * pricing tolerance) a bound on every packing; the cycles found join the pool, and the next round
   * starts from π. A pass is started only when the last one's time still fits. Returns the best π.
   */
  function lagrangianRounds() {
    const roundsEnd = started + limitMs * LAGRANGIAN_BOUND_SHARE;
    let duals: Float64Array = new Float64Array(size);
    let target = 0;
    let lastPass = 0;
    let previousBound = Number.POSITIVE_INFINITY;
    while (performance.now() < roundsEnd) {
      const primal = byReducedCost(pool, weights, duals);
      target = Math.max(target, packedTotal(primal));
      const step = subgradient(pool, weights, duals, {
        target,
        deadline: Math.min(roundsEnd, performance.now() + limitMs * SUBGRADIENT_SHARE),
        iterations: SUBGRADIENT_ITERATIONS,
        // Each round starts at full scale: the pool has grown, and L with it.
        scale: 1,
        activeMargin: SUBGRADIENT_MARGIN,
      });
      duals = step.duals;
      rounds++;
      // Pass times vary by a tenth or more from one to the next: a pass cut short proves nothing.
      if (performance.now() + lastPass * 1.15 > roundsEnd) break;
      const passStarted = performance.now();
      const pass = price(
        graph,
        odds,
        duals,
        options.maxLength,
        0,
        LAGRANGIAN_PASS_CAP,
        roundsEnd,
        rejected,
        blocks,
      );
      const chainPass =
        giveaways.length > 0
          ? priceChains(graph, odds, duals, { ...chainOptions(roundsEnd), cap: LAGRANGIAN_PASS_CAP })
          : NO_CHAINS;
      lastPass = performance.now() - passStarted;
      const full = pass.complete && chainPass.complete;
      const dualSum = sum(duals);
      let repaired = Number.NaN;
      if (full) {
        fullPasses++;
        const found = [...pass.found, ...chainPass.found];
        const reducedCosts = [...pass.reducedCosts, ...chainPass.reducedCosts];
        repaired = coverRepair(found, reducedCosts, size).total;
        const shortfall = pass.shortfall - pass.tolerance + chainPass.shortfall - chainPass.tolerance;
        const candidate = dualSum + Math.min(repaired, shortfall) + pass.tolerance + chainPass.tolerance;
        if (candidate < bound) {
          bound = candidate;
          boundKind = 'lagrangian';
        }
      }
      options.log?.(
        `round ${rounds}: subgradient ${step.iterations} steps to L ${step.value.toFixed(2)} on ${step.columns} of ${pool.length} columns, ` +
          `pricing ${(lastPass / 1000).toFixed(2)} s, ${pass.found.length + chainPass.found.length} found` +
          (full
            ? ` (full pass: bound ${bound.toFixed(2)}, Σ π ${dualSum.toFixed(2)} + cover ${repaired.toFixed(2)}; packing ${target.toFixed(2)})`
            : ' (cut short)'),
      );
      if (!full || pass.found.length + chainPass.found.length === 0) break;
      // Proven (the packing meets the bound), or stalled: a round that took less than
      // LAGRANGIAN_STALL off the bound will not take much more off in the next.
      if (bound - target <= OPTIMAL_TOLERANCE * Math.max(1, bound)) break;
      if (previousBound - bound < LAGRANGIAN_STALL * bound) break;
      previousBound = bound;
      addToPool(pass.found);
      addToPool(chainPass.found, true);
    }
    return duals;
  }

  /**
   * The packing of a pool too large for the simplex: the greedy in reduced-cost order at the
   * multipliers, and the heuristic (packCycles) on the pool's core, the columns within
   * CORE_REDUCED_COST of a positive reduced cost, in the time left; the better of the two.
   */
  function packByMultipliers(duals: Float64Array, until: number) {
    const greedy = byReducedCost(pool, weights, duals);
    const greedyTotal = packedTotal(greedy);
    const core: number[] = [];
    const coreCosts: number[] = [];
    pool.forEach((column, index) => {
      const cost = reducedCost(column, weights[index] ?? 0, duals);
      if (cost >= -CORE_REDUCED_COST) {
        core.push(index);
        coreCosts.push(cost);
      }
    });
    const coreColumns = core.map((index) => pool[index]!);
    const coreWeights = core.map((index) => weights[index] ?? 0);
    const byWeight = packCycles(coreColumns, coreWeights, 20, Math.max(0, (until - performance.now()) / 2));
    const shifted = coreCosts.map((cost) => cost + CORE_REDUCED_COST + 1);
    const byCost = packCycles(coreColumns, coreWeights, 20, Math.max(0, until - performance.now()), shifted);
    const local = byCost.total > byWeight.total ? byCost : byWeight;
    options.log?.(
      `packing by multipliers: reduced-cost greedy ${greedyTotal.toFixed(2)}, heuristic on ${core.length} core columns ${local.total.toFixed(2)}`,
    );
    return local.total > greedyTotal
      ? { chosen: local.chosen.map((k) => core[k]!), heuristic: greedyTotal }
      : { chosen: greedy, heuristic: greedyTotal };
  }

  /**
   * One completion stage. With duals π that price out every cycle and chain (rc_c = w_c −
   * Σ_{i ∈ c} π_i ≤ 0) and B0 ≥ Σ π_i, a packing x weighs Σ_{c ∈ x} w_c ≤ B0 + Σ_{c ∈ x} rc_c; so a
   * packing heavier than B0 + t holds only cycles with rc_c > t. Pricing with threshold t lists
   * them all, and the integer optimum over them (started from the current packing, which joins
   * them) bounds every packing by max(optimum, B0 + t). A pass cut short (cap, clock) or a solve
   * stopped by the clock only improves the packing; `optimum` is then null.
   */
  function complete(duals: Float64Array, threshold: number, current: number[]) {
    const pass = price(
      graph,
      odds,
      duals,
      options.maxLength,
      0,
      COMPLETION_COLUMNS,
      end,
      rejected,
      blocks,
      threshold,
    );
    const chainPass =
      giveaways.length > 0
        ? priceChains(graph, odds, duals, {
            ...chainOptions(end),
            tolerance: threshold,
            cap: COMPLETION_COLUMNS,
          })
        : NO_CHAINS;
    addToPool(pass.found);
    addToPool(chainPass.found, true);
    const columns: number[] = [];
    const taken = new Set(current);
    pool.forEach((cycle, index) => {
      if (taken.has(index) || reducedCost(cycle, weights[index] ?? 0, duals) > threshold) columns.push(index);
    });
    const listed = pass.complete && chainPass.complete;
    const seconds = (end - performance.now()) / 1000;
    if (seconds <= 0 || !highs) return { columns: columns.length, chosen: null, optimum: null };
    const start = Float64Array.from(columns, (index) => (taken.has(index) ? 1 : 0));
    const result = solveBatch(highs, pool, weights, columns, true, seconds, start);
    const picked = columns.filter((_, column) => (result.values[column] ?? 0) > 0.5);
    const items = new Set<number>();
    const disjoint = picked.every((index) =>
      (pool[index] ?? []).every((item) => !items.has(item) && items.add(item)),
    );
    const pickedTotal = packedTotal(picked);
    const improves = disjoint && pickedTotal > total + EPSILON;
    options.log?.(
      `completion at ${threshold.toFixed(4)}: ${columns.length} cycles, ` +
        `${result.optimal ? 'solved' : 'stopped'} at ${result.objective.toFixed(4)}` +
        (listed ? '' : ' (pricing cut short)'),
    );
    return {
      columns: columns.length,
      chosen: improves ? picked.filter((index) => (weights[index] ?? 0) > 0) : null,
      optimum: listed && result.optimal ? Math.max(result.objective, pickedTotal) : null,
    };
  }
}
