import type { Queryable } from '../../db/connect';
import { mapLimited } from '../../lib/map-limited';
import { type CycleOptions, cyclesThrough, DEFAULT_CYCLE_OPTIONS } from './engine/cycles';
import { buildGraph, type Cycle, type EngineGraph } from './engine/graph';
import {
  type ArcScope,
  ArcSet,
  type GraphItem,
  loadArcRows,
  loadGraphItems,
  type WantArc,
  type WantGraph,
} from './want-graph';

/**
 * The part of the want graph an incremental pass needs (docs/decisions/007-swap-rings.md), read hop
 * by hop instead of reading the whole market, and the cycles through the focus items in it.
 *
 * A cycle f → v1 → … → v(L-1) → f of L items is found meet-in-the-middle: out-arcs are followed
 * ⌈(L-1)/2⌉ hops from f, in-arcs ⌊(L-1)/2⌋ hops back into f, and one more read takes the arcs from the
 * items reached forwards to the items reached backwards. Every arc read is an arc of the whole graph,
 * so the neighbourhood has no cycle the whole graph lacks.
 *
 * Two phases, both for every focus item (every cycle of 2..maxLength items is a candidate, and the
 * packing chooses between short and long ones by expected completed swaps):
 * - **Short rings** (2..3 items): one hop out and one hop in, read at once, then the arcs between
 *   them, per focus item (a 3-cycle f → j → k → f needs f → j, k → f and j → k, with j and k f's
 *   own neighbours), uncapped in practice (`maxFrontier`).
 * - **Long rings** (4..maxLength items): two hops each way within a small frontier (`longFrontier`
 *   new items per hop, the first by id), no further read once the pass has taken `longBudgetMs`.
 *   What it leaves out, the periodic global re-pack finds (it reads the whole graph);
 *   `stats.truncated` says when that may have happened.
 *
 * No item's out-arcs or in-arcs are read twice in a pass (the long phase starts from the short
 * phase's hops), nor any item's owner and value.
 */

export interface NeighbourhoodOptions extends CycleOptions {
  /** Short rings: at most this many new items per hop (past it the pass may miss cycles). */
  maxFrontier: number;
  /** Long rings: at most this many new items per hop. */
  longFrontier: number;
  /** Long rings: no further read once the pass has taken this long (milliseconds). */
  longBudgetMs: number;
}

export const DEFAULT_NEIGHBOURHOOD_OPTIONS: NeighbourhoodOptions = {
  ...DEFAULT_CYCLE_OPTIONS,
  maxFrontier: 20_000,
  longFrontier: 60,
  longBudgetMs: 250,
};

export interface NeighbourhoodStats {
  /** Reads made. */
  reads: number;
  /** Focus items whose long cycles were looked for. */
  longFocus: number;
  /** A hop was cut at its frontier cap or the long phase ran out of time: cycles may be missing. */
  truncated: boolean;
}

/**
 * Where the arcs come from: the database (`databaseArcs`), or an in-memory graph in the benchmark,
 * which so times this same code.
 */
export interface ArcSource {
  /** Every want behind every arc in the scope (loadArcRows). */
  arcs(scope: ArcScope): Promise<WantArc[]>;
  /** These items' owners and values, ordered by id. */
  items(ids: string[]): Promise<GraphItem[]>;
}

export const databaseArcs = (db: Queryable): ArcSource => ({
  arcs: (scope) => loadArcRows(db, scope),
  items: (ids) => loadGraphItems(db, ids),
});

interface Reader {
  source: ArcSource;
  set: ArcSet;
  stats: NeighbourhoodStats;
  /** Items whose out-arcs (`out`) or in-arcs (`in`) have all been read, and their neighbours. */
  out: Map<string, Set<string>>;
  in: Map<string, Set<string>>;
  /** Items read so far (owners and values), by id. */
  items: Map<string, GraphItem>;
}

const neighbours = (known: Map<string, Set<string>>, id: string) => {
  let set = known.get(id);
  if (!set) known.set(id, (set = new Set()));
  return set;
};

