import { and, desc, eq, inArray, isNull, lt, ne, notInArray, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Conversation,
  type ConversationPage,
  type ConversationWithMessages,
  type Message,
  MESSAGE_TYPES,
  type MessageType,
  TRADE_CARD_EVENTS,
  type TradeCardEvent,
} from '../../../common/api/chat';
import { type Db, queryRows, type Tx } from '../../db/connect';
import {
  blocks,
  conversationMembers,
  conversations,
  conversationViewers,
  images,
  items,
  messages,
  notifications,
  rings,
  users,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isPublicItem } from '../../lib/item-visibility';
import type { StatementBudget } from '../../lib/rate-limit';
import type { ServiceContext } from '../../lib/service-context';
import { textSql } from '../../lib/i18n';
import { assertNotBlocked, noBlockBetween } from '../safety/safety.query';
import { presentUserSummary } from '../users/users.presenter';
import { messagePreview, presentMessage, presentMessageFields, VIEWER_TTL_MS } from './chat.presenter';
import {
  blockedInThread,
  groupMembers,
  markGroupMessageRead,
  markGroupRead,
  presentGroupMessages,
  ringThreadOpen,
  sendGroupMessage,
} from './group-chat.service';

export { presentMessage, VIEWER_TTL_MS };

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

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
async function selectConversation(db: Db, memberId: string, conversationId: string) {
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
const otherParticipant = (row: ConversationRow, memberId: string) =>
  (row.participant1Id === memberId ? row.participant2Id : row.participant1Id) as string;

/** A conversation's newest messages, newest first: the page every conversation screen opens on. */
const prepareNewestMessages = (db: Db) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, sql.placeholder('conversationId')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'))
    .prepare('conversation_newest_messages');
const newestMessages = new WeakMap<Db, ReturnType<typeof prepareNewestMessages>>();

/**
 * A conversation with a page of its messages. The summary's statement admits only a participant
 * (or a group member), so it is also the permission check: anyone else gets 404, as for a
 * conversation that does not exist. The first page's statement is prepared (it is the one every
 * conversation screen opens with).
 */
export async function getConversation(
  ctx: ServiceContext,
  memberId: string,
  conversationId: string,
  page: { before?: string; limit: number },
): Promise<ConversationWithMessages> {
  const summary = await selectConversation(ctx.db, memberId, conversationId);
  if (!summary) throw notFound('chat.conversation_not_found');
  // In a ring's thread, what members blocked either way with the reader wrote is not theirs to read.
  const hidden = summary.ring
    ? [
        ...(await blockedInThread(
          ctx.db,
          memberId,
          summary.members.map((member) => member.id),
        )),
      ]
    : [];
  const delivered = hidden.length > 0 ? notInArray(messages.senderId, hidden) : undefined;
  let rows: MessageRow[];
  if (page.before) {
    const [cursor] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, page.before), eq(messages.conversationId, conversationId)));
    if (!cursor) throw badRequest('chat.cursor_not_in_conversation');
    rows = await ctx.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          or(
            lt(messages.createdAt, cursor.createdAt),
            and(eq(messages.createdAt, cursor.createdAt), lt(messages.id, cursor.id)),
          ),
          delivered,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit + 1);
  } else if (delivered) {
    rows = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), delivered))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit + 1);
  } else {
    let prepared = newestMessages.get(ctx.db);
    if (!prepared) {
      prepared = prepareNewestMessages(ctx.db);
      newestMessages.set(ctx.db, prepared);
    }
    rows = await prepared.execute({ conversationId, limit: page.limit + 1 });
  }
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).reverse();
  return {
    ...summary,
    messages: summary.ring
      ? await presentGroupMessages(ctx.db, conversationId, shown)
      : shown.map(presentMessage),
    hasMore,
  };
}

/**
 * The conversation between the member and another about an item (or none), started if it did not
 * exist. Starting one spends a point of `startBudget` (lib/rate-limit.ts: new conversations land in
 * someone else's inbox), taken after every check and before the insert, so that a refused start
 * stores nothing; finding an existing one spends none.
 */
