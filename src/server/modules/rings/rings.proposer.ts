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
} from './choose-rings';
import { blocksAmong } from '../safety/safety.query';
import { MemberBlocks } from '../safety/member-blocks';
import { withoutBlockedMembers } from './blocked-cycles';
import { DEFAULT_NEIGHBOURHOOD_OPTIONS, loadNeighbourhood, type NeighbourhoodOptions } from './neighbourhood';
import { memberOdds, rejectedItemSets } from './proposal-history';
import { solveInWorker } from './repack-worker';
import { describeArc } from './ring-reasons';
import { createRing, type ProposedLeg } from './rings.service';
import { type GraphItem, loadWantGraph, type WantArc, type WantGraph } from './want-graph';
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
  const created = await mapLimited(chosen, RINGS_CREATED_AT_ONCE, ({ cycle, weight }) => {
    // Arc c[k-1] → c[k]: the owner of c[k-1] gives it and receives c[k].
    const legs: ProposedLeg[] = cycle.map((index, k) => {
      const previous = cycle[(k - 1 + cycle.length) % cycle.length] ?? index;
      const itemId = want.items[index]?.id ?? '';
      const previousId = want.items[previous]?.id ?? '';
      return {
        itemId,
        giverId: ownerOf(index),
        receiverId: ownerOf(previous),
        reason: describeArc(arcs.get(`${previousId}>${itemId}`), rules),
      };
    });
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
  const allowed = withoutBlockedMembers(cycles, ownerOf, new MemberBlocks(await blocksAmong(ctx.db, owners)));
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
 * The incremental pass (docs/decisions/007-swap-rings.md): the cycles through the focus items (a new
 * listing, or the items of a member whose wants changed), read from their neighbourhood of the want
 * graph only (neighbourhood.ts: short rings fully, long rings within a capped, time-boxed frontier),
 * packed and proposed at once. The short rings are proposed as soon as they are read, while the long
 * phase goes on (no item is on both kinds, so packing them apart packs them as together would).
 * Answers the ids of the rings created.
 */
export async function proposeRingsAround(
  ctx: ServiceContext,
  timers: RingTimers,
  now: Date,
  focus: string[],
  options: NeighbourhoodOptions = DEFAULT_NEIGHBOURHOOD_OPTIONS,
): Promise<string[]> {
  if (focus.length === 0) return [];
  let short: Promise<string[]> = Promise.resolve([]);
  let failed: { error: unknown } | null = null;
  const near = await loadNeighbourhood(ctx.db, focus, options, (found) => {
    // Awaited below; caught here so that a failure is not reported unhandled meanwhile.
    short = proposeCycles(ctx, timers, now, found, found.cycles).catch((error: unknown) => {
      failed = { error };
      return [];
    });
  });
  const long = near.cycles.filter((cycle) => cycle.length > options.maxLength);
  const created = await Promise.all([short, proposeCycles(ctx, timers, now, near, long)]);
  if (failed) throw (failed as { error: unknown }).error;
  return created.flat();
}

/** Lets the event loop serve others between chunks of a long loop on the main thread. */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));
const CHUNK = 50_000;

/**
 * The market as the re-pack's worker takes it (choose-rings.ts `MarketInput`), item i being
 * want.items[i] (ordered by id, as buildGraph indexes them). Pausing between chunks keeps the
 * encoding of a large market from holding up requests.
 */
export async function encodeMarket(ctx: ServiceContext, want: WantGraph): Promise<MarketInput> {
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
    blockedPairs: Int32Array.from(blocked.flat(), (id) => memberIndex.get(id) ?? -1),
  };
}

/** Chosen rings out of the worker's typed arrays. */
export function decodeSolution(solution: MarketSolution): ChosenRing[] {
  const chosen: ChosenRing[] = [];
  let start = 0;
  solution.ends.forEach((end, r) => {
    chosen.push({ cycle: Array.from(solution.items.subarray(start, end)), weight: solution.weights[r] ?? 0 });
    start = end;
  });
  return chosen;
}

/**
 * The global re-pack: every free item of the market. The graph is read on the main thread (the
 * database connection lives there, and PGlite has only that one); finding and packing the cycles
 * runs in a worker thread (repack-worker.ts); the chosen rings are written back here, each through
 * createRing's transaction, which re-checks it under its items' locks. Answers the ids of the rings
 * created.
 */
export async function repackRings(ctx: ServiceContext, timers: RingTimers, now: Date): Promise<string[]> {
  const want = await loadWantGraph(ctx.db);
  if (want.arcs.length === 0) return [];
  const solution = await solveInWorker(await encodeMarket(ctx, want));
  return proposeChosen(ctx, timers, now, want, decodeSolution(solution));
}
