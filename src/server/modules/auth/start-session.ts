import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSession, deleteSession, SESSION_COOKIE, setSessionCookie } from '../../lib/session';

/**
 * Signs the member in on a fresh token; any token the browser held is ended (rotation on login).
 * Every way of signing in (password, registration, Dev Login, an external account) ends here.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
  await deleteSession(request.server.services, request.cookies[SESSION_COOKIE]);
  const token = await createSession(request.server.db, userId, request.headers['user-agent']);
  setSessionCookie(reply, token);
}
