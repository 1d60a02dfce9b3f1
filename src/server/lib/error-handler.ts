import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorResponse } from '../../common/api/common';
import { type ErrorCode, type ZodIssueLike, zodIssueCode } from '../../common/api/errors';
import { englishMessage } from './error-messages';
import { genericCode, HttpError } from './errors';

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

/** An answer's body: the code, its params when it has some, the English message, the issues. */
function errorBody(
  code: ErrorCode,
  message: string,
  params?: Record<string, string | number>,
  issues?: ErrorResponse['issues'],
): ErrorResponse {
  return { code, ...(params ? { params } : {}), message, ...(issues ? { issues } : {}) };
}

/** A zod issue as an answer's issue: its code and params beside its (English) message. */
function fieldIssue(path: Array<string | number>, issue: ZodIssueLike, message: string) {
  const { code, params } = zodIssueCode(issue);
  return { path, code, ...(params ? { params } : {}), message };
}

/** A 400's body for invalid input: the first issue's message, and every issue. */
function invalidInput(issues: NonNullable<ErrorResponse['issues']>): ErrorResponse {
  return errorBody('validation.invalid', issues[0]?.message ?? 'Invalid request', undefined, issues);
}

/**
 * One error policy for every route: client faults keep their 4xx status, a code and a clear
 * message; anything else is logged and answered with a bare 500, never with internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) =>
        fieldIssue(
          issue.instancePath.split('/').filter(Boolean),
          { ...issue.params, code: issue.keyword },
          describeIssue(error.validationContext, issue.instancePath, issue.message ?? 'Invalid value'),
        ),
      );
      return reply.status(400).send(invalidInput(issues));
    }
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) =>
        fieldIssue(
          issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
          issue,
          issue.message,
        ),
      );
      return reply.status(400).send(invalidInput(issues));
    }
    if (error instanceof HttpError) {
      const body: ErrorResponse = {
        ...errorBody(error.code, error.message, error.params, error.issues),
        ...error.extra,
      };
      return reply.status(error.statusCode).headers(error.headers).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { code, message } = clientError(error, status);
      return reply.status(status).send(errorBody(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      return reply.status(503).send(errorBody('http.unavailable', englishMessage('http.unavailable')));
    }
    return reply.status(500).send(errorBody('http.internal', englishMessage('http.internal')));
  });
}

/** Fastify's own 4xx errors (bad JSON, body too large, ...): their code, and no internals. */
function clientError(error: FastifyError, status: number): { code: ErrorCode; message: string } {
  const known: Record<string, ErrorCode> = {
    FST_ERR_CTP_EMPTY_JSON_BODY: 'request.empty_json',
    FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalid_json',
    FST_ERR_CTP_BODY_TOO_LARGE: 'request.body_too_large',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  };
  const code = error.code ? known[error.code] : undefined;
  if (code) return { code, message: englishMessage(code) };
  return { code: genericCode(status), message: error.message };
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
