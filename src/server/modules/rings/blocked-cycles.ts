import type { MemberBlocks } from '../safety';
import type { Cycle } from './engine/graph';

/**
 * Blocks and swap rings (docs/decisions/007-swap-rings.md, "Blocks"): no ring holds two members with
 * a block between them, either way, whether or not they are neighbours in it. The want graph has no
 * arc between a blocked pair, which keeps them from being neighbours only: a 4- or 5-member ring may
 * still join them across the ring. So the incremental pass filters its candidate cycles here before
 * packing them; the re-pack's packMarket never generates such a cycle (engine/owner-blocks.ts, its
 * searches skip the pair); createRing checks the same again under its locks.
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
