import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  EMAIL_TYPES,
  UNSUBSCRIBE_SCOPES,
  type UnsubscribeScope,
} from '../../../common/api/email-preferences';
import type { Db, Queryable } from '../../db/connect';
import { users } from '../../db/schema';
import { appSecret } from '../../lib/app-secret';
import { badRequest, forbidden, httpError, notFound } from '../../lib/errors';
import { getEmailPreferences } from './email-preferences.service';

/** The name of the key that signs unsubscribe links (app_secrets). */
const SIGNING_KEY = 'unsubscribe-links';
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
/** How long an unsubscribe link works after its email was sent. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const LINK_LIFETIME_SECONDS = UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** Which address a link was sent to, without writing the address into it. */
const addressTag = (key: Buffer, email: string) => hmac(key, `unsubscribe-address\n${email}`).slice(0, 16);

const signature = (key: Buffer, memberId: string, scope: UnsubscribeScope, issued: string, tag: string) =>
  hmac(key, `unsubscribe\n${memberId}\n${scope}\n${issued}\n${tag}`);

/**
 * The token of a member's unsubscribe link for one kind of email (or all):
 * `<member id>.<scope>.<issued>.<address tag>.<HMAC>`, signed with a server secret. It names no
 * email address. It is a capability anyone holding it may use, so it is bounded: it expires
 * `UNSUBSCRIBE_LINK_DAYS` after it was made, it is revoked when the member's email address changes
 * (the tag names the address it was sent to), and it is spent once the emails it names are off.
 */
export async function unsubscribeToken(
  db: Queryable,
  member: { id: string; email: string },
  scope: UnsubscribeScope,
  now = new Date(),
) {
  const key = await appSecret(db, SIGNING_KEY);
  const issued = String(Math.floor(now.getTime() / 1000));
  const tag = addressTag(key, member.email);
  return `${member.id}.${scope}.${issued}.${tag}.${signature(key, member.id, scope, issued, tag)}`;
}

export async function unsubscribeUrl(
  db: Queryable,
  appUrl: string,
  member: { id: string; email: string },
  scope: UnsubscribeScope,
) {
  return `${appUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await unsubscribeToken(db, member, scope))}`;
}

/**
 * Who and what a token names, once it checks out: 400 for a token that is not one, 403 for a forged
 * or altered one, 410 for one that expired, was revoked by an email change or has nothing left to
 * turn off, and 404 when its member's account is gone. A link from before links expired (three
 * parts, no issue time) is expired.
 */
export async function readUnsubscribeToken(db: Db, token: string, now = new Date()) {
  const parts = token.split('.');
  const [memberId = '', scope = '', issued = '0', tag = '', given = ''] =
    parts.length === 3 ? [parts[0], parts[1], '0', '', parts[2]] : parts;
  if (!(UNSUBSCRIBE_SCOPES as readonly string[]).includes(scope))
    throw badRequest('notifications.invalid_unsubscribe_link');
  if (now.getTime() / 1000 - Number(issued) > LINK_LIFETIME_SECONDS)
    throw httpError(410, 'notifications.unsubscribe_link_expired', { days: UNSUBSCRIBE_LINK_DAYS });
  const key = await appSecret(db, SIGNING_KEY);
  const expected = Buffer.from(signature(key, memberId, scope as UnsubscribeScope, issued, tag));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    throw forbidden('notifications.altered_unsubscribe_link');
  const [member] = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, memberId), isNull(users.deletedAt)));
  if (!member) throw notFound('notifications.account_gone');
  if (addressTag(key, member.email) !== tag) throw httpError(410, 'notifications.unsubscribe_link_revoked');
  const preferences = await getEmailPreferences(db, memberId);
  const kinds = scope === 'all' ? EMAIL_TYPES : [scope as Exclude<UnsubscribeScope, 'all'>];
  if (kinds.every((kind) => !preferences[kind])) throw httpError(410, 'notifications.already_unsubscribed');
  return { member, scope: scope as UnsubscribeScope, locale: member.locale };
}
