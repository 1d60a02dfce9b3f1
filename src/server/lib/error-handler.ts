import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorResponse } from '../../common/api/common';
import { HttpError } from './errors';

const GENERIC_ZOD =
  /^(Invalid input|Invalid option|Too (big|small)|Unrecognized key|Invalid (string|number|element|key))/;

const where: Record<string, string> = {
  body: 'Request body',
  querystring: 'Query parameter',
  params: 'Path parameter',
  headers: 'Header',
};

function describeIssue(context: string | undefined, path: string, message: string): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  if (!field) {
    if (context === 'body' && /expected object/.test(message)) return 'Request body must be a JSON object';
    return GENERIC_ZOD.test(message) ? `${where[context ?? ''] ?? 'Input'}: ${message}` : message;
  }
  return GENERIC_ZOD.test(message) ? `${field}: ${message}` : message;
}

/**
 * One error policy for every route: client faults keep their 4xx status and a clear
 * message; anything else is logged and answered with a bare 500, never with internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: describeIssue(error.validationContext, issue.instancePath, issue.message ?? 'Invalid value'),
      }));
      const body: ErrorResponse = { message: issues[0]?.message ?? 'Invalid request', issues };
      return reply.status(400).send(body);
    }
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({
        path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        message: issue.message,
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof HttpError) {
      const body: ErrorResponse = {
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...error.extra,
      };
      return reply.status(error.statusCode).headers(error.headers).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      return reply
        .status(503)
        .send({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    }
    return reply.status(500).send({ message: 'Internal server error' });
  });
}

/** Fastify's own 4xx errors (bad JSON, body too large, ...) with their code prefix removed. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty when the content type is JSON';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
