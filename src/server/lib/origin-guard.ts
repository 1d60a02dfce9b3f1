import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request's Origin header is absent or names this very host. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * CSRF defence: a state-changing request whose Origin is present and foreign is refused.
 * SameSite=Lax cookies cover the rest.
 */
export function installOriginGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request)) throw forbidden('request.cross_origin');
  });
}
