import { z } from 'zod';
import { MAX_TRADE_MESSAGE_LENGTH } from '../domain/limits';
import { reliability } from './trades';

/**
 * Giveaway asks: a listing offered "free to a good home" (items.isGiveaway) can be asked for without
 * offering anything; the owner picks one ask, which becomes a handover (a trade whose requester gives
 * nothing: docs/decisions/027-giveaway-handovers.md).
 *
 * - POST   /api/items/:id/giveaway-requests          ask (member; not the owner; once while open)
 * - DELETE /api/items/:id/giveaway-requests          withdraw one's open ask
 * - GET    /api/items/:id/giveaway-requests          the open asks (the owner only)
 * - GET    /api/items/:id/giveaway-requests/mine     one's own open ask, or null
 * - POST   /api/giveaway-requests/:id/pick           the owner picks one: answers the handover's trade id
 */

export const GIVEAWAY_REQUEST_STATUSES = ['open', 'picked', 'declined', 'withdrawn'] as const;
export type GiveawayRequestStatus = (typeof GIVEAWAY_REQUEST_STATUSES)[number];

/** At most this many open asks on one item: the owner reads them all. */
export const MAX_OPEN_GIVEAWAY_ASKS = 50;

export const giveawayAskInput = z
  .object({
    message: z
      .string({ message: 'message must be text' })
      .trim()
      .max(MAX_TRADE_MESSAGE_LENGTH, {
        message: `The message must be at most ${MAX_TRADE_MESSAGE_LENGTH} characters`,
      })
      .nullish(),
  })
  .strict();
export type GiveawayAskInput = z.infer<typeof giveawayAskInput>;

/** An ask as its asker sees it. */
export const myGiveawayAsk = z.object({
  id: z.string(),
  itemId: z.string(),
  message: z.string().nullable(),
  status: z.enum(GIVEAWAY_REQUEST_STATUSES),
  createdAt: z.string(),
});
export type MyGiveawayAsk = z.infer<typeof myGiveawayAsk>;

/** An open ask as the item's owner sees it: who asks, their record and their message. */
export const giveawayAsker = z.object({
  id: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  asker: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    /** Average review rating (1–5) and how many reviews; null without any. */
    averageRating: z.number().nullable(),
    reviewCount: z.number().int(),
    reliability,
  }),
});
export type GiveawayAsker = z.infer<typeof giveawayAsker>;

export const giveawayAskers = z.object({ asks: z.array(giveawayAsker) });
export type GiveawayAskers = z.infer<typeof giveawayAskers>;

export const giveawayPickResult = z.object({ tradeId: z.string() });
export type GiveawayPickResult = z.infer<typeof giveawayPickResult>;
