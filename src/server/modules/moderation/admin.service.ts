import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AdminMemberPage, MemberRole } from '../../../common/api/moderation';
import type { Tx } from '../../db/connect';
import { users } from '../../db/schema';
import { isSuspended } from '../../lib/authentication';
import { conflict, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { recordAction } from './audit';

const PAGE_SIZE = 25;

/** `%` and `_` in a search are the letters themselves, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchMembers(ctx: ServiceContext, q: string, page: number): Promise<AdminMemberPage> {
  const pattern = likePattern(q.toLowerCase());
  // Qualified by hand: in a one-table select Drizzle writes a column unqualified, and inside these
  // subqueries "id" would name the subquery's own row (i.id, t.id), counting nothing.
  const member = sql.raw('"users"."id"');
  const rows = await ctx.db
    .select({
      user: users,
      listings: sql<number>`(select count(*)::int from items i where i.user_id = ${member} and i.deleted_at is null)`,
      trades: sql<number>`(select count(*)::int from trade_requests t where (t.requester_id = ${member} or t.owner_id = ${member}) and t.accepted_at is not null)`,
      reportsAgainst: sql<number>`(select count(*)::int from reports r where (r.target_type = 'user' and r.target_id = ${member}) or (r.target_type = 'item' and r.target_id in (select i.id from items i where i.user_id = ${member})))`,
    })
    .from(users)
    .where(
      q
        ? or(
            sql`lower(${users.email}) like ${pattern}`,
            sql`lower(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) like ${pattern}`,
          )
        : undefined,
    )
    .orderBy(asc(users.firstName), asc(users.id))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  return {
    page,
    hasMore: rows.length > PAGE_SIZE,
    members: rows.slice(0, PAGE_SIZE).map(({ user, listings, trades, reportsAgainst }) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      status: user.deletedAt ? 'deleted' : isSuspended(user) ? 'suspended' : 'active',
      suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      counts: { listings, trades, reportsAgainst },
    })),
  };
}

/**
 * Sets a member's role, in a transaction that locks every admin's row first: two admins demoting
 * each other at once are serialised, so the last admin is never removed.
 */
export async function changeRole(tx: Tx, memberId: string, role: MemberRole) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
  if (!member || member.deletedAt) throw notFound('members.not_found');
  if (member.role === 'admin' && role !== 'admin' && admins.filter((a) => a.id !== memberId).length === 0)
    throw conflict('moderation.last_admin');
  if (member.role !== role)
    await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.id, memberId), ne(users.role, role)));
  return member.role;
}

export async function setMemberRole(
  ctx: ServiceContext,
  actorId: string,
  memberId: string,
  role: MemberRole,
) {
  await transact(ctx, async (tx, effects) => {
    const before = await changeRole(tx, memberId, role);
    if (before === role) return;
    await recordAction(tx, {
      actorId,
      action: 'member.role-changed',
      targetType: 'member',
      targetId: memberId,
      subjectId: memberId,
      details: { from: before, to: role },
    });
    // Every instance forgets the member's cached session row, which holds the old role.
    await effects.emit('sessions.ended', { memberId });
  });
}
