import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret } from '../../lib/app-secret';
import type { ServiceContext } from '../../lib/service-context';

/** How long the token of a refused sign-in lets its member appeal their suspension. */
const TOKEN_HOURS = 24;

const sign = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * A suspended member cannot sign in, so the refusal of a sign-in with the right password hands them
 * this token: `<member id>.<suspension's audit id>.<expiry ms>.<HMAC>`. It lets them appeal that
 * suspension (POST /api/appeals), nothing else, for TOKEN_HOURS.
 */
export async function appealTokenFor(
  ctx: ServiceContext,
  memberId: string,
  sanctionId: string,
  now = new Date(),
) {
  const payload = `${memberId}.${sanctionId}.${now.getTime() + TOKEN_HOURS * 60 * 60 * 1000}`;
  return `${payload}.${sign(await appSecret(ctx.db, 'appeal-token'), payload)}`;
}

/** The member a valid, unexpired token was given to; null for anything else. */
export async function memberOfAppealToken(ctx: ServiceContext, token: string, now = new Date()) {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [memberId, sanctionId, expiry, mac] = parts as [string, string, string, string];
  const payload = `${memberId}.${sanctionId}.${expiry}`;
  const expected = Buffer.from(sign(await appSecret(ctx.db, 'appeal-token'), payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) < now.getTime()) return null;
  return memberId;
}