/** Reads the arcs of a scope and files them under the items whose arcs it read in full. */
async function read(reader: Reader, scope: ArcScope) {
  reader.stats.reads++;
  const rows = await reader.source.arcs(scope);
  reader.set.add(rows);
  // A read between two lists has only some of each item's arcs: no item is complete from it.
  if (scope.from && scope.to) return;
  const complete = scope.from ? reader.out : reader.in;
  for (const id of scope.from ?? scope.to ?? []) neighbours(complete, id);
  for (const row of rows) {
    if (scope.from) neighbours(reader.out, row.from).add(row.to);
    else neighbours(reader.in, row.to).add(row.from);
  }
}

/**
 * One hop from `frontier` along out-arcs (`forward`) or in-arcs: reads only the items whose arcs
 * in that direction are not known yet (the long phase starts where the short phase left off).
 */
async function hop(reader: Reader, frontier: string[], forward: boolean) {
  const known = forward ? reader.out : reader.in;
  const missing = frontier.filter((id) => !known.has(id));
  if (missing.length > 0) await read(reader, forward ? { from: missing } : { to: missing });
}

/** A read budget: the most new items per hop, and whether another read may start. */
interface Limit {
  frontier: number;
  inTime: () => boolean;
  /** Settles when the time is up: reads still running then are left behind. None: no time box. */
  timeUp?: Promise<void>;
  /** Set when a hop was cut at `frontier`. */
  cut?: boolean;
  /** Set when a read was left behind at `timeUp`. */
  late?: boolean;
}

/**
 * Waits for `work` unless the time runs out first (then answers true and leaves it behind: a read
 * already sent cannot be called back, but the pass need not wait for it).
 */
async function late(limit: Limit, work: Promise<unknown>) {
  if (!limit.timeUp) {
    await work;
    return false;
  }
  // Nobody waits for a read left behind, so its failure must not go unhandled.
  work.catch(() => undefined);
  const timedOut = await Promise.race([work.then(() => false), limit.timeUp.then(() => true)]);
  if (timedOut) limit.late = true;
  return timedOut;
}

/**
 * Items reached by `hops` breadth-first hops along out-arcs (`forward`) or in-arcs, the first
 * `limit.frontier` new ones per hop (by id); null when the time ran out first.
 */
async function expand(reader: Reader, sources: string[], hops: number, forward: boolean, limit: Limit) {
  const seen = new Set(sources);
  const reached: string[] = [];
  let frontier = sources;
  for (let step = 0; step < hops && frontier.length > 0; step++) {
    if (!limit.inTime() || (await late(limit, hop(reader, frontier, forward)))) return null;
    const known = forward ? reader.out : reader.in;
    const next = [...new Set(frontier.flatMap((id) => [...(known.get(id) ?? [])]))]
      .filter((id) => !seen.has(id))
      .sort();
    if (next.length > limit.frontier) {
      reader.stats.truncated = true;
      limit.cut = true;
      next.length = limit.frontier;
    }
    for (const id of next) seen.add(id);
    reached.push(...next);
    frontier = next;
  }
  return reached;
}

/** Rings of at most this many items are read in full by the short phase. */
const SHORT_LENGTH = 3;

/** At most this many reads between two lists at once (each on a connection of its own). */
const PAIR_READS_AT_ONCE = 4;

/**
 * Reads every arc of every cycle of at most `length` items through one of `sources` (within the
 * frontier cap). Answers false when the time ran out before it was done.
 *
 * The hops out and in are independent and read at once. For short rings (one hop each way) the last
 * read is made per source: a cycle s → j → k → s needs j → k only for j among s's own out-neighbours
 * and k among its own in-neighbours, so the pairs checked are Σ |out(s)|·|in(s)|, not
 * |∪ out(s)|·|∪ in(s)| (a member's four listings: a quarter). The items of the graph are all known
 * once the hops are read (a read between the two lists adds no item), so they are read meanwhile.
 */
