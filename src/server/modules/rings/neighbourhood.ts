import type { Queryable } from '../../db/connect';
import { type CycleOptions, cyclesThrough, DEFAULT_CYCLE_OPTIONS } from './engine/cycles';
import { buildGraph, type EngineGraph } from './engine/graph';
import { ArcSet, loadArcRows, type WantGraph, wantGraphOf } from './want-graph';

/**
 * The part of the want graph an incremental pass needs (docs/decisions/007-swap-rings.md): every arc
 * of every cycle the engine could propose through the focus items, read hop by hop from the database
 * instead of reading the whole market.
 *
 * A cycle f → v1 → … → v(L-1) → f of L items is found meet-in-the-middle: out-arcs are followed
 * ⌈(L-1)/2⌉ hops from f, in-arcs ⌊(L-1)/2⌋ hops back into f, and one more read takes the arcs from the
 * items reached forwards to the items reached backwards. Every arc read is an arc of the whole graph,
 * so the neighbourhood has no cycle the whole graph lacks, and it has every cycle of at most L items
 * through f.
 *
 * Cycles of K+1..maxLongLength items are allowed only through items in no cycle of at most K, so
 * when a focus item has no short cycle the long cycles around it are read, and then the short cycles
 * of every item that could lie on one of them, so that the engine's "no short cycle" test gives the
 * same answer as on the whole graph.
 */

export interface NeighbourhoodOptions extends CycleOptions {
  /**
   * At most this many new items per hop. Past it a hop keeps the first ones by id and the pass may
   * miss cycles, which the global re-pack still finds; `truncated` says so.
   */
  maxFrontier: number;
}

export const DEFAULT_NEIGHBOURHOOD_OPTIONS: NeighbourhoodOptions = {
  ...DEFAULT_CYCLE_OPTIONS,
  maxFrontier: 20_000,
};

export interface NeighbourhoodStats {
  /** Database reads made. */
  reads: number;
  /** Focus items with no short cycle, whose long cycles were read too. */
  longFocus: number;
  truncated: boolean;
}

interface Reader {
  db: Queryable;
  set: ArcSet;
  options: NeighbourhoodOptions;
  stats: NeighbourhoodStats;
}

async function read(reader: Reader, scope: { from?: string[]; to?: string[] }) {
  reader.stats.reads++;
  const rows = await loadArcRows(reader.db, scope);
  reader.set.add(rows);
  return rows;
}

/** Items reached by `hops` breadth-first hops along out-arcs (`forward`) or in-arcs. */
async function expand(reader: Reader, sources: string[], hops: number, forward: boolean) {
  const seen = new Set(sources);
  const reached: string[] = [];
  let frontier = sources;
  for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
    const rows = await read(reader, forward ? { from: frontier } : { to: frontier });
    const next = [...new Set(rows.map((row) => (forward ? row.to : row.from)))]
      .filter((id) => !seen.has(id))
      .sort();
    if (next.length > reader.options.maxFrontier) {
      reader.stats.truncated = true;
      next.length = reader.options.maxFrontier;
    }
    for (const id of next) seen.add(id);
    reached.push(...next);
    frontier = next;
  }
  return reached;
}

/** Reads every arc of every cycle of at most `length` items through one of `sources`. */
async function readCycles(reader: Reader, sources: string[], length: number) {
  if (sources.length === 0 || length < 2) return;
  const outHops = Math.ceil((length - 1) / 2);
  const inHops = Math.floor((length - 1) / 2);
  const forwards = await expand(reader, sources, outHops, true);
  const backwards = inHops === 0 ? sources : await expand(reader, sources, inHops, false);
  await read(reader, { from: forwards, to: backwards });
}

/** Breadth-first distances from `start` along out-arcs (or in-arcs), up to `limit`. */
function distances(graph: EngineGraph, start: number, limit: number, forward: boolean) {
  const into: number[][] = forward ? graph.out : graph.items.map(() => []);
  if (!forward) graph.out.forEach((targets, from) => targets.forEach((to) => into[to]?.push(from)));
  const dist = new Map([[start, 0]]);
  let frontier = [start];
  for (let d = 1; d <= limit && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const node of frontier) {
      for (const other of into[node] ?? []) {
        if (dist.has(other)) continue;
        dist.set(other, d);
        next.push(other);
      }
    }
    frontier = next;
  }
  return dist;
}

/** The items that could lie on a cycle of at most `length` items through `start`. */
function onCyclesThrough(graph: EngineGraph, start: number, length: number) {
  const forwards = distances(graph, start, length - 1, true);
  const backwards = distances(graph, start, length - 1, false);
  const found: number[] = [];
  for (const [node, d] of forwards) {
    const back = backwards.get(node);
    if (node !== start && back !== undefined && d + back <= length) found.push(node);
  }
  return found;
}

/** The want graph around the focus items: the same cycles through them as the whole graph. */
export async function loadNeighbourhood(
  db: Queryable,
  focus: string[],
  options: NeighbourhoodOptions = DEFAULT_NEIGHBOURHOOD_OPTIONS,
): Promise<WantGraph & { stats: NeighbourhoodStats }> {
  const reader: Reader = {
    db,
    set: new ArcSet(),
    options,
    stats: { reads: 0, longFocus: 0, truncated: false },
  };
  const sources = [...new Set(focus)].sort();
  const isSource = new Set(sources);
  await readCycles(reader, sources, options.maxLength);
  if (options.maxLongLength > options.maxLength) {
    let want = await wantGraphOf(db, reader.set);
    let graph = buildGraph(want.items, want.arcs);
    const lonely = sources.filter((id) => {
      const index = graph.index.get(id);
      return (
        index !== undefined && cyclesThrough(graph, index, { ...options, maxLongLength: 0 }).length === 0
      );
    });
    reader.stats.longFocus = lonely.length;
    if (lonely.length > 0) {
      await readCycles(reader, lonely, options.maxLongLength);
      want = await wantGraphOf(db, reader.set);
      graph = buildGraph(want.items, want.arcs);
      const candidates = new Set<string>();
      for (const id of lonely) {
        const index = graph.index.get(id);
        if (index === undefined) continue;
        for (const node of onCyclesThrough(graph, index, options.maxLongLength)) {
          const itemId = graph.items[node]?.id;
          if (itemId && !isSource.has(itemId)) candidates.add(itemId);
        }
      }
      await readCycles(reader, [...candidates].sort(), options.maxLength);
    }
  }
  return { ...(await wantGraphOf(db, reader.set)), stats: reader.stats };
}
