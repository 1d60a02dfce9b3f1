import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Message } from '../../../common/api/chat';
import type { UserSummary } from '../../../common/api/users';
import { OPEN_RING_STATUSES, type RingStatus } from '../../../common/domain/ring-state';
import { type Queryable, queryRows, type Tx } from '../../db/connect';
import {
  conversationMembers,
  conversations,
  conversationViewers,
  messages,
  notifications,
  ringLegs,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { recipientLocale, renderText, text } from '../../lib/i18n';
import { DEFAULT_LOCALE } from '../../../common/domain/locales';
import { transact } from '../../lib/unit-of-work';
import { blocksAmong, noBlockBetween } from '../safety';
import { MemberBlocks } from '../safety';
import { presentUserSummary } from '../users';
import { messagePreview, presentMessage, VIEWER_TTL_MS } from './chat.presenter';
import { memberLanguage } from '../../lib/community-settings';

/**
 * Group conversations: a swap ring's members talking in one thread
 * (docs/decisions/010-group-conversations.md). The ring's conversation is made with the ring, its
 * members are exactly the ring's members, and it takes new messages while the ring is open
 * (proposed or accepted); after that it stays readable by its members.
 */

type MessageRow = typeof messages.$inferSelect;

/** Makes a ring's conversation, in the transaction that makes the ring. */
export async function createRingConversation(tx: Tx, ringId: string, memberIds: string[]) {
  const [row] = await tx.insert(conversations).values({ ringId }).returning({ id: conversations.id });
  if (!row) throw new Error('ring conversation insert returned nothing');
  const unique = [...new Set(memberIds)];
  await tx.insert(conversationMembers).values(unique.map((userId) => ({ conversationId: row.id, userId })));
  return row.id;
}

/** Whether a ring in this state takes new messages in its conversation. */
export const ringThreadOpen = (status: RingStatus) => OPEN_RING_STATUSES.includes(status);

/** The members of group conversations, in the ring's giving order. */
export async function groupMembers(db: Queryable, conversationIds: string[]) {
  const byConversation = new Map<string, UserSummary[]>();
  if (conversationIds.length === 0) return byConversation;
  const rows = await db
    .selectDistinctOn([conversationMembers.conversationId, conversationMembers.userId], {
      conversationId: conversationMembers.conversationId,
      userId: conversationMembers.userId,
      position: ringLegs.position,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .leftJoin(
      ringLegs,
      and(eq(ringLegs.ringId, conversations.ringId), eq(ringLegs.giverId, conversationMembers.userId)),
    )
    .where(inArray(conversationMembers.conversationId, conversationIds))
    .orderBy(conversationMembers.conversationId, conversationMembers.userId, ringLegs.position);
  rows.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const row of rows) {
    const list = byConversation.get(row.conversationId) ?? [];
    list.push(presentUserSummary(row.user));
    byConversation.set(row.conversationId, list);
  }
  return byConversation;
}

/**
 * Presents a group thread's messages: a message counts as read once every member it reached (all
 * but its sender and the members blocked either way with the sender) has read up to it. A block
 * carries no read receipt either way.
 */
export async function presentGroupMessages(
  db: Queryable,
  conversationId: string,
  rows: MessageRow[],
): Promise<Message[]> {
  const readers = await db
    .select({ userId: conversationMembers.userId, lastReadAt: conversationMembers.lastReadAt })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  const blocked = new MemberBlocks(
    await blocksAmong(
      db,
      readers.map((reader) => reader.userId),
    ),
  );
  return rows.map((row) => {
    const reached = readers.filter(
      (reader) => reader.userId !== row.senderId && !blocked.among([reader.userId, row.senderId]),
    );
    return {
      ...presentMessage(row),
      isRead:
        reached.length > 0 &&
        reached.every((reader) => reader.lastReadAt !== null && reader.lastReadAt >= row.createdAt),
    };
  });
}

/**
 * Members blocked either way with `memberId` among a group thread's members: what they write is
 * not delivered to the member, nor the member's messages to them (a block made after the ring).
 */
export async function blockedInThread(db: Queryable, memberId: string, memberIds: string[]) {
  const blocked = new Set<string>();
  for (const [a, b] of await blocksAmong(db, memberIds)) {
    if (a === memberId) blocked.add(b);
    else if (b === memberId) blocked.add(a);
  }
  return blocked;
}

/**
 * Stores a message in a ring's conversation from the session's member and tells every member. The
 * ring row is share-locked, so that a ring being dissolved meanwhile either sees the message
 * committed first or the sender gets the 409 of a closed thread. Members without the conversation
 * open on any socket get one message notification per conversation, resurfaced with the latest
 * text. Members outside the ring get 404.
 */
export async function sendGroupMessage(
  ctx: ServiceContext,
  memberId: string,
  conversationId: string,
  content: string,
  imageId?: string,
  clientId?: string,
): Promise<Message> {
  const result = await transact(ctx, async (tx) => {
    const [thread] = await queryRows<{ id: string; status: RingStatus }>(
      tx,
      sql`select c.id, r.status from conversations c
          join conversation_members m on m.conversation_id = c.id and m.user_id = ${memberId}::uuid
          join rings r on r.id = c.ring_id
          where c.id = ${conversationId}::uuid
          for share of r`,
    );
    if (!thread) throw notFound('chat.conversation_not_found');
    if (!ringThreadOpen(thread.status)) {
      throw conflict('chat.ring_thread_closed', { status: thread.status });
    }
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderId: memberId,
        content,
        clientId: clientId ?? null,
        ...(imageId ? { messageType: 'photo', payload: { imageId } } : {}),
      })
      .returning();
    if (!row) throw new Error('message insert returned nothing');
    await tx
      .update(conversations)
      .set({ lastMessageAt: row.createdAt })
      .where(eq(conversations.id, conversationId));
    const everyone = await tx
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, conversationId));
    // Members blocked either way with the sender get nothing of it: no push, no notification.
    const blocked = await blockedInThread(
      tx,
      memberId,
      everyone.map((member) => member.userId),
    );
    const members = everyone.filter((member) => !blocked.has(member.userId));
    const viewing = await tx
      .select({ userId: conversationViewers.userId })
      .from(conversationViewers)
      .where(
        and(
          eq(conversationViewers.conversationId, conversationId),
          gt(conversationViewers.seenAt, new Date(Date.now() - VIEWER_TTL_MS)),
        ),
      );
    const away = members
      .map((member) => member.userId)
      .filter((userId) => userId !== memberId && !viewing.some((viewer) => viewer.userId === userId));
    const [sender] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, memberId));
    // Each member's notification in their language.
    const locales = new Map(
      away.length === 0
        ? []
        : (
            await tx
              .select({ id: users.id, locale: memberLanguage })
              .from(users)
              .where(inArray(users.id, away))
          ).map((row) => [row.id, recipientLocale(row.locale)]),
    );
    const stored =
      away.length === 0
        ? []
        : await tx
            .insert(notifications)
            .values(
              away.map((userId) => ({
                userId,
                type: 'message' as const,
                title: renderText(
                  locales.get(userId) ?? DEFAULT_LOCALE,
                  text('notifications:chat.newRingMessage', {
                    name: sender?.firstName ?? text('notifications:common.aMember'),
                  }),
                ),
                message: content
                  ? messagePreview(content)
                  : renderText(locales.get(userId) ?? DEFAULT_LOCALE, text('notifications:chat.photo')),
                link: `/?conversation=${conversationId}`,
                dedupeKey: `message:${conversationId}`,
              })),
            )
            .onConflictDoUpdate({
              target: [notifications.userId, notifications.dedupeKey],
              set: {
                isRead: false,
                title: sql`excluded.title`,
                message: sql`excluded.message`,
                createdAt: sql`now()`,
              },
            })
            .returning({ id: notifications.id, userId: notifications.userId });
    return {
      message: { ...presentMessage(row), isRead: false },
      participants: members.map((member) => member.userId),
      stored,
    };
  });
  await ctx.events.committed('message.sent', {
    message: result.message,
    participants: result.participants,
    notification: null,
  });
  if (result.stored.length > 0)
    await ctx.events.committed('notifications.stored', { notifications: result.stored });
  return result.message;
}