export async function findOrCreateConversation(
  ctx: ServiceContext,
  memberId: string,
  otherUserId: string,
  relatedItemId: string | null | undefined,
  startBudget: () => Promise<void>,
) {
  if (otherUserId === memberId) throw badRequest('chat.self_conversation');
  const [other] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, otherUserId));
  if (!other) throw notFound('members.not_found');
  await assertNotBlocked(ctx.db, memberId, otherUserId);
  if (relatedItemId) {
    const [item] = await ctx.db
      .select({
        userId: items.userId,
        isActive: items.isActive,
        availability: items.availability,
        deletedAt: items.deletedAt,
        listedBeforeHold: items.listedBeforeHold,
      })
      .from(items)
      .where(eq(items.id, relatedItemId));
    // A conversation is about an item both members can see: not a deleted one, nor someone's unlisted one.
    if (!item || item.deletedAt || (!isPublicItem(item) && item.userId !== memberId)) {
      throw notFound('items.not_found');
    }
  }
  const [first, second] = [memberId, otherUserId].sort() as [string, string];
  const find = () =>
    ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.participant1Id, first),
          eq(conversations.participant2Id, second),
          relatedItemId
            ? eq(conversations.relatedItemId, relatedItemId)
            : isNull(conversations.relatedItemId),
        ),
      );
  let [existing] = await find();
  let created = false;
  if (!existing) {
    await startBudget();
    // A twin request may have started it meanwhile: the unique pair key keeps one, and both find it.
    const inserted = await ctx.db
      .insert(conversations)
      .values({ participant1Id: first, participant2Id: second, relatedItemId: relatedItemId ?? null })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    created = inserted.length > 0;
    [existing] = created ? inserted : await find();
  }
  if (!existing) throw new Error('conversation neither inserted nor found');
  const summary = await selectConversation(ctx.db, memberId, existing.id);
  return { conversation: summary as Conversation, created };
}

/** What the send statement answers: the stored message and its conversation's participants. */
/** The budget's counter after this send's point, then the message when one was stored. */
interface SentRow {
  charged_points: number;
  charged_expire: number | string | null;
  id: string | null;
  conversation_id: string;
  sender_id: string;
  content: string;
  message_type: string;
  payload: unknown;
  read_at: Date | string | null;
  created_at: Date | string;
  participant1_id: string;
  participant2_id: string;
  recipient_id: string;
  notice_id: string | null;
}

/**
 * Stores a message from the session's member (never a client-given sender), then tells both
 * participants. A recipient with the conversation open on no socket gets one message notification
 * per conversation, which resurfaces as unread with the latest text. Members outside the
 * conversation get 404, and members on either side of a block 403.
 *
 * Delivery latency, from here to the recipient's socket, has a budget (p99 at most 50 ms,
 * docs/performance.md), and each round trip to the database is a chance to wait on a busy machine. So the whole
 * write is one statement: the participant and block checks, the message, the conversation's
 * last_message_at, the presence check and the notification, in one round trip and one commit (it
 * took seven round trips and two commits before). The `message.sent` event carries the message,
 * so that the realtime module can send it on without reading it back.
 *
 * `budget` is the member's message budget (lib/rate-limit.ts), charged one point whatever the
 * outcome, as a route's `memberLimit` is. Where it is counted in PostgreSQL, the statement itself
 * spends the point (its first CTE) and stores nothing past the budget: one commit per message, not
 * two. A photo message spends it first, before its image is checked, as before.
 */
