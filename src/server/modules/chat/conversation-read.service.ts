/** One conversation with a page of its messages (the screen every conversation opens on). */
import { and, desc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import { type ConversationWithMessages } from '../../../common/api/chat';
import { type Db } from '../../db/connect';
import { messages } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { presentMessage } from './chat.presenter';
import { blockedInThread, presentGroupMessages } from './group-chat.service';
import { selectConversation } from './chat-read.service';

type MessageRow = typeof messages.$inferSelect;

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
