import { randomBytes, randomUUID } from 'node:crypto';
import { TRADE_TAB_STATUSES, TRADE_TABS, type TradeTab } from '../src/common/domain/trade-board';
import type { TradeStatus } from '../src/common/domain/trade-state';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/server/db/connect';
import { NOTIFICATION_TYPES } from '../src/common/api/notifications';
import { ITEM_PAGE_DEFAULT, MARKETPLACE_DEPTH } from '../src/common/api/items';
import { conversations, messages, notifications, sessions } from '../src/server/db/schema';
import { createRandom, type Random } from '../src/server/db/seed/random';
import { SCALE_EMAIL_DOMAIN } from '../src/server/db/seed/members';
import { seedScale } from '../src/server/db/seed/scale';
import { hashToken, SESSION_ABSOLUTE_MS } from '../src/server/lib/session';
import { rebuildItemFacetCounts } from '../src/server/modules/items/facet-counts';
import { rebuildSearchWords } from '../src/server/modules/items/search-vocabulary';
import type { Scale } from './options';
import {
  dropSecondaryIndexes,
  rebuildIndexes,
  refreshTrending,
  replicateMarket,
  seedTradeNotifications,
} from './replicate';

/** A member the benchmark acts as: `token` is the value of their session cookie. */
export interface Member {
  id: string;
  token: string;
}

/** Two members with a conversation between them, each with a session. */
export interface Pair {
  conversationId: string;
  a: Member;
  b: Member;
}

export interface Fixtures {
  dataset: Scale & { conversations: number; activeItems: number; seedSeconds: number };
  /** Members who own available items, paired, each pair with a conversation (WebSocket and soak). */
  pairs: Pair[];
  /** The member with the most trades, for GET /api/trade-requests. */
  tradeMember: Member & { trades: number };
  /** A member who has never traded: the signed-in read at its cheapest (session lookup, empty list). */
  idleMember: Member;
  /** A member with items of their own and an available item of someone else, for smart matches. */
  viewer: Member;
  foreignItemId: string;
  /**
   * A member with a realistic history (about HISTORY.trades trades, HISTORY.conversations
   * conversations of HISTORY.messages messages each, HISTORY.notifications notifications): the
   * signed-in reads as an active member makes them. `conversationId` is one of their conversations;
   * `foreignItemId` an available item of someone else, for their smart matches.
   */
  historyMember: Member & {
    trades: number;
    conversations: number;
    messagesPerConversation: number;
    notifications: number;
    conversationId: string;
    foreignItemId: string;
    /** Their Barter Management list holding the most trades (the trade page case reads it). */
    largestTab: TradeTab;
  };
  /** A conversation with seeded history and one of its participants. */
  conversation: { id: string; member: Member; messages: number };
  /** Scale members' emails; they all have the demo password. */
  loginEmails: string[];
  /**
   * The town the "near" cases read from (Paris): every member is placed in one of the 3,000 most
   * populous towns of France, one in twenty without a town (`placeMembers`, as bench/near-plan.ts).
   */
  nearTown: number;
  /**
   * The offset of the "deep offset" case: half the active items, or the deepest page the API serves
   * (MARKETPLACE_DEPTH, docs/decisions/016) when that is shallower.
   */
  deepOffset: number;
}

/** Seeded on purpose: the same scale gives the same data on every run (ids aside). */
const SEED = 20_251_121;
const MESSAGES_PER_CONVERSATION = 20;
/** The history of the `historyMember` fixture (the trade count is the seeded one nearest to it). */
export const HISTORY = { trades: 30, conversations: 20, messages: 50, notifications: 200 };
const DAY = 24 * 3600 * 1000;
const PHRASES = [
  'Hi! Is this still available?',
  'Yes, it is. Are you interested in a swap?',
  'I could offer my denim jacket for it.',
  'Sounds good, what size is the jacket?',
  'It is a medium, barely worn.',
  'Could you send another photo of the sleeves?',
  'Sure, uploading one now.',
  'Great, I will send the request.',
  'Accepted! When can you ship?',
  'I will post it tomorrow morning.',
  'Received it today, thank you so much!',
  'Happy swapping :)',
];

