import type { FastifyInstance } from 'fastify';
import type { MemberAction, MemberLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The member's budget this route draws one point from (abuse limits, lib/rate-limit.ts). */
    memberLimit?: MemberAction;
  }
  interface FastifyInstance {
    /** Per-member budgets; routes draw on them by `config.memberLimit`, the socket gateway directly. */
    memberLimiter: MemberLimiter;
  }
}

/**
 * Charges a route's `config.memberLimit` once the request is authenticated and its input valid,
 * before the handler does any work: a refused request costs one lookup.
 */
export function installMemberLimits(app: FastifyInstance, limiter: MemberLimiter) {
  app.decorate('memberLimiter', limiter);
  app.addHook('preHandler', async (request) => {
    const action = request.routeOptions.config.memberLimit;
    if (action) await limiter.take(action, request.member.id);
  });
}
