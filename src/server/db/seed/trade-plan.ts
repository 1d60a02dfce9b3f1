import { NOTIFICATION_LINKS, tradePath } from '../../../common/domain/notification-links';
import { defaultTradeMessage, type TradeStatus } from '../../../common/domain/trade-state';
import { dealTerms } from '../../../common/domain/trade-terms';
import type { notifications, tradeOffers, tradeRequestItems, tradeRequests } from '../schema';
import type { ItemRow } from './items';
import { type Random, seededUuid } from './random';

/**
 * The building blocks of a seeded trade history (docs/product.md § Trades), shared by the demo and the
 * scale seed: when each step happened, which items each trade ties up, and the notifications the
 * trades module would have sent on the way.
 */

export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;

export type TradeRow = typeof tradeRequests.$inferInsert & {
  id: string;
  status: TradeStatus;
  createdAt: Date;
  updatedAt: Date;
};
export type NotificationRow = typeof notifications.$inferInsert & { createdAt: Date };

/**
 * What a one-for-one trade row needs beside it (every trade has them; the trade list and the
 * history read nothing else): its two items in trade_request_items and its request as version 1
 * of trade_offers, both with the terms the row holds.
 */
export function tradeSideRows(trades: readonly (typeof tradeRequests.$inferInsert & { id: string })[]) {
  const sideItems: (typeof tradeRequestItems.$inferInsert)[] = [];
  const offers: (typeof tradeOffers.$inferInsert)[] = [];
  for (const trade of trades) {
    // The seeds make one-for-one swaps only: both items and both terms are always set.
    if (!trade.offeredItemId || !trade.offeredTerms)
      throw new Error(`seed trade ${trade.id} has no offered item`);
    const requested = { itemId: trade.requestedItemId, terms: trade.requestedTerms };
    const offered = { itemId: trade.offeredItemId, terms: trade.offeredTerms };
    sideItems.push(
      { tradeRequestId: trade.id, side: 'requested', position: 0, ...requested },
      { tradeRequestId: trade.id, side: 'offered', position: 0, ...offered },
    );
    offers.push({
      tradeRequestId: trade.id,
      version: 1,
      proposedById: trade.requesterId,
      message: trade.message,
      requested: [requested],
      offered: [offered],
      createdAt: trade.createdAt,
    });
  }
  return { sideItems, offers };
}

/** When each step of a trade happened (ms since the epoch); absent steps did not happen. */
export interface TradeTimes {
  createdAt: number;
  /** Accepted, declined or cancelled. */
  decidedAt?: number;
  requesterReceivedAt?: number;
  ownerReceivedAt?: number;
  completedAt?: number;
}

const between = (random: Random, low: number, high: number) => low + Math.floor(random.next() * (high - low));

/**
 * Realistic times for a trade in `status` that lies inside [from, to]: a decision within two days of
 * the request, shipping in two to six days, the second parcel within two more. `last` pins the time
 * of the final step (it is clamped into the window). `receipts` is how many parties have confirmed
 * receipt of an accepted trade. Answers null when the window is too short.
 */
export function planTimes(
  random: Random,
  status: TradeStatus,
  window: { from: number; to: number },
  options: { last?: number; receipts?: 0 | 1; requesterFirst?: boolean } = {},
): TradeTimes | null {
  const steps: number[] = [];
  if (status !== 'pending') steps.push(between(random, HOUR, 2 * DAY));
  const receipts = status === 'completed' ? 2 : status === 'accepted' ? (options.receipts ?? 0) : 0;
  if (receipts >= 1) steps.push(between(random, 2 * DAY, 6 * DAY));
  if (receipts >= 2) steps.push(between(random, 3 * HOUR, 2 * DAY));
  const total = steps.reduce((sum, step) => sum + step, 0);
  const earliestLast = window.from + total;
  if (earliestLast > window.to) return null;
  // Open requests are recent: nobody leaves an offer unanswered for months.
  const lowest = status === 'pending' ? Math.max(earliestLast, window.to - 12 * DAY) : earliestLast;
  const last = Math.min(window.to, Math.max(lowest, options.last ?? between(random, lowest, window.to)));
  const at = [last];
  for (let index = steps.length - 1; index >= 0; index -= 1)
    at.unshift((at[0] as number) - (steps[index] as number));
  const [createdAt, decidedAt, firstReceipt, secondReceipt] = at as [number, ...number[]];
  const times: TradeTimes = { createdAt, decidedAt };
  if (receipts >= 1) {
    const requesterFirst = options.requesterFirst ?? random.chance(0.5);
    if (requesterFirst || receipts === 2)
      times.requesterReceivedAt = requesterFirst ? firstReceipt : secondReceipt;
    if (!requesterFirst || receipts === 2)
      times.ownerReceivedAt = requesterFirst ? secondReceipt : firstReceipt;
  }
  if (receipts === 2) times.completedAt = secondReceipt;
  return times;
}

const date = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));

