import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Network } from '../../../common/api/social';
import { NOTIFICATION_LINKS } from '../../../common/domain/notification-links';
import type { Db } from '../../db/connect';
import { friendships, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { assertNotBlocked } from '../safety/safety.query';
import { transact } from '../../lib/unit-of-work';
import { presentUserSummary } from '../users/users.presenter';

const NETWORK_LINK = NOTIFICATION_LINKS.network;

export async function friendIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
      ),
    );
  return rows.map((row) => (row.requesterId === userId ? row.addresseeId : row.requesterId));
}

/** Everyone the member is connected to or has a pending request with, either way. */
export async function connectedIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));
  return new Set(rows.map((row) => (row.requesterId === userId ? row.addresseeId : row.requesterId)));
}

export async function connect(ctx: ServiceContext, memberId: string, friendId: string) {
  if (friendId === memberId) throw badRequest('You cannot connect with yourself');
  const [friend] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, friendId));
  if (!friend) throw notFound('Member not found');
  await transact(ctx, async (tx, effects) => {
    await assertNotBlocked(tx, memberId, friendId);
    const [created] = await tx
      .insert(friendships)
      .values({ requesterId: memberId, addresseeId: friendId })
      .onConflictDoNothing()
      .returning({ id: friendships.id });
    if (!created) throw conflict('You are already connected, or a friend request between you is pending');
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, memberId));
    effects.notify({
      userId: friendId,
      type: 'other',
      title: 'New friend request',
      message: `${me?.firstName ?? 'A member'} wants to connect with you.`,
      link: NETWORK_LINK,
    });
  });
}

/** Accept or decline: only the member the request is addressed to; a declined request is removed. */
export async function respond(ctx: ServiceContext, memberId: string, requestId: string, accept: boolean) {
  const [request] = await ctx.db.select().from(friendships).where(eq(friendships.id, requestId));
  if (!request || (request.addresseeId !== memberId && request.requesterId !== memberId))
    throw notFound('Friend request not found');
  if (request.addresseeId !== memberId)
    throw forbidden('Only the member who received the request can answer it');
  if (request.status !== 'pending') throw conflict('This friend request was already accepted');
  if (!accept) {
    await ctx.db.delete(friendships).where(eq(friendships.id, requestId));
    return;
  }
  await transact(ctx, async (tx, effects) => {
    await tx
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(friendships.id, requestId));
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, memberId));
    effects.notify({
      userId: request.requesterId,
      type: 'other',
      title: 'Friend request accepted',
      message: `${me?.firstName ?? 'A member'} accepted your friend request.`,
      link: NETWORK_LINK,
    });
  });
}

/** Ends a friendship, or withdraws a request, with that member. */
export async function removeFriend(ctx: ServiceContext, memberId: string, otherId: string) {
  const removed = await ctx.db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, memberId), eq(friendships.addresseeId, otherId)),
        and(
          eq(friendships.requesterId, otherId),
          eq(friendships.addresseeId, memberId),
          eq(friendships.status, 'accepted'),
        ),
      ),
    )
    .returning({ id: friendships.id });
  if (removed.length === 0) throw notFound('You are not connected with this member');
}

export async function network(ctx: ServiceContext, memberId: string): Promise<Network> {
  const other = sql`case when ${friendships.requesterId} = ${memberId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const rows = await ctx.db
    .select({
      friendship: friendships,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(friendships)
    .innerJoin(users, sql`${users.id} = ${other}`)
    .where(or(eq(friendships.requesterId, memberId), eq(friendships.addresseeId, memberId)))
    .orderBy(desc(friendships.createdAt))
    .limit(1000);
  const result: Network = { friends: [], incoming: [], outgoing: [] };
  for (const { friendship, user } of rows) {
    const summary = presentUserSummary(user);
    if (friendship.status === 'accepted') {
      result.friends.push({
        friendshipId: friendship.id,
        user: summary,
        since: (friendship.acceptedAt ?? friendship.createdAt).toISOString(),
      });
    } else {
      const entry = { id: friendship.id, user: summary, createdAt: friendship.createdAt.toISOString() };
      (friendship.addresseeId === memberId ? result.incoming : result.outgoing).push(entry);
    }
  }
  return result;
}