export async function sendMessage(
  ctx: ServiceContext,
  memberId: string,
  conversationId: string,
  content: string,
  imageId?: string,
  budget?: StatementBudget,
): Promise<Message> {
  const inStatement = imageId ? undefined : budget?.upsert;
  if (budget && !inStatement) await budget.take();
  if (imageId) await assertOwnImage(ctx, memberId, imageId);
  const type = imageId ? 'photo' : 'text';
  const payload = imageId ? JSON.stringify({ imageId }) : null;
  // The notification's title in the recipient's language; a photo without text reads 'Photo'.
  const recipientLocale = sql`(select locale from ${users} where id = c.recipient_id)`;
  const preview = content
    ? sql`${messagePreview(content)}::text`
    : textSql('notifications:chat.photo', recipientLocale);
  const viewingSince = new Date(Date.now() - VIEWER_TTL_MS).toISOString();
  const [sent] = await queryRows<SentRow>(
    ctx.db,
    sql`with charge as (
          ${inStatement ?? sql`select 0 as points, null::bigint as expire`}
        ), conversation as (
          select c.id, c.participant1_id, c.participant2_id,
                 case when c.participant1_id = ${memberId}::uuid then c.participant2_id
                      else c.participant1_id end as recipient_id
          from ${conversations} c
          where c.id = ${conversationId}::uuid
            and ${memberId}::uuid in (c.participant1_id, c.participant2_id)
            and (select points from charge) <= ${budget?.limit ?? 0}
            and not exists (
              select 1 from ${blocks} b
              where (b.blocker_id = c.participant1_id and b.blocked_id = c.participant2_id)
                 or (b.blocker_id = c.participant2_id and b.blocked_id = c.participant1_id))
        ), inserted as (
          insert into ${messages} (conversation_id, sender_id, content, message_type, payload)
          select id, ${memberId}::uuid, ${content}::text, ${type}::text, ${payload}::jsonb from conversation
          returning id, conversation_id, sender_id, content, message_type, payload, read_at, created_at
        ), touched as (
          update ${conversations} set last_message_at = inserted.created_at
          from inserted where ${conversations}.id = inserted.conversation_id
        ), notice as (
          insert into ${notifications} (user_id, type, title, message, link, dedupe_key)
          select c.recipient_id, 'message',
                 ${textSql('notifications:chat.newMessage', recipientLocale, {
                   name: sql`coalesce((select first_name from ${users} where id = ${memberId}::uuid), ${textSql('notifications:common.aMember', recipientLocale)})`,
                 })},
                 ${preview}, ${`/?conversation=${conversationId}`}::text, ${`message:${conversationId}`}::text
          from conversation c join inserted on true
          where not exists (
            select 1 from ${conversationViewers} v
            where v.conversation_id = c.id and v.user_id = c.recipient_id
              and v.seen_at > ${viewingSince}::timestamptz)
          on conflict (user_id, dedupe_key) do update
            set is_read = false, title = excluded.title, message = excluded.message, created_at = now()
          returning id
        )
        select charge.points as charged_points, charge.expire as charged_expire, sent.*
        from charge left join (
          select inserted.*, c.participant1_id, c.participant2_id, c.recipient_id,
                 (select id from notice) as notice_id
          from inserted cross join conversation c
        ) sent on true`,
  );
  if (inStatement && sent) budget?.check(Number(sent.charged_points), sent.charged_expire);
  if (!sent?.id) {
    // Nothing stored: a group thread (which has no participants) or the checks every other route uses say why.
    const conversation = await requireParticipant(ctx, memberId, conversationId);
    if (conversation.ringId) return sendGroupMessage(ctx, memberId, conversationId, content, imageId);
    await assertNotBlocked(ctx.db, memberId, otherParticipant(conversation, memberId));
    throw conflict('chat.conversation_changed');
  }
  const message: Message = {
    id: sent.id,
    conversationId: sent.conversation_id,
    senderId: sent.sender_id,
    content: sent.content,
    ...presentMessageFields({ messageType: sent.message_type, payload: sent.payload }),
    createdAt: new Date(sent.created_at).toISOString(),
    isRead: sent.read_at !== null,
  };
  await ctx.events.committed('message.sent', {
    message,
    participants: [sent.participant1_id, sent.participant2_id],
    notification: sent.notice_id ? { id: sent.notice_id, userId: sent.recipient_id } : null,
  });
  return message;
}

