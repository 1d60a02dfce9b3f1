import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { forbidden } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only members who verified their email may use this route, when REQUIRE_EMAIL_VERIFICATION is on. */
    verifiedEmail?: boolean;
  }
}

/**
 * With REQUIRE_EMAIL_VERIFICATION on, routes marked `config.verifiedEmail` (trade requests,
 * messages) answer 403 with a clear message to members who have not verified their email.
 */
export function installEmailVerification(app: FastifyInstance) {
  if (!app.config.mail.requireEmailVerification) return;
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.verifiedEmail) requireVerifiedEmail(app, request.member);
  });
}

/**
 * The same rule inside a handler, for a route that needs a verified email for one of its actions only
 * (accepting a swap ring, not declining or backing out of one).
 */
export function requireVerifiedEmail(app: FastifyInstance, member: { emailVerifiedAt: Date | null }) {
  if (app.config.mail.requireEmailVerification && !member.emailVerifiedAt)
    throw forbidden('auth.email_not_verified');
}

/** The same rule for a socket, whose member may have verified since it opened: read afresh. */
export async function assertEmailVerified(db: Db, required: boolean, memberId: string) {
  if (!required) return;
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, memberId));
  if (!row?.verifiedAt) throw forbidden('auth.email_not_verified');
}
