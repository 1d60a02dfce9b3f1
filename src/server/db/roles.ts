import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './connect';
import { users } from './schema';

export type Role = (typeof users.$inferSelect)['role'];

/**
 * Sets a member's role by email; answers the member's id, or null when no (undeleted) account has
 * that email. Only the `npm run moderator` command calls this: roles need shell access.
 */
export async function setRole(db: Db, email: string, role: Role): Promise<string | null> {
  const [updated] = await db
    .update(users)
    .set({ role })
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return updated?.id ?? null;
}
