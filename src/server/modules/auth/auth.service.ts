import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { DELETED_ACCOUNT_EMAIL_DOMAIN } from '../../../common/domain/reserved-email';
import type { Locale } from '../../../common/domain/locales';
import {
  favorites,
  friendships,
  items,
  notifications,
  sessions,
  userIdentities,
  users,
  wishlistItems,
  itemDrafts,
} from '../../db/schema';
import { badRequest, conflict, fieldError, HttpError, notFound, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { endPendingTokens, LINKS_A_NEW_PASSWORD_ENDS, sendVerificationLink } from './email-tokens';
import { endSessionsWithin } from '../../lib/session';
import { lockItemsForUpdate, memberAcceptedCommitments } from '../trades';

export const DEMO_MEMBER_EMAIL = 'demo@threadswap.example';

/** Creates the account and sends it the link that verifies its email (after the commit). */
export async function registerMember(
  ctx: ServiceContext,
  input: {
    firstName: string;
    lastName: string | null;
    email: string;
    password: string;
    invitation?: string | null | undefined;
  },
  /** The sign-up page's language: the verification email's. */
  requestLocale?: Locale,
) {
  const passwordHash = await hashPassword(input.password);
  return transact(ctx, async (tx, effects) => {
    const [created] = await tx
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        onboardingPending: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw fieldError(409, 'email', 'auth.email_taken');
    // The community's rule of who may join (invitation, allowed domains) refuses it here.
    await effects.emit('member.joining', {
      memberId: created.id,
      email: created.email,
      invitation: input.invitation ?? null,
      via: 'password',
    });
    await sendVerificationLink(ctx, tx, effects, created, requestLocale);
    return created;
  });
}

export async function findByEmail({ db }: ServiceContext, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

async function loadMember({ db }: ServiceContext, memberId: string) {
  const [member] = await db.select().from(users).where(eq(users.id, memberId));
  if (!member) throw notFound('members.not_found');
  return member;
}

/**
 * Changes the password, ends every other session of the member (ASVS 7.4.3) and the reset and
 * email-change links asked for before it.
 */
export async function changePassword(
  ctx: ServiceContext,
  memberId: string,
  current: string,
  next: string,
  keepToken: string | undefined,
) {
  const member = await loadMember(ctx, memberId);
  if (!(await verifyPassword(member.passwordHash, current))) throw badRequest('auth.wrong_current_password');
  const passwordHash = await hashPassword(next);
  await transact(ctx, async (tx, effects) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
    await endPendingTokens(tx, member.id, LINKS_A_NEW_PASSWORD_ENDS);
    await endSessionsWithin(tx, effects, member.id, keepToken);
  });
}

/**
 * Deletes the account: personal data goes, the member's items leave the marketplace and their open
 * requests close; the row stays, anonymised, so completed trades remain in the other party's history.
 */
export async function deleteAccount(ctx: ServiceContext, memberId: string, password: string) {
  const member = await loadMember(ctx, memberId);
  if (!(await verifyPassword(member.passwordHash, password))) throw badRequest('auth.wrong_password');
  await transact(ctx, async (tx, effects) => {
    // Locked before the check: an accept locks its items too, so it either committed before this
    // check (and is seen) or waits until the items are deleted (and fails).
    await lockItemsForUpdate(tx, { memberId: member.id });
    const blockers = await memberAcceptedCommitments(tx, member.id);
    if (blockers.length > 0) {
      // The answer names what blocks (ErrorResponse.blockers), so the client can link each one.
      const refused = conflict('auth.finish_trades_before_deletion');
      throw new HttpError(409, refused.code, refused.params, refused.message, {}, undefined, { blockers });
    }
    const owned = await tx
      .update(items)
      .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(items.userId, member.id), isNull(items.deletedAt)))
      .returning({ id: items.id });
    await effects.emit('account.deleted', { memberId, itemIds: owned.map((item) => item.id) });
    await tx.delete(itemDrafts).where(eq(itemDrafts.userId, member.id));
    await tx.delete(wishlistItems).where(eq(wishlistItems.userId, member.id));
    await tx.delete(favorites).where(eq(favorites.userId, member.id));
    await tx
      .delete(friendships)
      .where(or(eq(friendships.requesterId, member.id), eq(friendships.addresseeId, member.id)));
    await tx.delete(notifications).where(eq(notifications.userId, member.id));
    await tx.delete(sessions).where(eq(sessions.userId, member.id));
    await tx.delete(userIdentities).where(eq(userIdentities.userId, member.id));
    await effects.emit('sessions.ended', { memberId: member.id });
    await tx
      .update(users)
      .set({
        // Under a domain no one can register (reserved-email.ts), random so that two never meet:
        // nothing a stranger does beforehand can make this update fail.
        email: `deleted-${randomUUID()}@${DELETED_ACCOUNT_EMAIL_DOMAIN}`,
        passwordHash: null,
        firstName: 'Deleted member',
        lastName: null,
        profileImageUrl: null,
        location: null,
        bio: null,
        preferredCategories: [],
        preferredSizes: {},
        role: 'member',
        deletedAt: new Date(),
      })
      .where(eq(users.id, member.id));
  });
}

/** Same answer, and the same work, for an unknown email and a wrong password. */
export async function authenticate(ctx: ServiceContext, email: string, password: string) {
  const row = await findByEmail(ctx, email);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw unauthorized('auth.invalid_credentials');
  return row;
}
