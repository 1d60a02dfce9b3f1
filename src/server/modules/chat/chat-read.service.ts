/** The chat read model: a member's inbox, membership of a conversation, unread totals. */
import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Conversation,
  type ConversationPage,
  MESSAGE_TYPES,
  type MessageType,
  TRADE_CARD_EVENTS,
  type TradeCardEvent,
} from '../../../common/api/chat';
import { type Db, queryRows } from '../../db/connect';
import { conversationMembers, conversations, items, messages, rings, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { noBlockBetween } from '../safety';
import { presentUserSummary } from '../users';
import { presentMessage } from './chat.presenter';
import { groupMembers, ringThreadOpen } from './group-chat.service';

type ConversationRow = typeof conversations.$inferSelect;

const p1 = alias(users, 'p1');
const p2 = alias(users, 'p2');
const summaryOf = (table: typeof p1 | typeof p2) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  profileImageUrl: table.profileImageUrl,
});

/** A left-joined participant: absent (all columns null) in a group thread. */
function presentJoined(
  user: ({ id: string | null; firstName: string | null } & Record<string, unknown>) | null,
) {
  if (!user?.id) return null;
  return presentUserSummary(user as Parameters<typeof presentUserSummary>[0]);
}

/** Whether the member is in the conversation: one of its two participants, or a group member. */
const isMemberOf = (memberId: string) =>
  sql`(${conversations.participant1Id} = ${memberId} or ${conversations.participant2Id} = ${memberId}
    or exists (select 1 from ${conversationMembers} cm
               where cm.conversation_id = ${conversations.id} and cm.user_id = ${memberId}))`;

/**
 * The ids of the member's conversations, as three indexed lookups. (An OR of the three conditions
 * cannot use the indexes: PostgreSQL scanned every conversation and, misjudging how many matched,
 * hashed the whole items table to join the related item's title.)
 */
const memberConversationIds = (memberId: string | Placeholder) =>
  sql`(select c1.id from ${conversations} c1 where c1.participant1_id = ${memberId}
    union all select c2.id from ${conversations} c2 where c2.participant2_id = ${memberId}
    union all select cm.conversation_id from ${conversationMembers} cm where cm.user_id = ${memberId})`;

/** Where a conversation sorts in the inbox: its last message, or its start before it has one. */
const sortedAt = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

/**
 * Whether the message `m` of the conversation row reached the member: always in a pairwise thread
 * (its history stays after a block); in a ring's thread, unless a block stands between sender and
 * member, either way.
 */
const deliveredTo = (memberId: string | Placeholder) =>
  sql`(${conversations.ringId} is null or ${noBlockBetween(sql`m.sender_id`, memberId)})`;

/**
 * Conversations of a member with participants (or group members), item title, last message and
 * unread count: a page of the inbox, or one of them (`conversationId`). The inbox leaves out a
 * ring's thread once the ring ended, unless it has messages, and a conversation with a member
 * blocked either way; `after` starts it past a cursor (sortedAt, id) of an earlier page.
 */
