import { acceptanceRate } from './ring-state';

/**
 * How likely a member is to carry out their part of a proposed swap ring (docs/decisions/007-swap-rings.md):
 * the chance they accept it, discounted by how often deals they accepted fell through on their side.
 */

/** A member's record on the deals (pairwise trades and swap rings) they accepted. */
export interface DealRecord {
  /** Trades and rings that reached "accepted" with the member in them. */
  accepted: number;
  /** Of those, the ones the member cancelled themselves. */
  cancelled: number;
  /** Disputes opened against the member that a moderator settled by cancelling the trade. */
  disputesLost: number;
}

/**
 * Weight, in deals, of the assumption that a member keeps their word: a new member counts as fully
 * reliable, one broken deal out of one gives 3/4, two out of two 3/5.
 */
export const RELIABILITY_PRIOR_WEIGHT = 3;

/**
 * The share of accepted deals the member saw through, shrunk towards 1. Cancelled deals and lost
 * disputes count against them; expiries and moderators' own cancellations blame no one (the trade
 * lifecycle's reliability figures, decision 006), and proposals they let expire already lower the
 * acceptance rate.
 */
export function dealReliability(record: DealRecord): number {
  const accepted = Math.max(0, record.accepted);
  const broken = Math.min(accepted, Math.max(0, record.cancelled) + Math.max(0, record.disputesLost));
  return (accepted - broken + RELIABILITY_PRIOR_WEIGHT) / (accepted + RELIABILITY_PRIOR_WEIGHT);
}

/** Rings decided with the member in them, and how many of those they accepted. */
export interface ProposalRecord {
  accepted: number;
  proposed: number;
}

/**
 * p(member) in a ring's weight |ring| · Π p: their proposal-acceptance rate (shrunk towards the 0.7
 * prior) times their deal reliability.
 */
export function ringMemberOdds(proposals: ProposalRecord, deals: DealRecord): number {
  return acceptanceRate(proposals.accepted, proposals.proposed) * dealReliability(deals);
}
