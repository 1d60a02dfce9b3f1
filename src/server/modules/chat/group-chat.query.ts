import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { conversations } from '../../db/schema';

/** The conversation id of each ring. */
export async function ringConversationIds(db: Queryable, ringIds: string[]) {
  if (ringIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: conversations.id, ringId: conversations.ringId })
    .from(conversations)
    .where(inArray(conversations.ringId, ringIds));
  return new Map(rows.map((row) => [row.ringId as string, row.id]));
}