const PERSONAL_MESSAGES = [
  (offered: string, requested: string) =>
    `Hi! Your "${requested}" is exactly what I've been looking for. Would you swap it for my "${offered}"? Happy to send more photos.`,
  (offered: string, requested: string) =>
    `Hello! I think my "${offered}" would suit you, and I'd love your "${requested}". I can ship within two days.`,
  (offered: string, requested: string) =>
    `Hey, big fan of your "${requested}"! My "${offered}" is in great shape and similar in value. Interested?`,
  (offered: string, requested: string) =>
    `Hi there, would you consider my "${offered}" for your "${requested}"? It just doesn't fit me anymore.`,
];

/** The request's message: mostly the default one the app writes, sometimes the member's own words. */
export function tradeMessage(random: Random, offeredTitle: string, requestedTitle: string) {
  return random.chance(0.3)
    ? random.pick(PERSONAL_MESSAGES)(offeredTitle, requestedTitle)
    : defaultTradeMessage(offeredTitle, requestedTitle);
}

/** A trade row; its id comes from the generator (same on every demo start) unless one is given. */
export function buildTrade(
  random: Random,
  status: TradeStatus,
  offered: ItemRow,
  requested: ItemRow,
  times: TradeTimes,
  id = seededUuid(random),
): TradeRow {
  const updatedAt = Math.max(
    times.createdAt,
    times.decidedAt ?? 0,
    times.requesterReceivedAt ?? 0,
    times.ownerReceivedAt ?? 0,
  );
  return {
    id,
    requestedItemId: requested.id,
    offeredItemId: offered.id,
    requesterId: offered.userId,
    ownerId: requested.userId,
    message: tradeMessage(random, offered.title, requested.title),
    requestedTerms: dealTerms(requested),
    offeredTerms: dealTerms(offered),
    status,
    requesterReceivedAt: date(times.requesterReceivedAt),
    ownerReceivedAt: date(times.ownerReceivedAt),
    createdAt: new Date(times.createdAt),
    updatedAt: new Date(updatedAt),
    completedAt: date(times.completedAt),
    acceptedAt: status === 'accepted' || status === 'completed' ? date(times.decidedAt) : null,
    // Seeded cancellations are requests their requester withdrew while they were pending.
    cancelledAt: status === 'cancelled' ? date(times.decidedAt) : null,
    cancelledById: status === 'cancelled' ? offered.userId : null,
  };
}

/**
 * Which items trades have tied up, so that the history keeps the rules: an item is in at most one
 * accepted or completed trade, open requests only touch listed items that are not reserved or traded,
 * and a request touching an item was made before that item was reserved.
 */
export function createItemLedger(now: number) {
  /** When the item was reserved (its trade accepted); it stays out of new requests from then on. */
  const reservedAt = new Map<string, number>();
  const pending = new Set<string>();
  const pendingPairs = new Set<string>();
  const tradedAt = new Map<string, number>();
  /** When the last answered request touching the item was answered; a reservation comes after it. */
  const answeredUntil = new Map<string, number>();

  return {
    /** Listed, and free to enter an accepted or completed trade or a new open request. */
    isFree: (item: ItemRow) => item.isActive !== false && !reservedAt.has(item.id),
    isPending: (item: ItemRow) => pending.has(item.id),
    /** When the item's accepted trade was accepted; undefined while it is not reserved. */
    reservedAt: (item: ItemRow) => reservedAt.get(item.id),
    /**
     * The time range in which a request touching both items could have been made and answered: after
     * both listings, before either item was reserved, and for a trade that reserves them (accepted or
     * completed, `binding`), after every other request touching them was answered.
     */
    window(a: ItemRow, b: ItemRow, binding: boolean, to = now - HOUR) {
      const answered = binding ? Math.max(answeredUntil.get(a.id) ?? 0, answeredUntil.get(b.id) ?? 0) : 0;
      return {
        from: Math.max(a.createdAt.getTime(), b.createdAt.getTime(), answered) + HOUR,
        to: Math.min(to, reservedAt.get(a.id) ?? Infinity, reservedAt.get(b.id) ?? Infinity),
      };
    },
    /** Records a trade; accepted and completed ones reserve (then trade) both items. */
    record(trade: TradeRow, times: TradeTimes) {
      // The seed makes only barters: every trade it records names an item on each side.
      const ids = [trade.requestedItemId, trade.offeredItemId].filter((id): id is string => !!id);
      if (trade.status === 'accepted' || trade.status === 'completed') {
        for (const id of ids) reservedAt.set(id, times.decidedAt ?? times.createdAt);
      }
      if (trade.status === 'completed') {
        for (const id of ids) tradedAt.set(id, times.completedAt ?? times.createdAt);
      }
      if (trade.status === 'declined' || trade.status === 'cancelled') {
        const answered = times.decidedAt ?? times.createdAt;
        for (const id of ids) answeredUntil.set(id, Math.max(answeredUntil.get(id) ?? 0, answered));
      }
      if (trade.status === 'pending') {
        for (const id of ids) pending.add(id);
        pendingPairs.add(`${trade.requestedItemId}:${trade.offeredItemId}`);
      }
    },
    hasPendingPair: (requested: ItemRow, offered: ItemRow) =>
      pendingPairs.has(`${requested.id}:${offered.id}`),
    /** Sets each item's availability (and traded items' listing) to what its trades imply. */
    apply(rows: ItemRow[]) {
      for (const row of rows) {
        const soldAt = tradedAt.get(row.id);
        if (soldAt !== undefined) {
          row.availability = 'traded';
          row.isActive = false;
          row.updatedAt = new Date(soldAt);
        } else if (reservedAt.has(row.id)) row.availability = 'reserved';
        else if (pending.has(row.id)) row.availability = 'pending';
        else row.availability = 'available';
      }
    },
  };
}

