/*
 * The chat module's writes: starting a conversation, sending, read receipts and viewing presence.
 * The inbox and membership reads are in chat-read.service.ts, one conversation's page in
 * conversation-read.service.ts.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Conversation, type Message } from '../../../common/api/chat';
import { queryRows, type Tx } from '../../db/connect';
import {
  blocks,
  conversations,
  conversationViewers,
  images,
  items,
  messages,
  notifications,
  users,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isPublicItem } from '../../lib/item-visibility';
import type { StatementBudget } from '../../lib/rate-limit';
import type { ServiceContext } from '../../lib/service-context';
import { textSql } from '../../lib/i18n';
import { assertNotBlocked } from '../safety';
import { messagePreview, presentMessage, presentMessageFields, VIEWER_TTL_MS } from './chat.presenter';
import { markGroupMessageRead, markGroupRead, sendGroupMessage } from './group-chat.service';
import { otherParticipant, requireParticipant, selectConversation } from './chat-read.service';

export { presentMessage, VIEWER_TTL_MS };

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
  clientId?: string,
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
          insert into ${messages} (conversation_id, sender_id, content, message_type, payload, client_id)
          select id, ${memberId}::uuid, ${content}::text, ${type}::text, ${payload}::jsonb,
                 ${clientId ?? null}::uuid
          from conversation
          on conflict (sender_id, client_id) do nothing
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
    // Sent before with this client id (a retry): the message stored then is the answer.
    const earlier = clientId ? await sentWithClientId(ctx, memberId, conversationId, clientId) : null;
    if (earlier) return earlier;
    // Nothing stored: a group thread (which has no participants) or the checks every other route uses say why.
    const conversation = await requireParticipant(ctx, memberId, conversationId);
    if (conversation.ringId)
      return sendGroupMessage(ctx, memberId, conversationId, content, imageId, clientId);
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

/**
 * The member's message sent earlier with this client id. One in another conversation is the
 * client's mistake, not a retry: that answers 409.
 */
async function sentWithClientId(
  ctx: ServiceContext,
  memberId: string,
  conversationId: string,
  clientId: string,
): Promise<Message | null> {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, memberId), eq(messages.clientId, clientId)));
  if (!row) return null;
  if (row.conversationId !== conversationId) throw conflict('chat.client_id_used');
  return presentMessage(row);
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
