import type { FastifyInstance } from 'fastify';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../common/domain/unsafe-text';
import type { ErrorResponse } from '../../common/api/common';

const PARTS = [
  ['params', 'Path parameter'],
  ['query', 'Query parameter'],
  ['body', 'Request body'],
] as const;

/**
 * Refuses a NUL byte or a lone surrogate anywhere in the path parameters, the query string or a
 * JSON body with a 400, before any route sees it: the database would otherwise fail with a 500.
 * One hook for every route, so that no field can forget the check.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, label] of PARTS) {
      const path = findUnsafeText(request[part]);
      if (!path) continue;
      const field = path.join('.');
      const message = `${label}${field ? ` ${field}` : ''} ${UNSAFE_TEXT_MESSAGE}`;
      const code = 'validation.unsafe_text';
      const body: ErrorResponse = { code: 'validation.invalid', message, issues: [{ path, code, message }] };
      return reply.status(400).send(body);
    }
  });
}
