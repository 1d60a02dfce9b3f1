import type { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Where a listening test app answers. */
export interface Listening {
  port: number;
  /** `http://127.0.0.1:<port>`, for fetch and TestSocket.open. */
  baseUrl: string;
}

/** What listen needs of an app: the test app (AppInstance) and a bare Fastify() both fit. */
type Listenable = Pick<FastifyInstance, 'listen' | 'server'>;

const started = new WeakMap<Listenable, Promise<Listening>>();

/**
 * Puts an app on a real socket (127.0.0.1, a free port) for the tests that need one: WebSockets,
 * slow clients, answers given before Fastify. Calling it again for the same app (another test, another
 * describe block) returns the same address instead of failing with "already listening".
 */
export function listen(app: Listenable): Promise<Listening> {
  let listening = started.get(app);
  if (!listening) {
    listening = app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      const address = app.server.address();
      if (typeof address !== 'object' || !address) throw new Error('test app has no TCP address');
      return { port: address.port, baseUrl: `http://127.0.0.1:${address.port}` };
    });
    started.set(app, listening);
  }
  return listening;
}

/**
 * Puts a plain Node server (node:http, node:net) on 127.0.0.1 at a free port and answers the port:
 * the stand-in providers the tests start (an OpenID Connect provider, a port to hand a child process).
 */
export async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no TCP address');
  return address.port;
}