/** Where review notifications lead, as the reviews module links them (trade ones lead to the trade's page, tradePath). */
export const REVIEWS_LINK = NOTIFICATION_LINKS.reviews;

/** A notification before its read state is settled; `at` is when it was sent. */
export type Note = Omit<NotificationRow, 'createdAt' | 'isRead'> & { at: number };

/** A trade notification, linking to the trade's page as the trades module's do. */
const note = (trade: TradeRow, userId: string, at: number, title: string, message: string): Note => ({
  userId,
  type: 'trade_request',
  title,
  message,
  link: tradePath(trade.id),
  at,
});

/** What the owner hears when a request arrives. */
export function requestNote(
  trade: TradeRow,
  titles: { offered: string; requested: string },
  firstNameOf: (userId: string) => string,
): Note {
  return note(
    trade,
    trade.ownerId,
    trade.createdAt.getTime(),
    'New barter request',
    `${firstNameOf(trade.requesterId)} offers "${titles.offered}" for your "${titles.requested}".`,
  );
}

/**
 * The notifications the trades module sends along a trade's history, in its own words
 * (trade-offers.service.ts, trade-transitions.service.ts): the request, the answer, receipts and completion.
 */
export function tradeNotes(
  trade: TradeRow,
  times: TradeTimes,
  titles: { offered: string; requested: string },
  firstNameOf: (userId: string) => string,
): Note[] {
  const { requesterId, ownerId } = trade;
  const notes = [requestNote(trade, titles, firstNameOf)];
  const decided = times.decidedAt ?? times.createdAt;
  if (trade.status === 'declined') {
    notes.push(
      note(
        trade,
        requesterId,
        decided,
        'Barter request declined',
        `${firstNameOf(ownerId)} declined your offer for "${titles.requested}".`,
      ),
    );
  }
  if (trade.status === 'cancelled') {
    notes.push(
      note(
        trade,
        ownerId,
        decided,
        'Barter request cancelled',
        `${firstNameOf(requesterId)} withdrew their offer for your "${titles.requested}".`,
      ),
    );
  }
  if (trade.status === 'accepted' || trade.status === 'completed') {
    notes.push(
      note(
        trade,
        requesterId,
        decided,
        'Barter request accepted!',
        `${firstNameOf(ownerId)} accepted your offer for "${titles.requested}". Arrange shipping to complete the swap.`,
      ),
    );
    const receipts = [
      { userId: requesterId, at: times.requesterReceivedAt },
      { userId: ownerId, at: times.ownerReceivedAt },
    ]
      .filter((receipt): receipt is { userId: string; at: number } => receipt.at !== undefined)
      .sort((a, b) => a.at - b.at);
    const [first] = receipts;
    if (first) {
      for (const userId of [requesterId, ownerId]) {
        notes.push(
          note(
            trade,
            userId,
            first.at,
            'Receipt confirmed',
            userId === first.userId
              ? `You confirmed receiving your item in the swap for "${titles.requested}".`
              : `${firstNameOf(first.userId)} confirmed receiving their item in the swap for "${titles.requested}". Mark yours as received once it arrives.`,
          ),
        );
      }
    }
    if (times.completedAt !== undefined) {
      for (const userId of [requesterId, ownerId]) {
        notes.push(
          note(
            trade,
            userId,
            times.completedAt,
            'Trade completed',
            `The swap for "${titles.requested}" is complete. Leave a review for your trading partner!`,
          ),
        );
      }
    }
  }
  return notes;
}

/** What the parties of a request hear when another trade's acceptance declines it automatically. */
export function autoDeclineNotes(
  trade: TradeRow,
  requestedTitle: string,
  at: number,
  actorId: string,
): Note[] {
  return [...new Set([trade.requesterId, trade.ownerId])]
    .filter((userId) => userId !== actorId)
    .map((userId) =>
      note(
        trade,
        userId,
        at,
        'Barter request declined',
        `The request for "${requestedTitle}" was declined automatically: one of its items is now in another trade.`,
      ),
    );
}