/** A photo message's image must be one the sender uploaded (POST /api/images); others' ids are 404. */
async function assertOwnImage(ctx: ServiceContext, memberId: string, imageId: string) {
  const [row] = await ctx.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, memberId)));
  if (!row) throw notFound('chat.photo_not_found');
}

export async function markMessageRead(ctx: ServiceContext, memberId: string, messageId: string) {
  const [row] = await ctx.db.select().from(messages).where(eq(messages.id, messageId));
  if (!row) throw notFound('chat.message_not_found');
  const conversation = await requireParticipant(ctx, memberId, row.conversationId);
  if (row.senderId === memberId) throw forbidden('chat.only_recipient_reads');
  if (conversation.ringId) return markGroupMessageRead(ctx, memberId, row);
  if (row.readAt) return presentMessage(row);
  const [updated] = await ctx.db
    .update(messages)
    .set({ readAt: new Date() })
    .where(eq(messages.id, messageId))
    .returning();
  await ctx.events.committed('messages.read', {
    conversationId: row.conversationId,
    readerId: memberId,
    recipientId: row.senderId,
  });
  return presentMessage(updated ?? row);
}

/** Marks everything the other participant sent as read, and the conversation's message notification. */
export async function markConversationRead(ctx: ServiceContext, memberId: string, conversationId: string) {
  const conversation = await requireParticipant(ctx, memberId, conversationId);
  if (conversation.ringId) {
    // Read receipts are not pushed in group threads: each member's own unread count is what counts.
    const count = await markGroupRead(ctx, memberId, conversationId);
    await markMessageNoticeRead(ctx, memberId, conversationId);
    await ctx.events.committed('notifications.read', { memberId });
    return count;
  }
  const read = await ctx.db
    .update(messages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, memberId),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id });
  await markMessageNoticeRead(ctx, memberId, conversationId);
  if (read.length > 0) {
    await ctx.events.committed('messages.read', {
      conversationId,
      readerId: memberId,
      recipientId: otherParticipant(conversation, memberId),
    });
  }
  await ctx.events.committed('notifications.read', { memberId });
  return read.length;
}

/**
 * A block takes the pair's conversations out of both inboxes (and their unread counts): their
 * message notifications, on either side, are read too. Runs in the block's transaction.
 */
export async function markPairNoticesRead(tx: Tx, memberId: string, otherId: string) {
  const [first, second] = [memberId, otherId].sort() as [string, string];
  await tx
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        inArray(notifications.userId, [first, second]),
        eq(notifications.isRead, false),
        inArray(
          notifications.dedupeKey,
          tx
            .select({ key: sql<string>`'message:' || ${conversations.id}` })
            .from(conversations)
            .where(and(eq(conversations.participant1Id, first), eq(conversations.participant2Id, second))),
        ),
      ),
    );
}

async function markMessageNoticeRead(ctx: ServiceContext, memberId: string, conversationId: string) {
  await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, memberId), eq(notifications.dedupeKey, `message:${conversationId}`)));
}

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

/** Presence for the "is the recipient looking?" check; kept fresh by the socket heartbeat. */
export async function markViewing(
  ctx: ServiceContext,
  memberId: string,
  socketId: string,
  conversationId: string,
) {
  await ctx.db
    .insert(conversationViewers)
    .values({ socketId, userId: memberId, conversationId })
    .onConflictDoUpdate({
      target: conversationViewers.socketId,
      set: { conversationId, seenAt: new Date() },
    });
}

export async function touchViewing(ctx: ServiceContext, socketIds: string[]) {
  if (socketIds.length === 0) return;
  await ctx.db
    .update(conversationViewers)
    .set({ seenAt: new Date() })
    // One array parameter (every socket of the instance, at each heartbeat; at most 65,535 parameters).
    .where(sql`${conversationViewers.socketId} = any(${sql.param(socketIds)}::text[])`);
}

export async function stopViewing(ctx: ServiceContext, socketId: string) {
  await ctx.db.delete(conversationViewers).where(eq(conversationViewers.socketId, socketId));
}
