/**
 * Swap ring states (docs/decisions/007-swap-rings.md), shared by the server's checks and the client.
 *
 * proposed → accepted (every member accepted) | declined (one member declined) | expired (deadline)
 *          | cancelled (an item left the marketplace or went to another trade);
 * accepted → completed (every member confirmed receipt, or the claim window passed)
 *          | cancelled (a member backed out before any receipt, or nobody confirmed in time)
 *          | disputed (a member who has not confirmed receipt reported a problem with their item);
 * disputed → accepted or completed (a moderator found the item delivered) | cancelled (a moderator
 *            upheld the dispute).
 */
export const RING_STATUSES = [
  'proposed',
  'accepted',
  'disputed',
  'completed',
  'declined',
  'expired',
  'cancelled',
] as const;
export type RingStatus = (typeof RING_STATUSES)[number];

/** The states in which a ring holds its items. */
export const OPEN_RING_STATUSES: readonly RingStatus[] = ['proposed', 'accepted', 'disputed'];

/** The states in which every member accepted and the items are reserved for the ring. */
export const COMMITTED_RING_STATUSES = ['accepted', 'disputed'] as const;

/** Defaults; the server reads them from its configuration. */
export const DEFAULT_RING_PROPOSAL_HOURS = 48;
export const DEFAULT_RING_REPACK_MINUTES = 5;

/** The value band a rule, favourite or wishlist entry accepts by default, relative to the item given. */
export const DEFAULT_VALUE_BAND = { min: 0.67, max: 1.5 } as const;

/** Proposal-acceptance rate assumed for a member with no history, and its weight in observations. */
export const ACCEPTANCE_PRIOR = 0.7;
export const ACCEPTANCE_PRIOR_WEIGHT = 3;

/** A member's acceptance probability: their accept/answer record, shrunk towards the prior. */
export function acceptanceRate(accepted: number, proposed: number): number {
  return (accepted + ACCEPTANCE_PRIOR * ACCEPTANCE_PRIOR_WEIGHT) / (proposed + ACCEPTANCE_PRIOR_WEIGHT);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The end of an accepted ring's claim window: `claimWindowDays` after the first receipt, while some
 * member has still not confirmed theirs; null before any receipt or once all are in.
 */
export function ringClaimDeadline(receivedAt: Array<Date | null>, claimWindowDays: number): Date | null {
  const received = receivedAt.filter((at): at is Date => at !== null);
  if (received.length === 0 || received.length === receivedAt.length) return null;
  const first = Math.min(...received.map((at) => at.getTime()));
  return new Date(first + claimWindowDays * DAY_MS);
}

/**
 * A member may report a problem with the item they receive in an accepted ring while they have not
 * confirmed its receipt, until the claim window (if one runs) closes: the rule of canDispute for
 * trades (trade-state.ts). One dispute at a time: a disputed ring is frozen until a moderator decides.
 */
export function canDisputeRing(
  status: RingStatus,
  receivedMine: boolean,
  claimDeadline: Date | null,
  now: Date,
): boolean {
  if (status !== 'accepted' || receivedMine) return false;
  return claimDeadline === null || now.getTime() < claimDeadline.getTime();
}
