import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertMaySignIn } from '../moderation';
import { createSession, deleteSession, SESSION_COOKIE, setSessionCookie } from '../../lib/session';

/**
 * Signs the member in on a fresh token; any token the browser held is ended (rotation on login).
 * Every way of signing in (password, registration, Dev Login, an external account) ends here.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
  // A suspended member is refused (403, with the reason, the end and a token to appeal with).
  await assertMaySignIn(request.server.services, userId);
  await deleteSession(request.server.services, request.cookies[SESSION_COOKIE]);
  const token = await createSession(request.server.db, userId, request.headers['user-agent']);
  setSessionCookie(reply, token);
}
