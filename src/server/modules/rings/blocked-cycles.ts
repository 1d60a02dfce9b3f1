import { MemberBlocks } from '../safety/member-blocks';
import type { Cycle } from './engine/graph';

/**
 * Blocks and swap rings (docs/decisions/007-swap-rings.md, "Blocks"): no ring holds two members with
 * a block between them, either way, whether or not they are neighbours in it. The want graph has no
 * arc between a blocked pair, which keeps them from being neighbours only: a 4- or 5-member ring may
 * still join them across the ring. So candidate cycles are filtered here, before any packing, by
 * both the incremental pass and the re-pack; createRing checks the same again under its locks.
 */

/** The candidate cycles whose owners (`ownerOf` an item) have no block between any two of them. */
export function withoutBlockedMembers<M extends string | number>(
  cycles: Cycle[],
  ownerOf: (item: number) => M,
  blocks: MemberBlocks<M>,
): Cycle[] {
  if (blocks.empty) return cycles;
  return cycles.filter((cycle) => !blocks.among(cycle.map(ownerOf)));
}

/** Blocks by member index, from pairs laid flat (a, b, a, b, …) as the re-pack's worker takes them. */
export function memberBlocksOf(flat: ArrayLike<number>): MemberBlocks<number> {
  const pairs: Array<[number, number]> = [];
  for (let k = 0; k + 1 < flat.length; k += 2) pairs.push([flat[k] as number, flat[k + 1] as number]);
  return new MemberBlocks(pairs);
}
