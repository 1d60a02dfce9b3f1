import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What the logs must never hold (ASVS 16.2.5): credentials, session tokens, cookies, emails and
 * chat text. Fastify's request serializer logs no headers or bodies today; these paths keep it so
 * should anyone log a request, a body or a member record.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'cookie',
  'cookies',
  ...[
    'password',
    'currentPassword',
    'newPassword',
    'passwordHash',
    'token',
    'tokenHash',
    'email',
    'content',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'body',
  'params',
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * An error as the logs show it: type, code, message and stack, and its causes. Never the parameters
 * of a failed query (drizzle puts them in its message) nor the database's detail fields, which quote
 * the values of a row; a database's own message has its quoted values masked for the same reason.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  const isDatabaseError = typeof code === 'string' && SQLSTATE.test(code);
  let message = error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  if (isDatabaseError) message = message.replace(/"[^"]*"/g, '"[redacted]"');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const result: Record<string, unknown> = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  if (typeof code === 'string' || typeof code === 'number') result.code = code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') result.statusCode = statusCode;
  if (error.cause !== undefined && depth < 4) result.cause = serializeError(error.cause, depth + 1);
  return result;
}

/** pino options for every logger of the server: the level, redaction and the safe error serializer. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}
