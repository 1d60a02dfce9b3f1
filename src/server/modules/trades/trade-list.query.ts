import { and, desc, eq, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { splitCursor } from '../../../common/api/common';
import { TRADE_PAGE_SIZE, type TradeCounts, type TradePage } from '../../../common/api/trades';
import { TRADE_TAB_STATUSES, type TradeTab } from '../../../common/domain/trade-board';
import type { Db } from '../../db/connect';
import { tradeRequests } from '../../db/schema';
import type { TradeTimers } from '../../env';
import type { ServiceContext } from '../../lib/service-context';
import { presentTradeRows, tradeRowsOf } from './trade-read.service';

/**
 * Where a first page starts: after every trade (a time past any, the greatest id), so that the first
 * page and the next ones run the same prepared statement.
 */
const FIRST_PAGE = { cursorAt: 'infinity', cursorId: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/**
 * The ids of one page of a list: for each side of the trade (requester, owner) and each status the
 * list shows, the newest trades before the cursor straight from the index on (side, status,
 * created_at, id), at most a page and one each; then the newest of those. A page reads at most
 * (sides × statuses × 21) index entries, however many trades the member has.
 */
function pageIds(db: Db, tab: TradeTab) {
  const memberId = sql.placeholder('memberId');
  const before = sql`(${tradeRequests.createdAt}, ${tradeRequests.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`;
  const limit = TRADE_PAGE_SIZE + 1;
  const parts = TRADE_TAB_STATUSES[tab].flatMap((status) =>
    [tradeRequests.requesterId, tradeRequests.ownerId].map((side) =>
      db
        .select({ id: tradeRequests.id, createdAt: tradeRequests.createdAt })
        .from(tradeRequests)
        .where(and(eq(side, memberId), eq(tradeRequests.status, status), before))
        .orderBy(desc(tradeRequests.createdAt), desc(tradeRequests.id))
        .limit(limit),
    ),
  );
  const [first, second, ...rest] = parts;
  if (!first || !second) throw new Error(`The ${tab} list shows no status`);
  const both = unionAll(first, second, ...rest).as('tab_trades');
  return db
    .select({ id: both.id })
    .from(both)
    .orderBy(desc(both.createdAt), desc(both.id))
    .limit(limit)
    .as('page');
}

/**
 * One prepared statement per list and database (docs/decisions/008-uncached-paths.md: planning the
 * seven-table join cost more than running it).
 */
const preparePages = (db: Db) => {
  const memberId = sql.placeholder('memberId');
  const page = (tab: TradeTab) => tradeRowsOf(db, memberId, pageIds(db, tab)).prepare(`trade_page_${tab}`);
  return {
    pending: page('pending'),
    accepted: page('accepted'),
    completed: page('completed'),
    history: page('history'),
    counts: prepareCounts(db),
  };
};
const prepared = new WeakMap<Db, ReturnType<typeof preparePages>>();
function preparedFor(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = preparePages(db);
    prepared.set(db, statements);
  }
  return statements;
}

/**
 * A page of one of the member's lists, newest first, and the cursor of the next one (null on the
 * last). A cursor is the position (createdAt, id) of the page's last trade, so a trade that moves to
 * another list between two pages neither shifts nor ends the next one.
 */
export async function listTradePage(
  ctx: ServiceContext,
  memberId: string,
  timers: TradeTimers,
  query: { tab: TradeTab; cursor?: string },
): Promise<TradePage> {
  const cursor = query.cursor ? splitCursor(query.cursor) : null;
  const rows = await preparedFor(ctx.db)[query.tab].execute({
    memberId,
    ...(cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : FIRST_PAGE),
  });
  const shown = rows.slice(0, TRADE_PAGE_SIZE);
  const last = shown[shown.length - 1];
  return {
    trades: await presentTradeRows(ctx, memberId, timers, shown),
    nextCursor: rows.length > TRADE_PAGE_SIZE && last ? `${last.position}_${last.trade.id}` : null,
  };
}

const countOf = (tab: TradeTab) =>
  sql<number>`(count(*) filter (where ${tradeRequests.status} in (${sql.join(
    TRADE_TAB_STATUSES[tab].map((status) => sql`${status}`),
    sql`, `,
  )})))::int`;

/**
 * How many trades each list holds: one aggregate over the member's trades, read from the two
 * (side, status, created_at, id) indexes.
 */
const prepareCounts = (db: Db) => {
  const memberId = sql.placeholder('memberId');
  return db
    .select({
      pending: countOf('pending'),
      accepted: countOf('accepted'),
      completed: countOf('completed'),
      history: countOf('history'),
    })
    .from(tradeRequests)
    .where(or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)))
    .prepare('trade_counts');
};

export async function countTrades(ctx: ServiceContext, memberId: string): Promise<TradeCounts> {
  const [counts] = await preparedFor(ctx.db).counts.execute({ memberId });
  return counts ?? { pending: 0, accepted: 0, completed: 0, history: 0 };
}
