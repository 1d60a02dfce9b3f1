import { inArray, sql } from 'drizzle-orm';
import type { TradeStatus } from '../../../common/domain/trade-state';
import type { Queryable } from '../connect';
import {
  notifications,
  reviews,
  tradeOffers,
  tradeRequestItems,
  tradeRequests,
  users,
  wishlistItems,
} from '../schema';
import { planStrongMatches, type ProfileMember, wishlistAlerts } from './alerts';
import { type FavoriteRow, insertInBatches, type ItemRow } from './items';
import type { Random } from './random';
import { planReviews, type ReviewOptions, type ReviewRow } from './review-plan';
import {
  autoDeclineNotes,
  buildTrade,
  createItemLedger,
  DAY,
  HOUR,
  type Note,
  type NotificationRow,
  planTimes,
  type TradeRow,
  requestNote,
  type TradeTimes,
  tradeNotes,
  tradeSideRows,
} from './trade-plan';
import { planDemoWishlist, planWishlists, type WishlistRow } from './wishlists';

/**
 * The demo community's history after members, items and favourites: barters in every state, the
 * reviews of completed ones, wishlists, and the notifications all of that sent. Demo Trader (the
 * first member) gets a scripted history that shows every screen of the app; the others get a
 * random but rule-abiding one. Planned in memory, then written in a few multi-row INSERTs.
 */

/** How many trades of each state the members other than Demo Trader have. */
const COMMUNITY_TRADES: ReadonlyArray<readonly [TradeStatus, number]> = [
  ['completed', 22],
  ['accepted', 4],
  ['pending', 8],
  ['declined', 7],
  ['cancelled', 5],
];
/** Requests declined automatically when another trade took one of their items. */
const AUTO_DECLINED = 3;
/** Strong-match alerts (match_found) in the history: a couple, as the engine rarely finds them. */
const STRONG_MATCHES = 3;
/** Styles Demo Trader likes (members.ts): what they ask for in their scripted barters. */
const DEMO_STYLES = new Set(['Tops', 'Outerwear', 'Shoes', 'Bags']);

export type ActivityMember = ProfileMember;

export interface ActivityPlan {
  trades: TradeRow[];
  reviews: ReviewRow[];
  wishlists: WishlistRow[];
  notifications: NotificationRow[];
}

const ratio = (a: ItemRow, b: ItemRow) => Math.abs(Math.log(a.estimatedValue / b.estimatedValue));

/**
 * Plans the history. Mutates `rows`: availability and listing state follow the trades, and a few of
 * Demo Trader's items are dated back when a scripted trade needs them listed earlier.
 * `members[0]` must be Demo Trader.
 */