/**
 * Marks a group thread read up to its newest message for one member (of those delivered to them:
 * not from members blocked either way); answers how many were unread.
 */
export async function markGroupRead(ctx: ServiceContext, memberId: string, conversationId: string) {
  const [row] = await queryRows<{ read: number }>(
    ctx.db,
    sql`with mine as (
          select last_read_at from conversation_members
          where conversation_id = ${conversationId}::uuid and user_id = ${memberId}::uuid
        ), unread as (
          select count(*)::int as read, max(m.created_at) as newest from messages m, mine
          where m.conversation_id = ${conversationId}::uuid and m.sender_id <> ${memberId}::uuid
            and (mine.last_read_at is null or m.created_at > mine.last_read_at)
            and ${noBlockBetween(sql`m.sender_id`, sql`${memberId}::uuid`)}
        ), updated as (
          update conversation_members set last_read_at = unread.newest from unread
          where conversation_id = ${conversationId}::uuid and user_id = ${memberId}::uuid
            and unread.newest is not null
        )
        select read from unread`,
  );
  return row?.read ?? 0;
}

/** Marks one message of a group thread, and everything before it, read for one member. */
export async function markGroupMessageRead(ctx: ServiceContext, memberId: string, row: MessageRow) {
  await ctx.db
    .update(conversationMembers)
    .set({
      lastReadAt: sql`greatest(${conversationMembers.lastReadAt}, ${row.createdAt.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(conversationMembers.conversationId, row.conversationId),
        eq(conversationMembers.userId, memberId),
      ),
    );
  const [message] = await presentGroupMessages(ctx.db, row.conversationId, [row]);
  return message as Message;
}

/** The other members of a group conversation: who hears a member's typing. */
export async function otherGroupMembers(db: Queryable, conversationId: string, memberId: string) {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), ne(conversationMembers.userId, memberId)),
    );
  return rows.map((row) => row.userId);
}