async function readCycles(reader: Reader, sources: string[], length: number, limit: Limit) {
  if (sources.length === 0 || length < 2) return true;
  const outHops = Math.ceil((length - 1) / 2);
  const inHops = Math.floor((length - 1) / 2);
  const [forwards, backwards] = await Promise.all([
    expand(reader, sources, outHops, true, limit),
    inHops === 0 ? sources : expand(reader, sources, inHops, false, limit),
  ]);
  if (!forwards || !backwards || !limit.inTime()) return false;
  const items = loadItems(reader);
  if (outHops === 1 && inHops === 1) {
    const ahead = new Set(forwards);
    const behind = new Set(backwards);
    const pairs = sources
      .map((id) => ({
        from: [...(reader.out.get(id) ?? [])].filter((j) => ahead.has(j)).sort(),
        to: [...(reader.in.get(id) ?? [])].filter((k) => behind.has(k)).sort(),
      }))
      .filter((scope) => scope.from.length > 0 && scope.to.length > 0);
    const reads = mapLimited(pairs, PAIR_READS_AT_ONCE, (scope) => read(reader, scope));
    return !(await late(limit, Promise.all([items, reads])));
  }
  const between =
    forwards.length > 0 && backwards.length > 0 && read(reader, { from: forwards, to: backwards });
  return !(await late(limit, Promise.all([items, between])));
}

/** Reads the owners and values of the items on the arcs read that are not known yet. */
async function loadItems(reader: Reader) {
  const missing = new Set<string>();
  for (const arc of reader.set.arcs()) {
    if (!reader.items.has(arc.from)) missing.add(arc.from);
    if (!reader.items.has(arc.to)) missing.add(arc.to);
  }
  if (missing.size === 0) return;
  for (const item of await reader.source.items([...missing])) reader.items.set(item.id, item);
}

async function graphOf(reader: Reader) {
  await loadItems(reader);
  const arcs = reader.set.arcs();
  const ids = new Set(arcs.flatMap((arc) => [arc.from, arc.to]));
  // Ordered by id, as every graph of the engine is.
  const items = [...ids]
    .sort()
    .map((id) => reader.items.get(id))
    .filter((item): item is GraphItem => item !== undefined);
  const want: WantGraph = { items, arcs };
  return { want, graph: buildGraph(items, arcs) };
}

export interface Neighbourhood extends WantGraph {
  graph: EngineGraph;
  /** The candidate cycles through the focus items, as indexes of `graph`, each once. */
  cycles: Cycle[];
  stats: NeighbourhoodStats;
}

/**
 * The want graph around the focus items and every cycle of 2..maxLength items through them (the
 * engine's candidates: docs/decisions/007-swap-rings.md). Rings of up to three are read in full;
 * longer ones within the long phase's frontier and time box.
 */
export async function cyclesAround(
  source: ArcSource,
  focus: string[],
  options: NeighbourhoodOptions = DEFAULT_NEIGHBOURHOOD_OPTIONS,
): Promise<Neighbourhood> {
  const started = performance.now();
  const reader: Reader = {
    source,
    set: new ArcSet(),
    stats: { reads: 0, longFocus: 0, truncated: false },
    out: new Map(),
    in: new Map(),
    items: new Map(),
  };
  const sources = [...new Set(focus)].sort();
  const shortLength = Math.min(SHORT_LENGTH, options.maxLength);
  await readCycles(reader, sources, shortLength, { frontier: options.maxFrontier, inTime: () => true });
  if (options.maxLength > SHORT_LENGTH && sources.length > 0) {
    reader.stats.longFocus = sources.length;
    const remaining = started + options.longBudgetMs - performance.now();
    let timer: NodeJS.Timeout | undefined;
    const limit: Limit = {
      frontier: options.longFrontier,
      inTime: () => performance.now() - started < options.longBudgetMs,
      // The budget is a deadline: a read still running when it passes is not waited for.
      timeUp:
        remaining < 2 ** 31
          ? new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, remaining))))
          : undefined,
    };
    try {
      const read = await readCycles(reader, sources, options.maxLength, limit);
      if (!read || limit.late || limit.cut) reader.stats.truncated = true;
    } finally {
      clearTimeout(timer);
    }
  }
  const { want, graph } = await graphOf(reader);
  const found = new Map<string, Cycle>();
  for (const id of sources) {
    const index = graph.index.get(id);
    if (index === undefined) continue;
    for (const cycle of cyclesThrough(graph, index, options)) found.set(cycle.join(','), cycle);
  }
  return { ...want, graph, cycles: [...found.values()], stats: reader.stats };
}

/** The same from the database. */
export const loadNeighbourhood = (
  db: Queryable,
  focus: string[],
  options: NeighbourhoodOptions = DEFAULT_NEIGHBOURHOOD_OPTIONS,
) => cyclesAround(databaseArcs(db), focus, options);
