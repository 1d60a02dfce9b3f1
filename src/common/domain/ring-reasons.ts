/**
 * Why a ring's member wants the item they receive, as a code and its values: stored in
 * `ring_legs.reason` when the ring is proposed and worded by the reader's client in their language
 * (`rings:reasons.*`), as match reasons are.
 *
 * - `favourite`: they favourited it.
 * - `wishlist`: it matches one of their wishlist entries; `entry` is the entry's title.
 * - `swapRule`: it matches one of their swap rules; the rule's criteria as they were when the ring
 *   was proposed (`gender`, `category`, `sizes`, `brands`, `colors` joined by '/', `minCondition`,
 *   and the value band: `band` 'within' with `percent`, or 'between' with `min` and `max`).
 * - `wanted`: it is on their wish list (no more precise want was found).
 *
 * A member's wishlist entries and swap rules are private: the values are shown to the member the
 * reason explains only (`reasonShownTo`), the ring's other members read the code alone.
 */
export const RING_REASON_CODES = ['favourite', 'wishlist', 'swapRule', 'wanted'] as const;
export type RingReasonCode = (typeof RING_REASON_CODES)[number];
export interface RingReason {
  code: RingReasonCode;
  params?: Record<string, string | number>;
}

/** A reason as `viewerId` reads it: with its values for the member it explains, the code alone for others. */
export function reasonShownTo(reason: RingReason, wantedBy: string, viewerId: string): RingReason {
  return wantedBy === viewerId ? reason : { code: reason.code };
}
