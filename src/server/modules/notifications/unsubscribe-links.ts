import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '../../../common/api/email-preferences';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { appSecret } from '../../lib/app-secret';
import { badRequest, forbidden, notFound } from '../../lib/errors';

/** The name of the key that signs unsubscribe links (app_secrets). */
const SIGNING_KEY = 'unsubscribe-links';
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const signature = (key: Buffer, memberId: string, scope: UnsubscribeScope) =>
  createHmac('sha256', key).update(`unsubscribe\n${memberId}\n${scope}`).digest('base64url');

/**
 * The token of a member's unsubscribe link for one kind of email (or all): `<member id>.<scope>.<HMAC>`,
 * signed with a server secret. It never expires: an old email's link keeps working.
 */
export async function unsubscribeToken(db: Db, memberId: string, scope: UnsubscribeScope) {
  return `${memberId}.${scope}.${signature(await appSecret(db, SIGNING_KEY), memberId, scope)}`;
}

export async function unsubscribeUrl(db: Db, appUrl: string, memberId: string, scope: UnsubscribeScope) {
  return `${appUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await unsubscribeToken(db, memberId, scope))}`;
}

/**
 * Who and what a token names, once its signature checks out: 400 for a token that is not one, 403 for
 * a forged or altered one, 404 when its member's account is gone.
 */
export async function readUnsubscribeToken(db: Db, token: string) {
  const [memberId = '', scope = '', given = ''] = token.split('.');
  if (!(UNSUBSCRIBE_SCOPES as readonly string[]).includes(scope))
    throw badRequest('notifications.invalid_unsubscribe_link');
  const expected = Buffer.from(
    signature(await appSecret(db, SIGNING_KEY), memberId, scope as UnsubscribeScope),
  );
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    throw forbidden('notifications.altered_unsubscribe_link');
  const [member] = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, memberId), isNull(users.deletedAt)));
  if (!member) throw notFound('notifications.account_gone');
  return { memberId, scope: scope as UnsubscribeScope, email: member.email, locale: member.locale };
}
