import { inArray } from 'drizzle-orm';
import { swapRules } from '../../db/schema';
import type { RingTimers } from '../../env';
import { mapLimited } from '../../lib/map-limited';
import type { ServiceContext } from '../../lib/service-context';
import {
  type ChosenRing,
  chooseRings,
  itemSetKey,
  type MarketInput,
  type MarketSolution,
  REPACK_TIME_LIMIT_SEC,
} from './choose-rings';
import { blocksAmong } from '../safety';
import { MemberBlocks } from '../safety';
import { withoutBlockedMembers } from './blocked-cycles';
import { DEFAULT_NEIGHBOURHOOD_OPTIONS, loadNeighbourhood, type NeighbourhoodOptions } from './neighbourhood';
import { memberOdds, rejectedItemSets } from './proposal-history';
import { solveInWorker } from './repack-worker';
import { describeArc } from './ring-reasons';
import { createRing } from './ring-commands.service';
import type { ProposedLeg } from './rings.service';
import { type GraphItem, loadRepackGraph, type WantArc, type WantGraph } from './want-graph';
import type { Cycle, EngineGraph } from './engine/graph';

/** Turned-down item sets among these cycles' items, as index keys (itemSetKey) of the graph. */
async function rejectedKeys(ctx: ServiceContext, index: Map<string, number>, itemIds: string[]) {
  const keys = new Set<string>();
  for (const ids of await rejectedItemSets(ctx.db, itemIds)) {
    const indexes = ids.map((id) => index.get(id));
    if (indexes.every((index) => index !== undefined)) keys.add(itemSetKey(indexes as number[]));
  }
  return keys;
}

/** Ring transactions run at once by one pass: a member's four listings' rings go out together. */
const RINGS_CREATED_AT_ONCE = 4;

/** Writes each chosen ring in its own transaction, explained by the wants behind its arcs. */
async function proposeChosen(
  ctx: ServiceContext,
  timers: RingTimers,
  now: Date,
  want: WantGraph,
  chosen: ChosenRing[],
) {
  if (chosen.length === 0) return [];
  const ownerOf = (index: number) => want.items[index]?.ownerId ?? '';
  const arcs = new Map(want.arcs.map((arc) => [`${arc.from}>${arc.to}`, arc]));
  const arcInto = (cycle: number[], k: number) => {
    const previous = cycle[(k - 1 + cycle.length) % cycle.length] ?? -1;
    return arcs.get(`${want.items[previous]?.id ?? ''}>${want.items[cycle[k] ?? -1]?.id ?? ''}`);
  };
  // Only the rules behind the chosen rings' arcs (a neighbourhood's arcs name hundreds).
  const ruleIds = new Set<string>();
  for (const { cycle } of chosen) {
    cycle.forEach((_, k) => {
      const arc = arcInto(cycle, k);
      if (arc?.kind === 'rule' && arc.ref) ruleIds.add(arc.ref);
    });
  }
  const legOf = (index: number, previous: number): ProposedLeg => {
    const itemId = want.items[index]?.id ?? '';
    const previousId = want.items[previous]?.id ?? '';
    return {
      itemId,
      giverId: ownerOf(index),
      receiverId: ownerOf(previous),
      reason: describeArc(arcs.get(`${previousId}>${itemId}`), rules),
    };
  };
  const rules = new Map(
    (ruleIds.size === 0
      ? []
      : await ctx.db
          .select()
          .from(swapRules)
          .where(inArray(swapRules.id, [...ruleIds]))
    ).map((rule) => [rule.id, rule]),
  );
  // The chosen rings share no item, so their transactions lock disjoint rows: a few are created at
  // once (the re-pack's thousands must not take every connection of the pool).
  const created = await mapLimited(chosen, RINGS_CREATED_AT_ONCE, ({ cycle, weight, chain }) => {
    if (chain) {
      // The path x0 → x1 → … → giveaway, given from the gift down: its giver first, and x1 last to
      // the owner of x0, who gives nothing (x0 is not a leg).
      const legs: ProposedLeg[] = [];
      for (let k = cycle.length - 1; k >= 1; k--) legs.push(legOf(cycle[k] ?? -1, cycle[k - 1] ?? -1));
      return createRing(ctx, legs, weight, now, timers, 'chain');
    }
    // Arc c[k-1] → c[k]: the owner of c[k-1] gives it and receives c[k].
    const legs: ProposedLeg[] = cycle.map((index, k) =>
      legOf(index, cycle[(k - 1 + cycle.length) % cycle.length] ?? index),
    );
    return createRing(ctx, legs, weight, now, timers);
  });
  return created.filter((id): id is string => id !== null);
}

