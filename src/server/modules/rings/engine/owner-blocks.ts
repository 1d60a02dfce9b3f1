import { adjacencyOf } from './adjacency';
import type { EngineGraph } from './graph';

/**
 * Owners with a block between them, either way (docs/decisions/007-swap-rings.md, "Blocks"): no
 * ring holds two of them, neighbours in it or not. The cycle searches look this up for every owner
 * they add to a path, so it is kept over the adjacency's owner indexes (numbers, not id strings).
 */
export interface OwnerBlocks {
  /** involved[o] === 1 when owner o has a block with someone. */
  involved: Uint8Array;
  /** a * owners + b for every blocked pair, both ways round. */
  pairs: Set<number>;
  owners: number;
}

/**
 * The blocks among the graph's owners, given as pairs of owner ids (`EngineItem.ownerId`); null
 * when none of them holds between two owners of the graph, so that the searches skip the lookup.
 */
export function ownerBlocksOf(
  graph: EngineGraph,
  blocked: Iterable<readonly [string, string]>,
): OwnerBlocks | null {
  const { size, owner } = adjacencyOf(graph);
  const indexOf = new Map<string, number>();
  let owners = 0;
  for (let i = 0; i < size; i++) {
    indexOf.set(graph.items[i]?.ownerId ?? '', owner[i]!);
    owners = Math.max(owners, owner[i]! + 1);
  }
  const involved = new Uint8Array(owners);
  const pairs = new Set<number>();
  for (const [a, b] of blocked) {
    const x = indexOf.get(a);
    const y = indexOf.get(b);
    if (x === undefined || y === undefined || x === y) continue;
    involved[x] = 1;
    involved[y] = 1;
    pairs.add(x * owners + y);
    pairs.add(y * owners + x);
  }
  return pairs.size === 0 ? null : { involved, pairs, owners };
}

/** Whether owner `next` has a block with one of the first `depth` owners of a path. */
export function blockedOnPath(
  blocks: OwnerBlocks | null,
  pathOwners: Int32Array,
  depth: number,
  next: number,
) {
  if (blocks === null || blocks.involved[next] !== 1) return false;
  for (let d = 0; d < depth; d++) if (blocks.pairs.has(pathOwners[d]! * blocks.owners + next)) return true;
  return false;
}
