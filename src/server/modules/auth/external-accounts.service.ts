import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ExternalSignInError } from '../../../common/api/auth';
import { MAX_NAME_LENGTH } from '../../../common/domain/limits';
import { isReservedEmail } from '../../../common/domain/reserved-email';
import { isUnsafeText, toOneLine } from '../../../common/domain/unsafe-text';
import type { Tx } from '../../db/connect';
import { emailPreferences, userIdentities, users } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { endPendingTokens, sendVerificationLink } from './email-tokens';
import type { ExternalProfile } from './oidc.client';
import { endSessionsWithin } from '../../lib/session';

/** A sign-in the provider vouched for but Threadswap cannot accept (the dialog says why). */
export class ExternalAccountRefused extends Error {
  constructor(
    readonly code: Extract<
      ExternalSignInError,
      | 'external-no-email'
      | 'external-email-taken'
      | 'external-invitation-required'
      | 'external-domain-not-allowed'
    >,
  ) {
    super(code);
    this.name = 'ExternalAccountRefused';
  }
}

/** A name from the provider as Threadswap stores names: safe text, trimmed, within the length limit. */
function cleanName(value: string | undefined): string | undefined {
  if (!value || isUnsafeText(value)) return undefined;
  // What a one-line field refuses (line breaks, control and bidirectional override characters) is removed.
  const cleaned = toOneLine(value).trim();
  return cleaned ? [...cleaned].slice(0, MAX_NAME_LENGTH).join('') : undefined;
}

function namesOf(profile: ExternalProfile, email: string) {
  const given = cleanName(profile.givenName);
  if (given) return { firstName: given, lastName: cleanName(profile.familyName) ?? null };
  const [first, ...rest] = (cleanName(profile.name) ?? '').split(/\s+/).filter(Boolean);
  if (first) return { firstName: first, lastName: cleanName(rest.join(' ')) ?? null };
  return { firstName: cleanName(email.split('@')[0]) ?? 'Member', lastName: null };
}

async function memberByIdentity(tx: Tx, issuer: string, subject: string) {
  const [row] = await tx
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject), isNull(users.deletedAt)),
    )
    .limit(1);
  return row?.user;
}

/**
 * Hands an account whose address nobody proved to this app to the person the provider says owns
 * that address (docs/decisions/019-external-sign-in-and-unverified-accounts.md). Whoever typed the
 * address at sign-up loses every way back in: the password becomes one nobody knows (the owner may
 * choose one with "forgot password"), every session ends, external accounts linked before are
 * unlinked, and every pending emailed link stops working (an email change to the registrant's own
 * inbox would hand the account back). The email settings return to the defaults, so that the owner
 * hears of whatever the registrant left under way in the account.
 */
async function takeOverUnverifiedAccount(
  tx: Tx,
  effects: Effects,
  memberId: string,
  unusablePassword: string,
) {
  const [member] = await tx
    .update(users)
    .set({ emailVerifiedAt: new Date(), passwordHash: unusablePassword })
    .where(eq(users.id, memberId))
    .returning();
  await tx.delete(userIdentities).where(eq(userIdentities.userId, memberId));
  await endPendingTokens(tx, memberId);
  await tx.delete(emailPreferences).where(eq(emailPreferences.userId, memberId));
  await endSessionsWithin(tx, effects, memberId);
  return member;
}

/**
 * The member an external sign-in stands for: the one linked to the provider's subject; on a first
 * sign-in, the member with the same email if the provider verified it (linked as it stands when
 * this app verified that address too; otherwise taken over from whoever registered it); else a new
 * member, whose password is random and never told (they may set one with "forgot password").
 * Concurrent first sign-ins of one subject are serialised by a transaction lock on it.
 */
export async function memberForExternalProfile(ctx: ServiceContext, profile: ExternalProfile) {
  // Hashed before the transaction: argon2 is slow on purpose, and a lock should not wait on it.
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  return transact(ctx, async (tx, effects) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`oidc:${profile.issuer}:${profile.subject}`}))`,
    );
    const linked = await memberByIdentity(tx, profile.issuer, profile.subject);
    if (linked) return linked;
    const email = profile.email;
    if (!email || email.length > 254 || isUnsafeText(email) || !email.includes('@') || isReservedEmail(email))
      throw new ExternalAccountRefused('external-no-email');
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)))
      .for('update')
      .limit(1);
    let member = existing;
    if (member) {
      // Linking by email hands the account to whoever controls the provider account: only when
      // the provider itself verified that address.
      if (!profile.emailVerified) throw new ExternalAccountRefused('external-email-taken');
      // An address this app never verified may have been typed by anyone: linking would let them
      // keep their password and sessions in the account of the address's owner.
      if (!member.emailVerifiedAt)
        member = await takeOverUnverifiedAccount(tx, effects, member.id, unusablePassword);
    } else {
      [member] = await tx
        .insert(users)
        .values({
          ...namesOf(profile, email),
          email,
          passwordHash: unusablePassword,
          emailVerifiedAt: profile.emailVerified ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      // The address was taken by a deleted-then-reused row or a concurrent sign-up.
      if (!member) throw new ExternalAccountRefused('external-email-taken');
      // A new account obeys the community's rule of who may join, as a sign-up does.
      try {
        await effects.emit('member.joining', {
          memberId: member.id,
          email,
          invitation: null,
          via: 'external',
        });
      } catch (error) {
        if (error instanceof HttpError && error.code === 'auth.invitation_required')
          throw new ExternalAccountRefused('external-invitation-required');
        if (error instanceof HttpError && error.code === 'auth.domain_not_allowed')
          throw new ExternalAccountRefused('external-domain-not-allowed');
        throw error;
      }
      if (!profile.emailVerified) await sendVerificationLink(ctx, tx, effects, member);
    }
    if (!member) throw new Error('member update returned nothing');
    await tx
      .insert(userIdentities)
      .values({ userId: member.id, issuer: profile.issuer, subject: profile.subject });
    return member;
  });
}
