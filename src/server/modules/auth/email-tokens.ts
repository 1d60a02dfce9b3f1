import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '../../../common/domain/locales';
import type { Db, Tx } from '../../db/connect';
import { type EmailTokenPurpose, emailTokens } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { badRequest } from '../../lib/errors';
import { recipientLocale } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { hashToken } from '../../lib/session';
import { verifyEmailEmail } from './auth.emails';

/** How long each kind of emailed link works. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'password-reset': 30 * 60 * 1000,
  'verify-email': 7 * 24 * 60 * 60 * 1000,
  'email-change': 24 * 60 * 60 * 1000,
};

/**
 * A new single-use token for `purpose`; the member's earlier unused ones of the same purpose stop
 * working (only the latest link sent works). Only the token's hash is stored.
 */
export async function issueToken(
  tx: Tx,
  memberId: string,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
  now = new Date(),
) {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(eq(emailTokens.userId, memberId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
    );
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: memberId,
    purpose,
    newEmail,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** The token's row, if it is of this purpose, unused and unexpired; locked when `tx` is a transaction. */
export async function liveToken(tx: Tx | Db, token: string, purpose: EmailTokenPurpose, lock: boolean) {
  const query = tx
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

/** Spends the token inside the transaction (locked, so two uses at once cannot both pass), or 400. */
export async function consumeToken(tx: Tx, token: string, purpose: EmailTokenPurpose) {
  const row = await liveToken(tx, token, purpose, true);
  if (!row) throw badRequest('auth.invalid_email_link');
  await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.tokenHash, row.tokenHash));
  return row;
}

/**
 * The links a new password ends: a reset link asked for before it, and an email change asked for
 * with the old password (perhaps by whoever learned it, to move the account to their own inbox).
 * A verification link stays: it proves only that the member reads their current address.
 */
export const LINKS_A_NEW_PASSWORD_ENDS = ['password-reset', 'email-change'] as const;

/**
 * Ends the member's unused links of these purposes (of every purpose when none is named): a link
 * sent before a password or an address changed, or before the account changed hands, must not work
 * after it.
 */
export async function endPendingTokens(tx: Tx, memberId: string, purposes?: readonly EmailTokenPurpose[]) {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, memberId),
        isNull(emailTokens.usedAt),
        purposes ? inArray(emailTokens.purpose, [...purposes]) : undefined,
      ),
    );
}

/**
 * Sends the verification link of a new account (called in its registration's transaction), in the
 * member's stored language, else `requestLocale` (the language of the sign-up page), else English.
 */
export async function sendVerificationLink(
  ctx: ServiceContext,
  tx: Tx,
  effects: Effects,
  member: { id: string; email: string; firstName: string; locale?: string | null },
  requestLocale?: Locale,
) {
  const token = await issueToken(tx, member.id, 'verify-email');
  const locale = recipientLocale(member.locale, requestLocale);
  effects.mail(verifyEmailEmail(ctx.appUrl, member, token, locale));
}
