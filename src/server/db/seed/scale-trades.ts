import { randomUUID } from 'node:crypto';
import type { TradeStatus } from '../../../common/domain/trade-state';
import type { ItemRow } from './items';
import { type Random, weighted } from './random';
import { planReviews, type ReviewRow } from './review-plan';
import { buildTrade, createItemLedger, planTimes, type TradeRow } from './trade-plan';

/** How the scale seed's trades divide over the states: mostly settled history, a few still open. */
export const SCALE_TRADE_MIX: ReadonlyArray<readonly [TradeStatus, number]> = [
  ['completed', 30],
  ['declined', 35],
  ['cancelled', 20],
  ['pending', 10],
  ['accepted', 5],
];

/** Trades that tie items up are placed first, then open requests, then the rest of the history. */
const ORDER: Record<TradeStatus, number> = {
  completed: 0,
  accepted: 1,
  disputed: 1,
  pending: 2,
  declined: 3,
  cancelled: 4,
};
const ATTEMPTS = 8;

const spread = (a: ItemRow, b: ItemRow) => Math.abs(Math.log(a.estimatedValue / b.estimatedValue));

/**
 * `count` trades among `rows` (one batch of new items), keeping the rules of docs/product.md § Trades: an item is in
 * at most one accepted or completed trade, open requests only touch listed items that are not
 * reserved or traded, and every step is dated after the listings and before any reservation. Sets
 * the items' availability to match, and plans the reviews of completed trades. A trade that finds no
 * room (too few items left) becomes a declined request; one that finds no room at all is dropped.
 */
export function planScaleTrades(
  random: Random,
  rows: ItemRow[],
  count: number,
  now: number,
  firstNameOf: (userId: string) => string,
): { trades: TradeRow[]; reviews: ReviewRow[] } {
  const ledger = createItemLedger(now);
  const listed = rows.filter((row) => row.isActive !== false);
  /** Items no trade has reserved, nor any open request touched: what binding trades draw from. */
  const untouched = [...listed];
  const trades: TradeRow[] = [];
  const reviews: ReviewRow[] = [];
  if (listed.length < 2) return { trades, reviews };

  const take = (index: number) => {
    const last = untouched.length - 1;
    [untouched[index], untouched[last]] = [untouched[last] as ItemRow, untouched[index] as ItemRow];
    return untouched.pop() as ItemRow;
  };
  /** Two items of different members, close in value when one turns up within a few draws. */
  const drawPair = (from: readonly ItemRow[]): [number, number] | undefined => {
    const first = random.int(0, from.length - 1);
    const requested = from[first] as ItemRow;
    let fallback: number | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const second = random.int(0, from.length - 1);
      const offered = from[second] as ItemRow;
      if (offered.userId === requested.userId) continue;
      if (spread(offered, requested) < 0.5) return [first, second];
      fallback ??= second;
    }
    return fallback === undefined ? undefined : [first, fallback];
  };

  const statuses = Array.from({ length: count }, () => weighted(random, SCALE_TRADE_MIX)).sort(
    (a, b) => ORDER[a] - ORDER[b],
  );
  for (const wanted of statuses) {
    let status = wanted;
    let placed = false;
    for (let attempt = 0; attempt < ATTEMPTS && !placed; attempt += 1) {
      const binding = status === 'completed' || status === 'accepted';
      const from = binding || status === 'pending' ? untouched : listed;
      if (from.length < 2) {
        status = 'declined';
        continue;
      }
      const pair = drawPair(from);
      if (!pair) continue;
      const [requested, offered] = pair.map((index) => from[index] as ItemRow) as [ItemRow, ItemRow];
      if (status === 'pending' && ledger.hasPendingPair(requested, offered)) continue;
      const times = planTimes(random, status, ledger.window(offered, requested, binding), {
        receipts: random.chance(0.4) ? 1 : 0,
      });
      if (!times) {
        // Items listed too recently for a whole swap still leave room for a request and its answer.
        if (attempt >= ATTEMPTS / 2) status = 'declined';
        continue;
      }
      // Random ids: runs with the same seed add new trades rather than repeat the same ids.
      const trade = buildTrade(random, status, offered, requested, times, randomUUID());
      ledger.record(trade, times);
      trades.push(trade);
      placed = true;
      if (binding || status === 'pending') {
        // Take the higher index first, so that the lower one still points at the same item.
        for (const index of [...pair].sort((a, b) => b - a)) take(index);
      }
      if (status === 'completed') {
        const titles = { offered: offered.title, requested: requested.title };
        reviews.push(...planReviews(random, trade, titles, firstNameOf, now).reviews);
      }
    }
  }
  ledger.apply(rows);
  return { trades, reviews };
}