export function planActivity(
  random: Random,
  members: readonly ActivityMember[],
  rows: ItemRow[],
  favoriteRows: readonly FavoriteRow[],
  now: number,
): ActivityPlan {
  const [demo, ...others] = members;
  if (!demo || others.length < 12)
    throw new Error('the demo history needs Demo Trader and at least 12 other members');
  const ledger = createItemLedger(now);
  const names = new Map(members.map((member) => [member.id, member.firstName]));
  const firstNameOf = (userId: string) => names.get(userId) ?? 'A member';
  const trades: TradeRow[] = [];
  const reviewRows: ReviewRow[] = [];
  const notes: Note[] = [];
  /** Demo Trader's notifications that they have not read yet; all their others are read. */
  const unreadByDemo = new Set<Note>();

  function addTrade(
    status: TradeStatus,
    offered: ItemRow,
    requested: ItemRow,
    times: TradeTimes,
    review?: ReviewOptions,
  ) {
    const trade = buildTrade(random, status, offered, requested, times);
    trades.push(trade);
    ledger.record(trade, times);
    const titles = { offered: offered.title, requested: requested.title };
    const tradeNoteList = tradeNotes(trade, times, titles, firstNameOf);
    notes.push(...tradeNoteList);
    const reviewed = planReviews(random, trade, titles, firstNameOf, now, review);
    reviewRows.push(...reviewed.reviews);
    notes.push(...reviewed.notes);
    return { trade, notes: tradeNoteList };
  }

  /** Dates an item's listing back when a trade needs it listed by `time`. */
  function listBy(item: ItemRow, time: number) {
    if (item.createdAt.getTime() <= time) return;
    item.createdAt = new Date(time - Math.floor(random.next() * 6 * DAY));
    item.updatedAt = item.createdAt;
  }

  /** Everyone's listed items but Demo Trader's: the community's side of every barter. */
  const pool = rows.filter((row) => row.userId !== demo.id && row.isActive !== false);

  // Demo Trader's scripted barters, each with a different partner.
  const demoItems = rows
    .filter((row) => row.userId === demo.id)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (demoItems.length < 7) throw new Error('Demo Trader needs at least 7 items for their barter history');
  const usedPartners = new Set<string>([demo.id]);
  /**
   * Another member's free item of a value close to `mine`, listed by `before`; what Demo Trader asks
   * for is in their styles. Should none be listed early enough, one is dated back.
   */
  function partnerItem(mine: ItemRow, before: number, demoAsks: boolean) {
    // Demo Trader swaps adult clothes (members.ts): no kids' items.
    const free = rows.filter(
      (row) =>
        !usedPartners.has(row.userId) &&
        row.gender !== 'kids' &&
        ledger.isFree(row) &&
        !ledger.isPending(row),
    );
    const fits = free.filter((row) => row.createdAt.getTime() < before && ratio(row, mine) < 0.45);
    const liked = fits.filter((row) => !demoAsks || DEMO_STYLES.has(row.style ?? ''));
    const choices = (liked.length > 0 ? liked : fits.length > 0 ? fits : free).sort(
      (a, b) => ratio(a, mine) - ratio(b, mine),
    );
    const chosen = random.pick(choices.slice(0, 6));
    if (!chosen) throw new Error('no member has an item left for a scripted Demo Trader barter');
    usedPartners.add(chosen.userId);
    listBy(chosen, before);
    return chosen;
  }
  /** A scripted trade whose final step happened at `last`; items are listed `lead` before it. */
  function scripted(
    status: TradeStatus,
    demoOffers: boolean,
    mine: ItemRow,
    last: number,
    lead: number,
    options: { receipts?: 0 | 1; requesterFirst?: boolean; review?: ReviewOptions } = {},
  ) {
    const theirs = partnerItem(mine, last - lead, demoOffers);
    listBy(mine, last - lead);
    const [offered, requested] = demoOffers ? [mine, theirs] : [theirs, mine];
    const binding = status === 'accepted' || status === 'completed';
    const times = planTimes(random, status, ledger.window(offered, requested, binding), { last, ...options });
    if (!times) throw new Error(`no room for Demo Trader's ${status} barter`);
    return { ...addTrade(status, offered, requested, times, options.review), theirs };
  }
  const [d0, d1, d2, d3, d4, d5, d6] = demoItems as [
    ItemRow,
    ItemRow,
    ItemRow,
    ItemRow,
    ItemRow,
    ItemRow,
    ItemRow,
  ];
  const demoNotes = (list: Note[]) => list.filter((entry) => entry.userId === demo.id);

  // Completed a month ago; both reviewed each other, so both reviews are published.
  scripted('completed', true, d0, now - 31 * DAY, 14 * DAY, {
    review: { writers: 'both', ratings: { requester: 5, owner: 5 }, delays: { requester: 20, owner: 46 } },
  });
  // Completed yesterday; nobody has reviewed yet, so Demo Trader sees the review form.
  const fresh = scripted('completed', false, d1, now - 26 * HOUR, 12 * DAY, { review: { writers: 'none' } });
  for (const entry of demoNotes(fresh.notes)) if (entry.title === 'Trade completed') unreadByDemo.add(entry);
  // Accepted; the partner has received Demo Trader's item and waits for theirs.
  const accepted = scripted('accepted', true, d2, now - 9 * HOUR, 9 * DAY, {
    receipts: 1,
    requesterFirst: false,
  });
  for (const entry of demoNotes(accepted.notes))
    if (entry.title === 'Receipt confirmed') unreadByDemo.add(entry);
  autoDecline(accepted.trade, accepted.theirs, new Set([demo.id, accepted.theirs.userId]));
  // Two open offers for the same item of Demo Trader's, from the last day.
  for (const hoursAgo of [20, 4]) {
    const incoming = scripted('pending', false, d3, now - hoursAgo * HOUR, 2 * DAY);
    for (const entry of demoNotes(incoming.notes)) unreadByDemo.add(entry);
  }
  // Demo Trader's own open offer, and older answered ones: declined by the owner, withdrawn by a requester.
  scripted('pending', true, d4, now - 51 * HOUR, 3 * DAY);
  scripted('declined', true, d5, now - 23 * DAY, 6 * DAY);
  scripted('cancelled', false, d6, now - 12 * DAY, 6 * DAY);

  // The community's own barters.
  const communityDone: TradeRow[] = [];
  /** Members with a completed trade: later completed trades go to others first, so that many have ratings. */
  const traders = new Set<string>([demo.id]);
  function communityTrade(status: TradeStatus) {
    const reserves = status === 'accepted' || status === 'completed';
    // Trades that reserve items, and open requests, need items that are listed and not reserved.
    const usable = (row: ItemRow) =>
      (!reserves && status !== 'pending') || (ledger.isFree(row) && (!reserves || !ledger.isPending(row)));
    for (let attempt = 0; attempt < 80; attempt += 1) {
      // Completed swaps spread over the last three months, and over many members.
      const preferred = (row: ItemRow) =>
        status !== 'completed' ||
        attempt >= 60 ||
        (row.createdAt.getTime() < now - 20 * DAY && !traders.has(row.userId));
      const requested = random.pick(pool);
      if (!usable(requested) || !preferred(requested)) continue;
      const offered = random.pick(
        pool.filter(
          (row) =>
            row.userId !== requested.userId && ratio(row, requested) < 0.6 && usable(row) && preferred(row),
        ),
      );
      if (!offered) continue;
      if (status === 'pending' && ledger.hasPendingPair(requested, offered)) continue;
      const times = planTimes(random, status, ledger.window(offered, requested, reserves), {
        receipts: random.chance(0.5) ? 1 : 0,
      });
      if (!times) continue;
      if (status === 'completed') for (const row of [offered, requested]) traders.add(row.userId);
      return addTrade(status, offered, requested, times).trade;
    }
    return undefined;
  }
  for (const status of ['completed', 'accepted', 'pending', 'declined', 'cancelled'] as const) {
    const wanted = COMMUNITY_TRADES.find(([name]) => name === status)?.[1] ?? 0;
    for (let made = 0; made < wanted; made += 1) {
      const trade = communityTrade(status);
      if (trade && (status === 'accepted' || status === 'completed')) communityDone.push(trade);
    }
  }

  /**
   * Accepting `trade` declined another member's open request for one of its items: that request was
   * made before the acceptance and declined at that moment (trade-reactions.service.ts autoDecline).
   */
  function autoDecline(trade: TradeRow, target: ItemRow, excludeOwners: ReadonlySet<string>) {
    const at = ledger.reservedAt(target);
    if (at === undefined) return;
    const offers = pool.filter(
      (row) =>
        !excludeOwners.has(row.userId) &&
        row.userId !== target.userId &&
        ledger.isFree(row) &&
        ratio(row, target) < 0.6 &&
        row.createdAt.getTime() < at - 2 * DAY,
    );
    const offered = random.pick(offers);
    if (!offered) return;
    const times = planTimes(random, 'pending', {
      from: Math.max(offered.createdAt.getTime(), target.createdAt.getTime()) + HOUR,
      to: at - HOUR,
    });
    if (!times) return;
    const declinedTimes = { ...times, decidedAt: at };
    const declined = buildTrade(random, 'declined', offered, target, declinedTimes);
    trades.push(declined);
    ledger.record(declined, declinedTimes);
    notes.push(
      requestNote(declined, { offered: offered.title, requested: target.title }, firstNameOf),
      ...autoDeclineNotes(declined, target.title, at, trade.ownerId),
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const trade of random.sample(communityDone, AUTO_DECLINED)) {
    const target = byId.get(
      random.chance(0.5) ? trade.requestedItemId : (trade.offeredItemId ?? trade.requestedItemId),
    );
    if (target) autoDecline(trade, target, new Set([demo.id, trade.requesterId, trade.ownerId]));
  }

  ledger.apply(rows);

  // Wishlists, then what listings told their members.
  const wishlists = [...planDemoWishlist(demo.id, rows, now), ...planWishlists(random, others, now)];
  const matchNotes = planStrongMatches(random, rows, members, favoriteRows, wishlists, now, {
    count: STRONG_MATCHES,
    skip: new Set([demo.id]),
  });
  const wishNotes = wishlistAlerts(random, rows, wishlists);
  const newestDemoWish = wishNotes.filter((entry) => entry.userId === demo.id).sort((a, b) => b.at - a.at)[0];
  if (newestDemoWish) unreadByDemo.add(newestDemoWish);
  notes.push(...wishNotes, ...matchNotes);

  return {
    trades,
    reviews: reviewRows,
    wishlists,
    notifications: settleNotes(random, notes, demo.id, unreadByDemo, now),
  };
}

/**
 * When each member last opened the bell: Demo Trader has read everything but the few notes the demo
 * should show as new; the others have read most of what is older than a couple of days.
 */
function settleNotes(
  random: Random,
  notes: readonly Note[],
  demoId: string,
  unreadByDemo: ReadonlySet<Note>,
  now: number,
) {
  return [...notes]
    .sort((a, b) => a.at - b.at)
    .map((entry): NotificationRow => {
      const { at, ...row } = entry;
      const age = now - at;
      const isRead =
        row.userId === demoId
          ? !unreadByDemo.has(entry)
          : random.chance(age > 3 * DAY ? 0.92 : age > DAY ? 0.5 : 0.15);
      return { ...row, isRead, createdAt: new Date(Math.min(at, now)) };
    });
}

/** Keeps users.rating_average and rating_count equal to their published reviews (reviews.service.ts). */
export async function recomputeRatings(tx: Queryable, userIds: readonly string[]) {
  const ids = [...new Set(userIds)];
  for (let start = 0; start < ids.length; start += 1000) {
    await tx.execute(sql`
      update ${users} set
        rating_average = (select avg(${reviews.rating})::real from ${reviews} where ${reviews.revieweeId} = ${users.id} and ${reviews.publishedAt} is not null),
        rating_count = (select count(*)::int from ${reviews} where ${reviews.revieweeId} = ${users.id} and ${reviews.publishedAt} is not null)
      where ${inArray(users.id, ids.slice(start, start + 1000))}`);
  }
}

/** Writes the planned history; the items it refers to must be inserted already. */
export async function insertActivity(tx: Queryable, plan: ActivityPlan) {
  await insertInBatches(plan.trades, 500, (batch) => tx.insert(tradeRequests).values(batch));
  const { sideItems, offers } = tradeSideRows(plan.trades);
  await insertInBatches(sideItems, 1000, (batch) => tx.insert(tradeRequestItems).values(batch));
  await insertInBatches(offers, 1000, (batch) => tx.insert(tradeOffers).values(batch));
  await insertInBatches(plan.reviews, 1000, (batch) => tx.insert(reviews).values(batch));
  await insertInBatches(plan.wishlists, 1000, (batch) => tx.insert(wishlistItems).values(batch));
  await insertInBatches(plan.notifications, 1000, (batch) => tx.insert(notifications).values(batch));
  await recomputeRatings(
    tx,
    plan.reviews.map((review) => review.revieweeId),
  );
}
