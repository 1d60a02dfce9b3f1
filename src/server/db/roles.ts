import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '../../common/api/moderation';
import type { Db } from './connect';
import { users } from './schema';
import { changeRole } from '../modules/moderation';

export type Role = MemberRole;

/**
 * Sets a member's role by email; answers the member's id, or null when no (undeleted) account has
 * that email. The `npm run moderator` and `npm run admin` commands call this: the first admin needs
 * shell access. The last admin cannot be demoted here either.
 */
export async function setRole(db: Db, email: string, role: Role): Promise<string | null> {
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)));
  if (!member) return null;
  await db.transaction((tx) => changeRole(tx, member.id, role));
  return member.id;
}