function conversationRowsQuery(
  db: Db,
  memberId: string | Placeholder,
  scope: { conversationId: Placeholder } | { after: boolean },
) {
  const lastMessage = sql<{
    id: string;
    sender_id: string;
    content: string;
    message_type: string;
    trade_event: string | null;
    created_at: string;
  } | null>`(
    select json_build_object('id', m.id, 'sender_id', m.sender_id, 'content', m.content,
      'message_type', m.message_type,
      'trade_event', case when m.message_type = 'trade' then m.payload->>'event' end,
      'created_at', m.created_at)
    from ${messages} m where m.conversation_id = ${conversations.id} and ${deliveredTo(memberId)}
    order by m.created_at desc, m.id desc limit 1)`;
  // Pairwise messages carry their read time; a group member's read state is their last_read_at.
  const unread = sql<number>`case when ${conversations.ringId} is null
    then (select count(*)::int from ${messages} m
      where m.conversation_id = ${conversations.id} and m.read_at is null and m.sender_id <> ${memberId})
    else (select count(*)::int from ${messages} m join ${conversationMembers} cm
        on cm.conversation_id = m.conversation_id and cm.user_id = ${memberId}
      where m.conversation_id = ${conversations.id} and m.sender_id <> ${memberId}
        and (cm.last_read_at is null or m.created_at > cm.last_read_at)
        and ${noBlockBetween(sql`m.sender_id`, memberId)}) end`;
  const inInbox = [
    sql`(${conversations.ringId} is null or ${conversations.lastMessageAt} is not null
      or ${rings.status} in ('proposed', 'accepted'))`,
    // A group thread has no participants: the condition holds for it.
    noBlockBetween(conversations.participant1Id, conversations.participant2Id),
  ];
  if ('after' in scope && scope.after)
    inInbox.push(
      sql`(${sortedAt}, ${conversations.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`,
    );
  return db
    .select({
      conversation: conversations,
      participant1: summaryOf(p1),
      participant2: summaryOf(p2),
      itemTitle: items.title,
      ringStatus: rings.status,
      lastMessage,
      unread,
      // Microseconds, as stored: a millisecond cursor could skip conversations on the next page.
      sortedAt: sql<string>`to_char(${sortedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(conversations)
    .leftJoin(p1, eq(p1.id, conversations.participant1Id))
    .leftJoin(p2, eq(p2.id, conversations.participant2Id))
    .leftJoin(items, eq(items.id, conversations.relatedItemId))
    .leftJoin(rings, eq(rings.id, conversations.ringId))
    .where(
      and(
        sql`${conversations.id} in ${memberConversationIds(memberId)}`,
        ...('conversationId' in scope ? [eq(conversations.id, scope.conversationId)] : inInbox),
      ),
    )
    .orderBy(sql`${sortedAt} desc`, desc(conversations.id))
    .limit(sql.placeholder('limit'));
}

/**
 * The inbox's pages and the single summary (every conversation page) are prepared once per
 * database, like the trade list (docs/decisions/008-uncached-paths.md): planning this five-table
 * query with its subqueries cost PostgreSQL 12–20 ms a request, more than running it. A page is
 * short, so the last message and unread count are worked out for its rows only.
 */
const prepareConversationQueries = (db: Db) => ({
  first: conversationRowsQuery(db, sql.placeholder('memberId'), { after: false }).prepare(
    'conversation_list',
  ),
  after: conversationRowsQuery(db, sql.placeholder('memberId'), { after: true }).prepare(
    'conversation_list_after',
  ),
  one: conversationRowsQuery(db, sql.placeholder('memberId'), {
    conversationId: sql.placeholder('conversationId'),
  }).prepare('conversation_one'),
});
const conversationQueries = new WeakMap<Db, ReturnType<typeof prepareConversationQueries>>();

function preparedFor(db: Db) {
  let prepared = conversationQueries.get(db);
  if (!prepared) {
    prepared = prepareConversationQueries(db);
    conversationQueries.set(db, prepared);
  }
  return prepared;
}

type ConversationListRow = Awaited<ReturnType<ReturnType<typeof preparedFor>['one']['execute']>>[number];

async function presentConversations(db: Db, rows: ConversationListRow[]): Promise<Conversation[]> {
  const members = await groupMembers(
    db,
    rows.filter((row) => row.conversation.ringId !== null).map((row) => row.conversation.id),
  );
  return rows.map((row) => {
    const participant1 = presentJoined(row.participant1);
    const participant2 = presentJoined(row.participant2);
    const ring =
      row.conversation.ringId && row.ringStatus
        ? { id: row.conversation.ringId, status: row.ringStatus }
        : null;
    return {
      id: row.conversation.id,
      participant1Id: row.conversation.participant1Id,
      participant2Id: row.conversation.participant2Id,
      participant1,
      participant2,
      members: ring
        ? (members.get(row.conversation.id) ?? [])
        : [participant1, participant2].filter((user) => user !== null),
      ring,
      acceptsMessages: ring ? ringThreadOpen(ring.status) : true,
      relatedItem:
        row.conversation.relatedItemId && row.itemTitle
          ? { id: row.conversation.relatedItemId, title: row.itemTitle }
          : null,
      lastMessage: row.lastMessage
        ? {
            id: row.lastMessage.id,
            senderId: row.lastMessage.sender_id,
            content: row.lastMessage.content,
            ...lastMessageKind(row.lastMessage),
            createdAt: new Date(row.lastMessage.created_at).toISOString(),
          }
        : null,
      lastMessageAt: row.conversation.lastMessageAt?.toISOString() ?? null,
      unreadCount: row.unread,
      createdAt: row.conversation.createdAt.toISOString(),
    };
  });
}

/** One conversation's summary, if the member is in it (blocked or not: its page still opens). */
export async function selectConversation(db: Db, memberId: string, conversationId: string) {
  const rows = await preparedFor(db).one.execute({ memberId, conversationId, limit: 1 });
  const [summary] = await presentConversations(db, rows);
  return summary;
}

/** A last message's type and, for a trade card, its event (for the list's one-line preview). */
function lastMessageKind(row: { message_type: string; trade_event: string | null }) {
  const messageType = (MESSAGE_TYPES as readonly string[]).includes(row.message_type)
    ? (row.message_type as MessageType)
    : 'text';
  const tradeEvent =
    messageType === 'trade' && (TRADE_CARD_EVENTS as readonly string[]).includes(row.trade_event ?? '')
      ? (row.trade_event as TradeCardEvent)
      : null;
  return { messageType, tradeEvent };
}

/**
 * A page of the member's inbox, newest first, and the cursor of the next one (null on the last). A
 * cursor is the position (sortedAt, id) of the page's last conversation, so a conversation that
 * moves or disappears between two pages neither shifts nor ends the next one.
 */
export async function listConversations(
  ctx: ServiceContext,
  memberId: string,
  page: { cursor?: string; limit: number },
): Promise<ConversationPage> {
  const prepared = preparedFor(ctx.db);
  const limit = page.limit + 1;
  // The contract checked its form: "<sortedAt>_<id>".
  const split = page.cursor?.lastIndexOf('_') ?? -1;
  const rows = page.cursor
    ? await prepared.after.execute({
        memberId,
        limit,
        cursorAt: page.cursor.slice(0, split),
        cursorId: page.cursor.slice(split + 1),
      })
    : await prepared.first.execute({ memberId, limit });
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    conversations: await presentConversations(ctx.db, shown),
    nextCursor: rows.length > page.limit && last ? `${last.sortedAt}_${last.conversation.id}` : null,
  };
}

/** The conversation if the member takes part in it; 404 otherwise, so nobody learns it exists. */
export async function requireParticipant(
  ctx: ServiceContext,
  memberId: string,
  conversationId: string,
): Promise<ConversationRow> {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isMemberOf(memberId)));
  if (!row) throw notFound('chat.conversation_not_found');
  return row;
}

/** The other side of a pairwise conversation. */
export const otherParticipant = (row: ConversationRow, memberId: string) =>
  (row.participant1Id === memberId ? row.participant2Id : row.participant1Id) as string;

/** Unread messages over the member's inbox: a conversation with a member blocked either way counts none. */
export async function totalUnreadMessages(ctx: ServiceContext, memberId: string) {
  const [row] = await queryRows<{ count: number }>(
    ctx.db,
    sql`select (select count(*)::int from ${messages} m join ${conversations} c on c.id = m.conversation_id
          where (c.participant1_id = ${memberId} or c.participant2_id = ${memberId})
            and m.sender_id <> ${memberId} and m.read_at is null
            and ${noBlockBetween(sql`c.participant1_id`, sql`c.participant2_id`)})
        + (select count(*)::int from ${messages} m join ${conversationMembers} cm
             on cm.conversation_id = m.conversation_id and cm.user_id = ${memberId}
           where m.sender_id <> ${memberId} and (cm.last_read_at is null or m.created_at > cm.last_read_at)
             and ${noBlockBetween(sql`m.sender_id`, memberId)})
        as count`,
  );
  return row?.count ?? 0;
}

export async function loadMessage(ctx: ServiceContext, messageId: string) {
  const [row] = await ctx.db.select().from(messages).where(eq(messages.id, messageId));
  return row ? presentMessage(row) : undefined;
}
