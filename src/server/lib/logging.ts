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

/**
 * The query parameters whose values a logged request address keeps: Browse's filters, paging and
 * the app's own switches, none of them personal. Every other value is replaced by `[redacted]`:
 * links carry secrets in their query (password-reset, email and unsubscribe tokens, the sign-in
 * provider's code and state), and a logged reset token was once enough to take an account. Search
 * words are people's own text, so they are not kept either.
 */
const LOGGED_QUERY_KEYS = new Set([
  'category',
  'subcategory',
  'condition',
  'size',
  'availability',
  'rating',
  'dateFilter',
  'gender',
  'style',
  'minPrice',
  'maxPrice',
  'colors',
  'seasons',
  'tags',
  'brand',
  'sortBy',
  'limit',
  'offset',
  'before',
  'highlight',
  'w',
  'auth',
  'tab',
  'status',
  'others',
]);

/** A parameter's name, as opposed to a secret: a short identifier before an '='. */
const PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,30}$/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A request address as the logs show it: the path as it is, and in the query each value of a key
 * outside LOGGED_QUERY_KEYS as `[redacted]`; a parameter without a value or whose key is not a plain
 * name could be a secret itself (`?<token>`), and is `[redacted]` whole.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = decoded(equals < 0 ? pair : pair.slice(0, equals));
      if (LOGGED_QUERY_KEYS.has(key)) return pair;
      return equals > 0 && PARAMETER_NAME.test(key) ? `${key}=[redacted]` : '[redacted]';
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/** A request as its log lines show it (Fastify's own fields), its address redacted. */
function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

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
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}
