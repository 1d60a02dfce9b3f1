import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Network } from '../../../common/api/social';
import type { Db } from '../../db/connect';
import { friendships, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../realtime/event-bus';
import { announce, storeNotifications } from '../notifications/notifications.service';
import { presentUserSummary } from '../users/users.presenter';

const NETWORK_LINK = '/social?tab=network';

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

export async function connect(ctx: { db: Db; events: EventBus }, userId: string, friendId: string) {
  if (friendId === userId) throw badRequest('You cannot connect with yourself');
  const [friend] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, friendId));
  if (!friend) throw notFound('Member not found');
  const stored = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(friendships)
      .values({ requesterId: userId, addresseeId: friendId })
      .onConflictDoNothing()
      .returning({ id: friendships.id });
    if (!created) throw conflict('You are already connected, or a friend request between you is pending');
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
    return storeNotifications(tx, [
      {
        userId: friendId,
        type: 'other',
        title: 'New friend request',
        message: `${me?.firstName ?? 'A member'} wants to connect with you.`,
        link: NETWORK_LINK,
      },
    ]);
  });
  await announce(ctx.events, stored);
}

/** Accept or decline: only the member the request is addressed to; a declined request is removed. */
export async function respond(
  ctx: { db: Db; events: EventBus },
  userId: string,
  requestId: string,
  accept: boolean,
) {
  const [request] = await ctx.db.select().from(friendships).where(eq(friendships.id, requestId));
  if (!request || (request.addresseeId !== userId && request.requesterId !== userId))
    throw notFound('Friend request not found');
  if (request.addresseeId !== userId)
    throw forbidden('Only the member who received the request can answer it');
  if (request.status !== 'pending') throw conflict('This friend request was already accepted');
  if (!accept) {
    await ctx.db.delete(friendships).where(eq(friendships.id, requestId));
    return;
  }
  const stored = await ctx.db.transaction(async (tx) => {
    await tx
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(friendships.id, requestId));
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
    return storeNotifications(tx, [
      {
        userId: request.requesterId,
        type: 'other',
        title: 'Friend request accepted',
        message: `${me?.firstName ?? 'A member'} accepted your friend request.`,
        link: NETWORK_LINK,
      },
    ]);
  });
  await announce(ctx.events, stored);
}

/** Ends a friendship, or withdraws a request, with that member. */
export async function removeFriend(db: Db, userId: string, otherId: string) {
  const removed = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, userId), eq(friendships.addresseeId, otherId)),
        and(
          eq(friendships.requesterId, otherId),
          eq(friendships.addresseeId, userId),
          eq(friendships.status, 'accepted'),
        ),
      ),
    )
    .returning({ id: friendships.id });
  if (removed.length === 0) throw notFound('You are not connected with this member');
}

export async function network(db: Db, userId: string): Promise<Network> {
  const other = sql`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const rows = await db
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
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)))
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
      (friendship.addresseeId === userId ? result.incoming : result.outgoing).push(entry);
    }
  }
  return result;
}
