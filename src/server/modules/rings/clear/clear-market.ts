import { packMarket } from '../engine/column-generation';
import { buildGraph } from '../engine/graph';
import type { FileMarket } from './want-lists';

export interface ClearOptions {
  maxLength: number;
  timeLimitSec: number;
  /** p of every owner the file gives none (1: every ring completes, so the weight is its size). */
  acceptance: number;
}

export interface ClearResult {
  /**
   * The chosen rings, each as item ids in giving order: every item goes to the owner of the next
   * item in the array, and the last item to the owner of the first.
   */
  rings: string[][];
  itemsTraded: number;
  /** Expected completed swaps of the rings (Σ |ring| · Π p), and the honest bound on it. */
  expectedSwaps: number;
  bound: number;
  boundKind: string;
  /** (bound − expectedSwaps) / bound. */
  gap: number;
  optimal: boolean;
  items: number;
  arcs: number;
  seconds: number;
  /** Peak resident memory of the process so far. */
  peakRssMb: number;
  warnings: string[];
}

/** Packs every ring of 2..maxLength items of a market read from a file (the engine's re-pack). */
export async function clearMarket(market: FileMarket, options: ClearOptions): Promise<ClearResult> {
  const started = performance.now();
  const sorted = [...market.items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const graph = buildGraph(
    sorted.map((item) => ({ id: item.id, ownerId: item.owner })),
    market.arcs.map(([from, to]) => ({ from, to })),
  );
  const odds = Float64Array.from(sorted, (item) => item.p ?? options.acceptance);
  const packing = await packMarket(graph, odds, {
    maxLength: options.maxLength,
    timeLimitSec: options.timeLimitSec,
    ...(process.env.RINGS_LOG ? { log: (line: string) => console.error(line) } : {}),
  });
  // The engine's cycles follow the arcs (each item's owner takes the next item); giving order
  // is the reverse: each item goes to the owner of the item after it.
  const rings = packing.cycles.map((cycle) => cycle.map((index) => graph.items[index]?.id ?? '').reverse());
  return {
    rings,
    itemsTraded: rings.reduce((sum, ring) => sum + ring.length, 0),
    expectedSwaps: packing.total,
    bound: packing.bound,
    boundKind: packing.boundKind,
    gap: packing.gap,
    optimal: packing.optimal,
    items: graph.items.length,
    arcs: graph.out.reduce((sum, list) => sum + list.length, 0),
    seconds: (performance.now() - started) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    warnings: market.warnings,
  };
}