/** Packs these cycles of the neighbourhood and proposes the chosen rings. */
async function proposeCycles(
  ctx: ServiceContext,
  timers: RingTimers,
  now: Date,
  near: WantGraph & { graph: EngineGraph },
  cycles: Cycle[],
) {
  if (cycles.length === 0) return [];
  const { graph } = near;
  const ownerOf = (index: number) => graph.items[index]?.ownerId ?? '';
  const owners = [...new Set(cycles.flat().map(ownerOf))];
  // A giveaway is in no ring: it starts chains, which the re-pack proposes.
  const gifts = new Set(near.items.flatMap((item, i) => (item.isGiveaway ? [i] : [])));
  const allowed = withoutBlockedMembers(
    gifts.size === 0 ? cycles : cycles.filter((cycle) => cycle.every((index) => !gifts.has(index))),
    ownerOf,
    new MemberBlocks(await blocksAmong(ctx.db, owners)),
  );
  if (allowed.length === 0) return [];
  const itemIds = [...new Set(allowed.flat())].map((index) => graph.items[index]?.id ?? '');
  const [rejected, odds] = await Promise.all([
    rejectedKeys(ctx, graph.index, itemIds),
    memberOdds(ctx.db, [...new Set(allowed.flat().map(ownerOf))]),
  ]);
  const chosen = chooseRings(allowed, (index) => odds.get(ownerOf(index)) ?? 0, rejected);
  return proposeChosen(ctx, timers, now, near, chosen);
}

/**
 * The incremental pass (docs/decisions/007-swap-rings.md): every cycle of 2..maxLength items through
 * the focus items (a new listing, or the items of a member whose wants changed), read from their
 * neighbourhood of the want graph only (neighbourhood.ts: rings of up to three fully, longer ones
 * within a capped, time-boxed frontier), packed by expected completed swaps as the re-pack packs
 * them, and proposed at once. Answers the ids of the rings created.
 */
export async function proposeRingsAround(
  ctx: ServiceContext,
  timers: RingTimers,
  now: Date,
  focus: string[],
  options: NeighbourhoodOptions = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, maxLength: timers.maxLength },
): Promise<string[]> {
  if (focus.length === 0) return [];
  const near = await loadNeighbourhood(ctx.db, focus, options);
  return proposeCycles(ctx, timers, now, near, near.cycles);
}

/** Lets the event loop serve others between chunks of a long loop on the main thread. */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));
const CHUNK = 50_000;

/**
 * The market as the re-pack's worker takes it (choose-rings.ts `MarketInput`), item i being
 * want.items[i] (ordered by id, as buildGraph indexes them). Pausing between chunks keeps the
 * encoding of a large market from holding up requests.
 */
export async function encodeMarket(
  ctx: ServiceContext,
  want: WantGraph,
  maxLength: number,
): Promise<MarketInput> {
  const index = new Map<string, number>();
  const memberIndex = new Map<string, number>();
  const owners = new Int32Array(want.items.length);
  for (let i = 0; i < want.items.length; i++) {
    const item = want.items[i] as GraphItem;
    index.set(item.id, i);
    let member = memberIndex.get(item.ownerId);
    if (member === undefined) memberIndex.set(item.ownerId, (member = memberIndex.size));
    owners[i] = member;
    if (i % CHUNK === 0) await breather();
  }
  const arcFrom = new Int32Array(want.arcs.length);
  const arcTo = new Int32Array(want.arcs.length);
  for (let k = 0; k < want.arcs.length; k++) {
    const arc = want.arcs[k] as WantArc;
    arcFrom[k] = index.get(arc.from) ?? -1;
    arcTo[k] = index.get(arc.to) ?? -1;
    if (k % CHUNK === 0) await breather();
  }
  const odds = new Float64Array(memberIndex.size);
  const oddsById = await memberOdds(ctx.db, [...memberIndex.keys()]);
  for (const [id, member] of memberIndex) odds[member] = oddsById.get(id) ?? 0;
  const rejected = await rejectedKeys(ctx, index, [...index.keys()]);
  const sets = [...rejected].map((key) => key.split(',').map(Number));
  const blocked = await blocksAmong(ctx.db, [...memberIndex.keys()]);
  let end = 0;
  return {
    owners,
    arcFrom,
    arcTo,
    odds,
    rejectedItems: Int32Array.from(sets.flat()),
    rejectedEnds: Int32Array.from(sets, (set) => (end += set.length)),
    maxLength,
    blockedPairs: Int32Array.from(blocked.flat(), (id) => memberIndex.get(id) ?? -1),
    giveaways: Int32Array.from(want.items.flatMap((item, i) => (item.isGiveaway ? [i] : []))),
  };
}

/** Chosen rings out of the worker's typed arrays. */
export function decodeSolution(solution: MarketSolution): ChosenRing[] {
  const chosen: ChosenRing[] = [];
  let start = 0;
  solution.ends.forEach((end, r) => {
    chosen.push({
      cycle: Array.from(solution.items.subarray(start, end)),
      weight: solution.weights[r] ?? 0,
      chain: solution.kinds[r] === 1,
    });
    start = end;
  });
  return chosen;
}

/**
 * The global re-pack: every free item of the market. The graph is read on the main thread (the
 * database connection lives there, and PGlite has only that one); finding and packing the cycles
 * runs in a worker thread (repack-worker.ts); the chosen rings are written back here, each through
 * createRing's transaction, which re-checks it under its items' locks. Answers the ids of the rings
 * created. `timeLimitSec` bounds the packing (tests give small markets a few seconds).
 */
export async function repackRings(
  ctx: ServiceContext,
  timers: RingTimers,
  now: Date,
  timeLimitSec = REPACK_TIME_LIMIT_SEC,
): Promise<string[]> {
  const want = await loadRepackGraph(ctx.db);
  if (want.arcs.length === 0) return [];
  const solution = await solveInWorker({
    ...(await encodeMarket(ctx, want, timers.maxLength)),
    timeLimitSec,
  });
  return proposeChosen(ctx, timers, now, want, decodeSolution(solution));
}
