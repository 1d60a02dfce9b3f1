import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailInDomains, INVITATION_DAYS, type Invitation } from '../../../common/api/community';
import type { Tx } from '../../db/connect';
import { invitations } from '../../db/schema';
import type { CommunitySeed } from '../../env';
import { forbidden } from '../../lib/errors';
import { hashToken } from '../../lib/session';
import type { ServiceContext } from '../../lib/service-context';
import { lockedCommunity } from '../../lib/community-settings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new invitation link from a member (or admin): usable once, for INVITATION_DAYS. Only the
 * token's hash is stored; the link opens the sign-up form with the token in it.
 */
export async function createInvitation(
  ctx: ServiceContext,
  memberId: string,
  now = new Date(),
): Promise<Invitation> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  await ctx.db.insert(invitations).values({ tokenHash: hashToken(token), inviterId: memberId, expiresAt });
  const url = `${ctx.appUrl}/?auth=register&invitation=${encodeURIComponent(token)}`;
  return { url, token, expiresAt: expiresAt.toISOString() };
}

/**
 * Whether the community admits a new account, inside the transaction that creates it (the
 * 'member.joining' listener): 'open' admits anybody; 'invite' needs a live invitation, which is
 * spent here on its locked row, so that two sign-ups with one link cannot both pass; 'domains'
 * needs an address at an allowed domain (or one of its subdomains). External sign-ins come with
 * no invitation. Throws the 403 that says why.
 */
export async function admitNewMember(
  tx: Tx,
  seed: CommunitySeed | undefined,
  joining: { memberId: string; email: string; invitation: string | null },
  now = new Date(),
): Promise<void> {
  // Not locked: a registration must not wait on (or hold up) an admin's change of settings.
  const settings = await lockedCommunity(tx, seed, false);
  if (settings.registration === 'open') return;
  if (settings.registration === 'domains') {
    if (!emailInDomains(joining.email, settings.allowedDomains))
      throw forbidden('auth.domain_not_allowed', { domains: settings.allowedDomains.join(', ') });
    return;
  }
  if (!joining.invitation) throw forbidden('auth.invitation_required');
  const [row] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(joining.invitation)))
    .for('update');
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
    throw forbidden('auth.invitation_invalid');
  await tx
    .update(invitations)
    .set({ usedAt: now, usedBy: joining.memberId })
    .where(eq(invitations.id, row.id));
}
