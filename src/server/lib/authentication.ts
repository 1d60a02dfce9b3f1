import type { FastifyInstance, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from './errors';
import { type CurrentSession, currentSession, type MemberSessionCache, type SessionUser } from './session';

/**
 * Who may call a route: anybody, a signed-in member, a moderator (or admin), or an admin. Public
 * routes that show more to a signed-in member read the session themselves (`currentUser`).
 */
export type RouteAuth = 'public' | 'member' | 'moderator' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route; the app refuses to start with a route that does not declare it. */
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** Sessions this instance looked up recently (lib/session-cache.ts). */
    sessionCache: MemberSessionCache;
  }
  interface FastifyRequest {
    /** The signed-in member of a 'member' or 'moderator' route (authenticated before validation). */
    readonly member: SessionUser;
    /** The session of a 'member' or 'moderator' route: its id, for the session list and sockets. */
    readonly memberSession: CurrentSession;
  }
}

/**
 * Roles are stored on the account, granted from the shell (`npm run moderator`, `npm run admin`)
 * or by an admin. An admin can do everything a moderator can.
 */
export function isModerator(member: Pick<SessionUser, 'role'>) {
  return member.role === 'moderator' || member.role === 'admin';
}

export function isAdmin(member: Pick<SessionUser, 'role'>) {
  return member.role === 'admin';
}

/**
 * Suspended by a moderator at `now`: such a member has no session
 * (modules/moderation/member-sanctions.service.ts).
 */
export function isSuspended(member: Pick<SessionUser, 'suspendedAt' | 'suspendedUntil'>, now = new Date()) {
  return member.suspendedAt !== null && (member.suspendedUntil === null || member.suspendedUntil > now);
}

const members = new WeakMap<object, CurrentSession>();

/**
 * Authenticates every request by its route's declared `auth`, before its body is even parsed, so
 * a visitor learns nothing about a member route's input (401 before any 400). Routes that declare
 * nothing make the app fail at startup, so that no route is left open by omission.
 */
export function installAuthentication(app: FastifyInstance) {
  // Checked once every route is in: a plugin's own onRoute hook may still declare it meanwhile.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes
      .filter((route) => !route.config?.auth)
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    if (undeclared.length > 0) throw new Error(`Routes without config.auth: ${undeclared.join('; ')}`);
  });

  // Only a route declared 'public' can miss its session: reading these there is a programming error.
  const sessionOf = (request: object) => {
    const session = members.get(request);
    if (!session) throw unauthorized('auth.session_required');
    return session;
  };
  app.decorateRequest('member', {
    getter() {
      return sessionOf(this).user;
    },
  });
  app.decorateRequest('memberSession', {
    getter() {
      return sessionOf(this);
    },
  });

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === undefined || auth === 'public') return;
    const session = await currentSession(request);
    // A suspension ends the member's sessions; one started in a race with it is refused here too.
    if (!session || isSuspended(session.user)) throw unauthorized('auth.session_required');
    if (auth === 'moderator' && !isModerator(session.user)) throw forbidden('auth.moderators_only');
    if (auth === 'admin' && !isAdmin(session.user)) throw forbidden('auth.admins_only');
    members.set(request, session);
  });
}
