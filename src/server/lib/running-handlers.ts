import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Route handlers still running when the app closes. Fastify's `close()` waits for open
 * connections, not for a handler whose client went away: its response will never be written, so
 * the connection is already gone, yet the handler keeps going (a login still hashing, a write
 * between two statements). The database closes right after the app, and such a handler would meet
 * a closed pool halfway through. Each route's handler is counted while its promise is pending
 * (WebSocket routes, which live as long as their socket, are not), and the app's onClose waits for
 * the count to reach zero, for at most `graceMs`.
 */
export function waitForRunningHandlers(app: FastifyInstance, graceMs: number) {
  let running = 0;
  const idle = new Set<() => void>();
  const finished = () => {
    running -= 1;
    if (running === 0) for (const resolve of idle) resolve();
  };
  app.addHook('onRoute', (route) => {
    if (route.websocket) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function counted(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        running += 1;
        result.then(finished, finished);
      }
      return result;
    } as RouteHandlerMethod;
  });
  app.addHook('onClose', async () => {
    if (running === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        idle.delete(done);
        resolve();
      };
      const timer = setTimeout(done, graceMs);
      idle.add(done);
    });
  });
  return {
    /** How many handlers are running now. */
    get running() {
      return running;
    },
  };
}