/** Runs `insert` over `rows` in slices of `size`, up to `parallel` at a time (PGlite is serial anyway). */
async function inBatches<T>(
  rows: T[],
  size: number,
  parallel: number,
  insert: (slice: T[]) => Promise<unknown>,
) {
  const slices: T[][] = [];
  for (let start = 0; start < rows.length; start += size) slices.push(rows.slice(start, start + size));
  for (let start = 0; start < slices.length; start += parallel) {
    await Promise.all(slices.slice(start, start + parallel).map((slice) => insert(slice)));
  }
}

/** Sessions for `userIds`, inserted in bulk as the app stores them (SHA-256 of the token, base64url). */
export async function createSessions(database: Database, userIds: readonly string[]) {
  const tokens = new Map<string, string>();
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  const rows = [...new Set(userIds)].map((userId) => {
    const token = randomBytes(32).toString('base64url');
    tokens.set(userId, token);
    return { tokenHash: hashToken(token), userId, expiresAt };
  });
  await inBatches(rows, 5000, database.kind === 'postgres' ? 4 : 1, (slice) =>
    database.db.insert(sessions).values(slice),
  );
  return tokens;
}

/**
 * Conversations and their messages, batched: the given pairs first (one conversation each), then
 * random pairs of members until about `perConversation` messages a conversation. Messages alternate
 * between the participants, minutes to hours apart; all but some of the last ones are read.
 */
