import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ExternalSignInError } from '../../../common/api/auth';
import { MAX_NAME_LENGTH } from '../../../common/domain/limits';
import { isUnsafeText, toOneLine } from '../../../common/domain/unsafe-text';
import type { Tx } from '../../db/connect';
import { userIdentities, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { sendVerificationLink } from './email-tokens';
import type { ExternalProfile } from './oidc.client';

/** A sign-in the provider vouched for but Threadswap cannot accept (the dialog says why). */
export class ExternalAccountRefused extends Error {
  constructor(readonly code: Extract<ExternalSignInError, 'external-no-email' | 'external-email-taken'>) {
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
 * The member an external sign-in stands for: the one linked to the provider's subject; on a first
 * sign-in, the member with the same email if the provider verified it (then linked); otherwise a
 * new member, whose password is random and never told (they may set one with "forgot password").
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
    if (!email || email.length > 254 || isUnsafeText(email) || !email.includes('@'))
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
      if (!member.emailVerifiedAt) {
        [member] = await tx
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(eq(users.id, member.id))
          .returning();
      }
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
      if (!profile.emailVerified) await sendVerificationLink(ctx, tx, effects, member);
    }
    if (!member) throw new Error('member update returned nothing');
    await tx
      .insert(userIdentities)
      .values({ userId: member.id, issuer: profile.issuer, subject: profile.subject });
    return member;
  });
}
