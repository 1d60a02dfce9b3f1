import { eq, sql } from 'drizzle-orm';
import { INVALID_CREDENTIALS } from '../../../common/api/auth';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { conflict, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';

export const DEMO_MEMBER_EMAIL = 'demo@threadswap.example';

export async function registerMember(
  db: Db,
  input: { firstName: string; lastName: string | null; email: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict('An account with this email already exists');
  return created;
}

export async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** Same answer, and the same work, for an unknown email and a wrong password. */
export async function authenticate(db: Db, email: string, password: string) {
  const row = await findByEmail(db, email);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS);
  return row;
}
