import { z } from 'zod';
import { RING_STATUSES } from '../domain/ring-state';
import { tradeDispute } from './trades';
import { userSummary } from './users';

/** The longest reason a member may give for backing out of an accepted ring. */
export const MAX_RING_CANCEL_REASON_LENGTH = 500;

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
  reason: z.string(),
  /** The giver accepted the ring. */
  accepted: z.boolean(),
  /** The receiver confirmed receiving the item (or a moderator found it delivered). */
  received: z.boolean(),
  /** The receiver reported a problem with the item that a moderator has not settled yet. */
  disputed: z.boolean(),
  /** The receiver reviewed the giver (once the ring completed). */
  reviewed: z.boolean(),
});
export type RingLeg = z.infer<typeof ringLeg>;

export const ring = z.object({
  id: z.string(),
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
  /** In giving order: legs[k]'s receiver gives legs[k+1]'s item. */
  legs: z.array(ringLeg),
  /** The caller's own legs: what they give and what they get. */
  myGiveLeg: z.number().int(),
  myGetLeg: z.number().int(),
  /** One sentence per leg: who gives what to whom, and why. */
  explanation: z.array(z.string()),
  /** The ring's group conversation (docs/decisions/010-group-conversations.md). */
  conversationId: z.string().nullable(),
  /** Disputes about the caller's own legs: the one they opened, or one against the item they gave. */
  disputes: z.array(tradeDispute),
  /** The caller's review of the member they received from, once written. */
  myReview: z.object({ rating: z.number().int() }).nullable(),
});
export type Ring = z.infer<typeof ring>;

/** The caller's answer to a proposal, or backing out of an accepted ring before anything arrived. */
export const ringStatusInput = z
  .object({
    status: z.enum(['accepted', 'declined', 'cancelled'], {
      message: 'status must be accepted, declined or cancelled',
    }),
    reason: z
      .string({ message: 'reason must be text' })
      .trim()
      .max(MAX_RING_CANCEL_REASON_LENGTH, {
        message: `reason must be at most ${MAX_RING_CANCEL_REASON_LENGTH} characters`,
      })
      .optional(),
  })
  .strict();
export type RingStatusInput = z.infer<typeof ringStatusInput>;
