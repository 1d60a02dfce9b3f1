import { eq } from 'drizzle-orm';
import type { Tx } from '../db/connect';
import { users } from '../db/schema';

/**
 * Locks the member's row until the transaction ends. A per-member cap counts and inserts after
 * this, so concurrent inserts for one member take turns and each counts what the last committed.
 */
export async function lockMember(tx: Tx, memberId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for('update');
}
