import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Network } from '../../../common/api/social';
import { NOTIFICATION_LINKS } from '../../../common/domain/notification-links';
import type { Db, Tx } from '../../db/connect';
import { friendships, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { text } from '../../lib/i18n';
import { assertNotBlocked } from '../safety';
import { transact } from '../../lib/unit-of-work';
import { presentUserSummary } from '../users';

const NETWORK_LINK = NOTIFICATION_LINKS.network;
/** A declined request cannot be sent again by the same member for this long. */
export const DECLINED_COOLDOWN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

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
  if (friendId === memberId) throw badRequest('social.self_connection');
  const [friend] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, friendId));
  if (!friend) throw notFound('members.not_found');
  await transact(ctx, async (tx, effects) => {
    await assertNotBlocked(tx, memberId, friendId);
    const [created] = await tx
      .insert(friendships)
      .values({ requesterId: memberId, addresseeId: friendId })
      .onConflictDoNothing()
      .returning({ id: friendships.id });
    if (!created) await renewDeclined(tx, memberId, friendId);
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, memberId));
    effects.notify({
      userId: friendId,
      type: 'other',
      title: text('notifications:friends.requested.title'),
      message: text('notifications:friends.requested.message', {
        name: me?.firstName ?? text('notifications:common.aMemberCapital'),
      }),
      link: NETWORK_LINK,
    });
  });
}

/**
 * The pair already has a row. A declined request may be sent again once its cooldown has passed,
 * or at once by the member who declined it; anything else is a conflict. Locked, so that two
 * requests at once renew it once.
 */
async function renewDeclined(tx: Tx, memberId: string, friendId: string) {
  const [existing] = await tx
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, memberId), eq(friendships.addresseeId, friendId)),
        and(eq(friendships.requesterId, friendId), eq(friendships.addresseeId, memberId)),
      ),
    )
    .for('update');
  if (!existing || existing.status !== 'declined') throw conflict('social.already_connected');
  const declinedAt = existing.declinedAt ?? existing.createdAt;
  const again = new Date(declinedAt.getTime() + DECLINED_COOLDOWN_DAYS * DAY_MS);
  if (existing.requesterId === memberId && again > new Date())
    throw conflict('social.declined_cooldown', {
      declinedOn: longDate(declinedAt),
      againFrom: longDate(again),
    });
  await tx
    .update(friendships)
    .set({
      requesterId: memberId,
      addresseeId: friendId,
      status: 'pending',
      createdAt: new Date(),
      acceptedAt: null,
      declinedAt: null,
    })
    .where(eq(friendships.id, existing.id));
}

/**
 * Accept or decline: only the member the request is addressed to. A declined request stays, out of
 * sight, so that its sender cannot send it again for DECLINED_COOLDOWN_DAYS. The request is locked
 * while it is answered, and a block between the two refuses the acceptance (a block closes the
 * request too, see endFriendshipBetween, but one may stand from before that rule or a race).
 */
export async function respond(ctx: ServiceContext, memberId: string, requestId: string, accept: boolean) {
  await transact(ctx, async (tx, effects) => {
    const [request] = await tx.select().from(friendships).where(eq(friendships.id, requestId)).for('update');
    if (!request || (request.addresseeId !== memberId && request.requesterId !== memberId))
      throw notFound('social.request_not_found');
    if (request.addresseeId !== memberId) throw forbidden('social.only_addressee_answers');
    if (request.status === 'declined') throw notFound('social.request_not_found');
    if (request.status !== 'pending') throw conflict('social.request_already_accepted');
    if (!accept) {
      await tx
        .update(friendships)
        .set({ status: 'declined', declinedAt: new Date() })
        .where(eq(friendships.id, requestId));
      return;
    }
    await assertNotBlocked(tx, memberId, request.requesterId);
    await tx
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(friendships.id, requestId));
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, memberId));
    effects.notify({
      userId: request.requesterId,
      type: 'other',
      title: text('notifications:friends.accepted.title'),
      message: text('notifications:friends.accepted.message', {
        name: me?.firstName ?? text('notifications:common.aMemberCapital'),
      }),
      link: NETWORK_LINK,
    });
  });
}

/**
 * A block ends what stands between the two members, in the block's transaction: a pending request
 * either way and their friendship. Nobody is told (a block is silent). A declined request stays,
 * so that unblocking does not skip its cooldown.
 */
export async function endFriendshipBetween(tx: Tx, a: string, b: string) {
  await tx
    .delete(friendships)
    .where(
      and(
        or(
          and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
          and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
        ),
        ne(friendships.status, 'declined'),
      ),
    );
}

/** Ends a friendship, or withdraws a request, with that member. */
export async function removeFriend(ctx: ServiceContext, memberId: string, otherId: string) {
  const removed = await ctx.db
    .delete(friendships)
    .where(
      or(
        // A declined request stays until its cooldown is over: withdrawing it would skip that.
        and(
          eq(friendships.requesterId, memberId),
          eq(friendships.addresseeId, otherId),
          ne(friendships.status, 'declined'),
        ),
        and(
          eq(friendships.requesterId, otherId),
          eq(friendships.addresseeId, memberId),
          eq(friendships.status, 'accepted'),
        ),
      ),
    )
    .returning({ id: friendships.id });
  if (removed.length === 0) throw notFound('social.not_connected');
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
    .where(
      and(
        or(eq(friendships.requesterId, memberId), eq(friendships.addresseeId, memberId)),
        ne(friendships.status, 'declined'),
      ),
    )
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
