import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that writes nothing whatever its method (a POST that only computes an answer, such as
     * smart matches): the hooks that follow a member's writes treat it as a read. Its response does
     * not wait for the database's change notifications (marketplace cache), and it keeps the
     * member's sessions in the instance's session cache.
     */
    readOnly?: boolean;
  }
}

/** Route config for such routes: `{ config: { ...READ_ONLY, … }, schema: … }`. */
export const READ_ONLY = { readOnly: true } as const;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for a read: a GET, HEAD or OPTIONS request, or any request to a `readOnly` route. */
export const isRead = (request: FastifyRequest) =>
  READ_METHODS.has(request.method) || request.routeOptions.config.readOnly === true;