export async function seedConversations(
  database: Database,
  random: Random,
  memberIds: readonly string[],
  pairs: ReadonlyArray<readonly [string, string]>,
  messageTotal: number,
  log: (line: string) => void,
  perConversation = MESSAGES_PER_CONVERSATION,
) {
  const started = Date.now();
  const now = Date.now();
  const possible = (memberIds.length * (memberIds.length - 1)) / 2;
  const wanted = Math.min(possible, Math.max(pairs.length, Math.ceil(messageTotal / perConversation)));
  const seen = new Set<string>();
  const conversationRows: Array<
    typeof conversations.$inferInsert & { id: string; participant1Id: string; participant2Id: string }
  > = [];
  const add = (x: string, y: string) => {
    const [participant1Id, participant2Id] = x < y ? [x, y] : [y, x];
    const key = `${participant1Id}:${participant2Id}`;
    if (x === y || seen.has(key)) return false;
    seen.add(key);
    conversationRows.push({ id: randomUUID(), participant1Id, participant2Id, relatedItemId: null });
    return true;
  };
  for (const [x, y] of pairs) if (!add(x, y)) throw new Error('benchmark pairs must be distinct members');
  while (conversationRows.length < wanted) add(random.pick(memberIds), random.pick(memberIds));

  const messageRows: Array<typeof messages.$inferInsert> = [];
  conversationRows.forEach((conversation, index) => {
    const count =
      Math.floor(messageTotal / conversationRows.length) +
      (index < messageTotal % conversationRows.length ? 1 : 0);
    let at = now - DAY - Math.floor(random.next() * 60 * DAY);
    const createdAt = new Date(at - DAY);
    let senderFirst = random.chance(0.5);
    for (let n = 0; n < count; n += 1) {
      at += 60_000 + Math.floor(random.next() * 90 * 60_000);
      const sent = new Date(Math.min(at, now - 60_000));
      const unread = n >= count - 2 && random.chance(0.3);
      messageRows.push({
        conversationId: conversation.id,
        senderId: senderFirst ? conversation.participant1Id : conversation.participant2Id,
        content: random.pick(PHRASES),
        createdAt: sent,
        readAt: unread ? null : new Date(sent.getTime() + 60_000),
      });
      senderFirst = !senderFirst;
    }
    conversation.createdAt = createdAt;
    conversation.lastMessageAt = count > 0 ? (messageRows[messageRows.length - 1]?.createdAt ?? null) : null;
  });

  const parallel = database.kind === 'postgres' ? 4 : 1;
  await inBatches(conversationRows, 4000, parallel, (slice) =>
    database.db.insert(conversations).values(slice),
  );
  let done = 0;
  const pool = database.kind === 'postgres' ? database.pool : undefined;
  await inBatches(messageRows, pool ? 25_000 : 8000, parallel, async (slice) => {
    // On PostgreSQL one array a column (five parameters, not five a row): cheaper to build and parse.
    if (pool)
      await pool.query(
        `insert into messages (conversation_id, sender_id, content, created_at, read_at)
         select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[])`,
        [
          slice.map((row) => row.conversationId),
          slice.map((row) => row.senderId),
          slice.map((row) => row.content),
          slice.map((row) => (row.createdAt as Date).toISOString()),
          slice.map((row) => row.readAt?.toISOString() ?? null),
        ],
      );
    else await database.db.insert(messages).values(slice);
    done += slice.length;
    if (done === messageRows.length || done % 50_000 < (pool ? 25_000 : 8000))
      log(`messages ${done}/${messageRows.length} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  });
  return { conversations: conversationRows, messages: messageRows.length };
}

/** The history member's notifications: of every type, a few hours apart, the newest 30 unread. */
function historyNotifications(memberId: string, count: number) {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const createdAt = new Date(now - 60_000 - index * 7 * 3600 * 1000);
    return {
      userId: memberId,
      type: NOTIFICATION_TYPES[index % NOTIFICATION_TYPES.length] as (typeof NOTIFICATION_TYPES)[number],
      title: `Notification ${index + 1}`,
      message: (PHRASES[index % PHRASES.length] as string).repeat(2),
      link: index % 3 === 0 ? null : '/trades',
      isRead: index >= 30,
      emailedAt: createdAt,
      createdAt,
    };
  });
}

/**
 * The `historyMember` fixture: of `candidates` (members who can offer an item and are in no benchmark pair), the
 * one whose seeded trade count is nearest HISTORY.trades; then their conversations with members they
 * have not talked to yet, and their notifications.
 */
async function seedHistory(
  database: Database,
  random: Random,
  memberIds: readonly string[],
  candidates: readonly string[],
  log: (line: string) => void,
) {
  const counts = new Map(
    (
      await queryRows<{ id: string; trades: number }>(
        database.db,
        sql`select user_id as id, count(*)::int as trades
            from (select requester_id as user_id from trade_requests union all select owner_id from trade_requests) t
            group by user_id`,
      )
    ).map((row) => [row.id, row.trades]),
  );
  const distance = (id: string) => Math.abs((counts.get(id) ?? 0) - HISTORY.trades);
  const memberId = [...candidates].sort((a, b) => distance(a) - distance(b) || a.localeCompare(b))[0];
  if (!memberId) throw new Error('the dataset has no member to give a history');
  const talkedTo = new Set(
    (
      await queryRows<{ partner: string }>(
        database.db,
        sql`select case when participant1_id = ${memberId} then participant2_id else participant1_id end as partner
            from conversations where participant1_id = ${memberId} or participant2_id = ${memberId}`,
      )
    ).map((row) => row.partner),
  );
  const partners = memberIds.filter((id) => id !== memberId && !talkedTo.has(id));
  const chosen = new Set<string>();
  while (chosen.size < Math.min(HISTORY.conversations, partners.length)) chosen.add(random.pick(partners));
  const chat = await seedConversations(
    database,
    random,
    memberIds,
    [...chosen].map((partner) => [memberId, partner] as const),
    chosen.size * HISTORY.messages,
    log,
    HISTORY.messages,
  );
  await database.db.insert(notifications).values(historyNotifications(memberId, HISTORY.notifications));
  const byStatus = await queryRows<{ status: TradeStatus; n: number }>(
    database.db,
    sql`select status, count(*)::int as n from trade_requests
        where requester_id = ${memberId} or owner_id = ${memberId} group by status`,
  );
  const inTab = (tab: TradeTab) =>
    byStatus
      .filter((row) => TRADE_TAB_STATUSES[tab].includes(row.status))
      .reduce((sum, row) => sum + row.n, 0);
  const largestTab = [...TRADE_TABS].sort((a, b) => inTab(b) - inTab(a))[0] ?? 'pending';
  return {
    memberId,
    largestTab,
    trades: counts.get(memberId) ?? 0,
    conversations: talkedTo.size + chat.conversations.length,
    conversationId: (chat.conversations[0] as { id: string }).id,
    added: { conversations: chat.conversations.length, messages: chat.messages },
  };
}

/**
 * Seeding makes connections in bursts, and on a loaded machine a new PostgreSQL backend can take
 * longer than the app's 5 s connect timeout: the seed waits instead, and keeps idle connections.
 */
function patientPool(database: Database) {
  const options = database.pool?.options as {
    connectionTimeoutMillis?: number;
    idleTimeoutMillis?: number;
    options?: string;
  };
  if (!options) return;
  options.connectionTimeoutMillis = 120_000;
  options.idleTimeoutMillis = 0;
  // A seed that fails is seeded again: its commits need not wait for the WAL flush (session only).
  options.options = `${options.options ?? ''} -c synchronous_commit=off`.trim();
}

/**
 * Seeds `scale` into an empty database (scale members, items, favourites, trades and reviews from
 * the project's seeder; conversations and messages here), signs in the members the benchmark acts
 * as, and picks its fixtures. `pairCount` members pairs get a conversation and a session each.
 */
export async function seedBench(
  database: Database,
  scale: Scale,
  pairCount: number,
  log: (line: string) => void,
): Promise<Fixtures> {
  const started = Date.now();
  const stamp = log;
  // Every progress line with the time since the seed began and the 1-minute load: the phases' timings.
  log = (line) =>
    stamp(`${line} [+${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg()[0]?.toFixed(2)}]`);
  patientPool(database);
  // The bulk path seeds one block of 1/copies of the market, then copies it (bench/replicate.ts).
  const copies = Math.max(1, scale.copies ?? 1);
  const block = (count: number) => Math.ceil(count / copies);
  const droppedIndexes = copies > 1 ? await dropSecondaryIndexes(database) : [];
  await seedScale(database, {
    users: block(scale.users),
    items: block(scale.items),
    trades: block(scale.trades),
    heavyTail: copies > 1,
    seed: SEED,
    log: (line) => {
      // Every tenth batch of items, and the last, is progress enough.
      const progress = /^items (\d+)\/(\d+)/.exec(line);
      if (!progress || progress[1] === progress[2] || Number(progress[1]) % 20_000 === 0) log(line);
    },
  });
  const random = createRandom(SEED + 1);
  const memberIds = (await queryRows<{ id: string }>(database.db, sql`select id from users order by id`)).map(
    (row) => row.id,
  );
  // Members who can offer something: they own an available, listed item.
  const actors = (
    await queryRows<{ id: string }>(
      database.db,
      sql`select u.id from users u
          where exists (select 1 from items i where i.user_id = u.id and i.is_active and i.availability = 'available')
          order by u.id`,
    )
  ).map((row) => row.id);
  const pairCountDone = Math.min(pairCount, Math.floor(actors.length / 2));
  if (pairCountDone < 1)
    throw new Error('the dataset has too few members with available items for the benchmark');
  const memberPairs = Array.from(
    { length: pairCountDone },
    (_, index) => [actors[2 * index], actors[2 * index + 1]] as [string, string],
  );
  const chat = await seedConversations(database, random, memberIds, memberPairs, block(scale.messages), log);
  log(`block seeded row by row`);
  if (copies > 1) {
    await seedTradeNotifications(database);
    // The block's scores, which the copies take over: afterwards only the items whose favourites
    // the copies' shifted dates move out of the trending window change.
    await refreshTrending(database);
    log('trade notifications and trending scores of the block');
    await replicateMarket(database, copies, log);
    // Before the indexes: trending_score is indexed, so updating it afterwards rewrites every index entry.
    await refreshTrending(database);
    log('trending scores');
    await rebuildIndexes(database, droppedIndexes, log);
    // The copies ran with session_replication_role = replica, which fires no trigger: the facet
    // counts (migration 0036) and the search vocabulary (0059) saw the block only. Counted again
    // once, from the items.
    await rebuildItemFacetCounts(database);
    log('facet counts');
    await rebuildSearchWords(database);
    log('search vocabulary');
  }
  const pairs = memberPairs.map(([a, b], index) => ({
    conversationId: (chat.conversations[index] as { id: string }).id,
    a,
    b,
  }));
  const paired = new Set(memberPairs.flat());
  const unpaired = actors.filter((id) => !paired.has(id));
  const history = await seedHistory(
    database,
    random,
    memberIds,
    unpaired.length > 0 ? unpaired : actors,
    log,
  );
  log('history member');
  return pickFixtures(
    database,
    pairs,
    Math.floor(chat.messages / chat.conversations.length),
    history,
    started,
    log,
  );
}

/**
 * The fixtures of a market seeded by an earlier run and kept (BENCH_KEEP), without seeding:
 * `pairCount` conversations between members who own available items, no member in two.
 */
export async function reuseFixtures(database: Database, pairCount: number): Promise<Fixtures> {
  const started = Date.now();
  patientPool(database);
  const candidates = await queryRows<{ id: string; a: string; b: string }>(
    database.db,
    sql`select c.id, c.participant1_id as a, c.participant2_id as b from conversations c
        where c.ring_id is null
          and exists (select 1 from items i where i.user_id = c.participant1_id and i.is_active and i.availability = 'available')
          and exists (select 1 from items i where i.user_id = c.participant2_id and i.is_active and i.availability = 'available')
        order by c.id limit ${pairCount * 8}`,
  );
  const taken = new Set<string>();
  const pairs: Array<{ conversationId: string; a: string; b: string }> = [];
  for (const row of candidates) {
    if (pairs.length >= pairCount || taken.has(row.a) || taken.has(row.b)) continue;
    taken.add(row.a).add(row.b);
    pairs.push({ conversationId: row.id, a: row.a, b: row.b });
  }
  if (pairs.length === 0) throw new Error('the kept market has no conversation between members with items');
  const [first] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from messages where conversation_id = ${pairs[0]?.conversationId}`,
  );
  // The history member is given their conversations and notifications in the kept market too.
  const actors = await queryRows<{ id: string }>(
    database.db,
    sql`select u.id from users u
        where exists (select 1 from items i where i.user_id = u.id and i.is_active and i.availability = 'available')
        order by u.id limit 5000`,
  );
  const members = await queryRows<{ id: string }>(
    database.db,
    sql`select id from users order by id limit 5000`,
  );
  const history = await seedHistory(
    database,
    createRandom(SEED + 2),
    members.map((row) => row.id),
    actors.map((row) => row.id).filter((id) => !taken.has(id)),
    () => {},
  );
  const fixtures = await pickFixtures(database, pairs, first?.count ?? 0, history, started);
  return { ...fixtures, dataset: { ...fixtures.dataset, seedSeconds: 0 } };
}

/**
 * VACUUM ANALYZE of every table; on PostgreSQL a few tables at a time, each on its own connection
 * (VACUUM runs outside a transaction), the biggest first.
 */
async function vacuumAnalyze(database: Database) {
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) {
    await database.db.execute(sql`vacuum analyze`);
    return;
  }
  const tables = (
    await queryRows<{ name: string }>(
      database.db,
      sql`select quote_ident(relname) as name from pg_class
          where relnamespace = 'public'::regnamespace and relkind in ('r', 'm')
          order by pg_total_relation_size(oid) desc`,
    )
  ).map((row) => row.name);
  const worker = async () => {
    for (let table = tables.shift(); table !== undefined; table = tables.shift())
      await pool.query(`vacuum analyze ${table}`);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** Paris in the gazetteer (GeoNames id). */
const PARIS = 2988507;

/**
 * Gives every member a town, unless some member has one already (a kept market): the 3,000 most
 * populous towns of France spread over the members, one member in twenty without a town, as
 * bench/near-plan.ts does. The users' town trigger moves their items there (and into
 * listed_towns), so the distance sort has a market to walk.
 */
async function placeMembers(database: Database) {
  const [placed] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from (select 1 from users where town_id is not null limit 1) t`,
  );
  if ((placed?.n ?? 0) > 0) return;
  await database.db.execute(sql`update users u set town_id = case when p.k % 20 = 0 then null else t.id end
    from (select id, row_number() over (order by id) as k from users) p
    join (select id, row_number() over (order by population desc) - 1 as k from towns where country = 'FR'
          order by population desc limit 3000) t on t.k = (p.k * 7919) % 3000
    where u.id = p.id`);
}

/** The members, items and conversations the cases act on, each member signed in; then VACUUM ANALYZE. */
async function pickFixtures(
  database: Database,
  conversationPairs: ReadonlyArray<{ conversationId: string; a: string; b: string }>,
  messagesPerConversation: number,
  history: Awaited<ReturnType<typeof seedHistory>>,
  started: number,
  log: (line: string) => void = () => undefined,
): Promise<Fixtures> {
  const memberPairs = conversationPairs.map((pair) => [pair.a, pair.b] as const);
  const [trader] = await queryRows<{ id: string; trades: number }>(
    database.db,
    sql`select user_id as id, count(*)::int as trades
        from (select requester_id as user_id from trade_requests union all select owner_id from trade_requests) t
        group by user_id order by count(*) desc, user_id limit 1`,
  );
  const viewerId = memberPairs[0]?.[0] as string;
  const [foreign] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from items where is_active and availability = 'available' and user_id <> ${viewerId}
        order by created_at desc limit 1`,
  );
  const [historyForeign] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from items where is_active and availability = 'available' and user_id <> ${history.memberId}
        order by created_at desc limit 1`,
  );
  const [active] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from items where is_active`,
  );
  const emails = await queryRows<{ email: string }>(
    database.db,
    sql`select email from users where email like ${'%@' + SCALE_EMAIL_DOMAIN} order by id limit 2000`,
  );
  if (!foreign || !historyForeign || emails.length === 0)
    throw new Error('the dataset has no items or members to benchmark');
  const [idle] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from users u where not exists (select 1 from trade_requests t where t.requester_id = u.id or t.owner_id = u.id)
        order by id limit 1`,
  );
  const idleId = idle?.id ?? viewerId;

  const tokens = await createSessions(database, [
    ...memberPairs.flat(),
    history.memberId,
    ...(trader ? [trader.id] : []),
    ...(idleId === viewerId ? [] : [idleId]),
  ]);
  const member = (id: string): Member => ({ id, token: tokens.get(id) as string });
  log('fixtures and sessions');
  await placeMembers(database);
  log('members placed in towns');
  // Planner statistics and the visibility map (index-only scans), as autovacuum would leave them.
  await vacuumAnalyze(database);
  log('vacuum analyze');
  const [counts] = await queryRows<{
    items: number;
    trades: number;
    users: number;
    messages: number;
    conversations: number;
  }>(
    database.db,
    sql`select (select count(*)::int from items) as items, (select count(*)::int from trade_requests) as trades,
          (select count(*)::int from users) as users, (select count(*)::int from messages) as messages,
          (select count(*)::int from conversations) as conversations`,
  );

  const pairs = conversationPairs.map((pair) => ({
    conversationId: pair.conversationId,
    a: member(pair.a),
    b: member(pair.b),
  }));
  return {
    dataset: {
      users: counts?.users ?? 0,
      items: counts?.items ?? 0,
      trades: counts?.trades ?? 0,
      messages: counts?.messages ?? 0,
      conversations: counts?.conversations ?? 0,
      activeItems: active?.count ?? 0,
      seedSeconds: (Date.now() - started) / 1000,
    },
    pairs,
    tradeMember: trader
      ? { ...member(trader.id), trades: trader.trades }
      : { ...member(viewerId), trades: 0 },
    idleMember: member(idleId),
    historyMember: {
      ...member(history.memberId),
      trades: history.trades,
      conversations: history.conversations,
      messagesPerConversation: HISTORY.messages,
      notifications: HISTORY.notifications,
      conversationId: history.conversationId,
      foreignItemId: historyForeign.id,
      largestTab: history.largestTab,
    },
    viewer: member(viewerId),
    foreignItemId: foreign.id,
    conversation: {
      id: conversationPairs[0]?.conversationId as string,
      member: member(memberPairs[0]?.[0] as string),
      messages: messagesPerConversation,
    },
    loginEmails: emails.map((row) => row.email),
    nearTown: PARIS,
    deepOffset: Math.min(Math.floor((active?.count ?? 0) / 2), MARKETPLACE_DEPTH - ITEM_PAGE_DEFAULT),
  };
}
