import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Answers a request before Fastify sees it, when it can; false leaves the request to Fastify. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

interface ServerOptions {
  keepAliveTimeout?: unknown;
  requestTimeout?: unknown;
  connectionTimeout?: unknown;
  maxRequestsPerSocket?: unknown;
}

const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would make (same timeouts), whose requests
 * first go to `front()` (read at each request, so that it can be set once the app is built). The
 * marketplace cache answers its repeated reads there as ready bytes, without routing, hooks,
 * validation or a handler (decision 015, "Ready answers").
 *
 * `headersTimeout` (ms), which Fastify has no option for, bounds how long a request's headers may take
 * to arrive; it is at most the request timeout. Node checks both every `connectionsCheckingInterval`
 * (30 s by default, which would let a short timeout run long): here every second, or four times per
 * headers timeout when that is shorter.
 */
export function frontedServer(
  front: () => FrontHandler | undefined,
  { headersTimeout }: { headersTimeout: number },
) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: ServerOptions) => {
    const server: Server = createServer(
      {
        headersTimeout,
        requestTimeout: number(options.requestTimeout, 0),
        connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeout / 4)),
      },
      (request, response) => {
        if (!front()?.(request, response)) handler(request, response);
      },
    );
    server.keepAliveTimeout = number(options.keepAliveTimeout, 72_000);
    server.setTimeout(number(options.connectionTimeout, 0));
    const perSocket = number(options.maxRequestsPerSocket, 0);
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}
