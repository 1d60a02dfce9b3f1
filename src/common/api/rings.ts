import { z } from 'zod';
import { RING_STATUSES } from '../domain/ring-state';
import { RING_REASON_CODES } from '../domain/ring-reasons';
import { shippingAddress } from './addresses';
import { answerStatus, cancelReasonText, shipment, tradeDispute } from './trades';
import { userSummary } from './users';

/** The longest reason a member may give for backing out of an accepted ring. */
export const MAX_RING_CANCEL_REASON_LENGTH = 500;

/**
 * Why a ring's member wants the item they receive: a code and its values, worded by the client
 * (`rings:reasons.*`). The values (a wishlist entry, a swap rule's criteria) reach the member the
 * reason explains only.
 */
export const ringReason = z.object({
  code: z.enum(RING_REASON_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RingReasonAnswer = z.infer<typeof ringReason>;

/** One line of a ring's explanation: who gives what to whom, and why (`rings:explanation.line`). */
export const ringExplanationLine = z.object({
  giver: z.string(),
  receiver: z.string(),
  title: z.string(),
  /** Integer cents, as proposed. */
  value: z.number().int(),
  reason: ringReason,
});
export type RingExplanationLine = z.infer<typeof ringExplanationLine>;

/** One leg of a ring: the giver sends the item to the receiver. */
export const ringLeg = z.object({
  position: z.number().int(),
  giver: userSummary,
  receiver: userSummary,
  item: z.object({
    id: z.string(),
    title: z.string(),
    images: z.array(z.string()),
    /** Integer cents, as proposed. */
    estimatedValue: z.number().int(),
    condition: z.string(),
    brand: z.string().nullable(),
    size: z.string().nullable(),
  }),
  /** Why the receiver wants it: their swap rule, a favourite or a wishlist entry. */
  reason: ringReason,
  /** The giver accepted the ring. */
  accepted: z.boolean(),
  /** The receiver confirmed receiving the item (or a moderator found it delivered). */
  received: z.boolean(),
  /** The receiver reported a problem with the item that a moderator has not settled yet. */
  disputed: z.boolean(),
  /** The receiver reviewed the giver (once the ring completed). */
  reviewed: z.boolean(),
  /** What the giver said they sent the item with; null before. */
  shipment: shipment.nullable(),
  /**
   * On the caller's own leg as giver only: the receiver's shipping address, once the ring is
   * accepted and until 30 days after it completed (docs/decisions/022-address-privacy.md). Null on
   * every other leg.
   */
  recipientAddress: shippingAddress.nullable(),
  /** When the giver marked the item sent (by post or handed over); null before. */
  sentAt: z.string().nullable(),
  /** When the receiver confirmed receiving it; null before. */
  receivedAt: z.string().nullable(),
  /** The giver's shipping deadline has passed with nothing marked sent. */
  late: z.boolean(),
});
export type RingLeg = z.infer<typeof ringLeg>;

export const ring = z.object({
  id: z.string(),
  /**
   * 'chain': started by a giveaway. legs[0]'s giver gives without receiving and the last leg's
   * receiver receives without giving; a ring's last item goes back to legs[0]'s giver.
   */
  kind: z.enum(['ring', 'chain']),
  status: z.enum(RING_STATUSES),
  /** Expected completed swaps when proposed: |ring| · Π p(member). */
  score: z.number(),
  createdAt: z.string(),
  /** The proposal's deadline. */
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** When the claim window after the first receipt closes (accepted rings with a receipt). */
  claimDeadline: z.string().nullable(),
  /** Once accepted: the end of every giver's time to mark their item sent (SHIP_WITHIN_DAYS). */
  shipBy: z.string().nullable(),
  /** In giving order: legs[k]'s receiver gives legs[k+1]'s item. */
  legs: z.array(ringLeg),
  /** The caller's own legs: what they give and what they get (-1 for none, in a chain). */
  myGiveLeg: z.number().int(),
  myGetLeg: z.number().int(),
  /** The caller accepted the proposal. */
  iAccepted: z.boolean(),
  /** A chain's last member (the last leg's receiver, who gives nothing) accepted. */
  endAccepted: z.boolean(),
  /** One line per leg: who gives what to whom, and why, worded by the client. */
  explanation: z.array(ringExplanationLine),
  /** The ring's group conversation (docs/decisions/010-group-conversations.md). */
  conversationId: z.string().nullable(),
  /** Disputes about the caller's own legs: the one they opened, or one against the item they gave. */
  disputes: z.array(tradeDispute),
  /** The caller's review of the member they received from, once written. */
  myReview: z.object({ rating: z.number().int() }).nullable(),
  /** The ring is accepted and the caller has no address yet: ask them for one (their giver needs it). */
  needsAddress: z.boolean(),
  /** The country (ISO alpha-2) whose carriers the caller may name for their parcel. */
  carrierCountry: z.string(),
});
export type Ring = z.infer<typeof ring>;

export const RING_HISTORY_EVENTS = [
  'proposed',
  'accepted',
  'sent',
  'received',
  'disputed',
  'resolved',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;
export type RingHistoryEvent = (typeof RING_HISTORY_EVENTS)[number];

/** One step of a ring's history, oldest first. */
export const ringHistoryEntry = z.object({
  event: z.enum(RING_HISTORY_EVENTS),
  at: z.string(),
  /** The member who did it; null when the app (a proposal, an expiry) or a moderator did. */
  actorId: z.string().nullable(),
  /** The leg (its position in `legs`) a step of one leg is about: an accept, a sending, a receipt, a dispute. */
  position: z.number().int().nullable(),
});
export type RingHistoryEntry = z.infer<typeof ringHistoryEntry>;

/** GET /api/rings/:id: the ring as the list has it, with its history. */
export const ringDetail = ring.extend({
  history: z.array(ringHistoryEntry),
});
export type RingDetail = z.infer<typeof ringDetail>;

/** The caller's answer to a proposal, or backing out of an accepted ring before anything arrived. */
export const ringStatusInput = z
  .object({
    status: answerStatus,
    reason: cancelReasonText
      .max(MAX_RING_CANCEL_REASON_LENGTH, {
        message: `reason must be at most ${MAX_RING_CANCEL_REASON_LENGTH} characters`,
      })
      .optional(),
  })
  .strict();
export type RingStatusInput = z.infer<typeof ringStatusInput>;
