import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/domain/locales';
import { isReservedEmail } from '../../../common/domain/reserved-email';
import type { Tx } from '../../db/connect';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recipientLocale } from '../../lib/i18n';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertAcceptablePassword } from '../../lib/password-policy';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { emailChangeConfirmEmail, emailChangeNoticeEmail, passwordResetEmail } from './auth.emails';
import { DEMO_MEMBER_EMAIL, findByEmail } from './auth.service';
import { refuseForDemoAccount } from './demo-account';
import {
  consumeToken,
  endPendingTokens,
  issueToken,
  LINKS_A_NEW_PASSWORD_ENDS,
  liveToken,
  sendVerificationLink,
} from './email-tokens';
import { endSessionsWithin } from '../../lib/session';

/**
 * Sends a reset link if `email` belongs to an account that may be reset; otherwise does nothing.
 * Whoever asked learns nothing either way (the route answers 202 before this runs). The shared demo
 * account and deleted accounts get nothing. The email is in the member's stored language, else in
 * `requestLocale`, the language of the page that asked.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, requestLocale?: Locale) {
  const member = await findByEmail(ctx, email);
  if (!member?.passwordHash || member.email.toLowerCase() === DEMO_MEMBER_EMAIL) return;
  await transact(ctx, async (tx, effects) => {
    const token = await issueToken(tx, member.id, 'password-reset');
    effects.mail(
      passwordResetEmail(ctx.appUrl, member, token, recipientLocale(member.locale, requestLocale)),
    );
  });
}

/**
 * Sets a new password with a reset link: the password policy applies, the link is spent, every
 * session of the member ends (their sockets close) and so does every pending email change (asked
 * for with the old password), and the email counts as verified (the member just read mail sent to it).
 */
export async function confirmPasswordReset(ctx: ServiceContext, token: string, password: string) {
  const found = await liveToken(ctx.db, token, 'password-reset', false);
  if (!found) throw badRequest('auth.invalid_email_link');
  const [member] = await ctx.db.select().from(users).where(eq(users.id, found.userId));
  if (!member || member.deletedAt) throw badRequest('auth.invalid_email_link');
  refuseForDemoAccount(member, 'reset_password');
  await assertAcceptablePassword(password, [member.email, member.firstName, member.lastName ?? '']);
  const passwordHash = await hashPassword(password);
  await transact(ctx, async (tx, effects) => {
    await consumeToken(tx, token, 'password-reset');
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, member.id));
    await endPendingTokens(tx, member.id, LINKS_A_NEW_PASSWORD_ENDS);
    await endSessionsWithin(tx, effects, member.id);
  });
}

/** A new verification link for a member who has not verified yet (in `requestLocale` if they chose none). */
export async function resendVerification(ctx: ServiceContext, memberId: string, requestLocale?: Locale) {
  await transact(ctx, async (tx, effects) => {
    const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
    if (!member) throw notFound('members.not_found');
    if (member.emailVerifiedAt) throw conflict('auth.email_already_verified');
    await sendVerificationLink(ctx, tx, effects, member, requestLocale);
  });
}

/** Marks the email verified with the link sent to it. */
export async function verifyEmail(ctx: ServiceContext, token: string) {
  await transact(ctx, async (tx) => {
    const row = await consumeToken(tx, token, 'verify-email');
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, row.userId), isNull(users.deletedAt)));
  });
}

async function emailTaken(tx: Tx, email: string, exceptId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return Boolean(row && row.id !== exceptId);
}

/**
 * Starts an email change: checks the current password, sends a confirmation link to the new
 * address and a notice to the current one. The email changes only once the link is opened.
 */
export async function requestEmailChange(
  ctx: ServiceContext,
  memberId: string,
  newEmail: string,
  password: string,
  requestLocale?: Locale,
) {
  const [member] = await ctx.db.select().from(users).where(eq(users.id, memberId));
  if (!member) throw notFound('members.not_found');
  refuseForDemoAccount(member, 'change_email');
  if (!(await verifyPassword(member.passwordHash, password))) throw badRequest('auth.wrong_password');
  if (newEmail.toLowerCase() === member.email.toLowerCase()) throw badRequest('auth.same_email');
  await transact(ctx, async (tx, effects) => {
    if (await emailTaken(tx, newEmail, member.id)) throw conflict('auth.email_taken');
    const token = await issueToken(tx, member.id, 'email-change', newEmail);
    const locale = recipientLocale(member.locale, requestLocale);
    effects.mail(
      emailChangeConfirmEmail(ctx.appUrl, member, newEmail, token, locale),
      emailChangeNoticeEmail(ctx.appUrl, member, newEmail, locale),
    );
  });
}

/**
 * Applies an email change with the link sent to the new address; the new address counts as verified.
 * Every session of the member ends but `keepToken`'s (the browser that opened the link, when the
 * member is signed in there), and so does every link sent to the old address.
 */
export async function confirmEmailChange(ctx: ServiceContext, token: string, keepToken: string | undefined) {
  try {
    await transact(ctx, async (tx, effects) => {
      const row = await consumeToken(tx, token, 'email-change');
      const [member] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
      // A reserved address (reserved-email.ts) in a link sent before it was reserved is refused too.
      if (!member || member.deletedAt || !row.newEmail || isReservedEmail(row.newEmail))
        throw badRequest('auth.invalid_email_link');
      refuseForDemoAccount(member, 'change_email');
      if (await emailTaken(tx, row.newEmail, member.id)) throw conflict('auth.email_taken');
      await tx
        .update(users)
        .set({ email: row.newEmail.toLowerCase(), emailVerifiedAt: new Date() })
        .where(eq(users.id, member.id));
      await endPendingTokens(tx, member.id);
      await endSessionsWithin(tx, effects, member.id, keepToken);
    });
  } catch (error) {
    // Another account took the address between the check and the update (unique index).
    if (
      (error as { code?: unknown }).code === '23505' ||
      (error as { cause?: { code?: unknown } }).cause?.code === '23505'
    )
      throw conflict('auth.email_taken');
    throw error;
  }
}
