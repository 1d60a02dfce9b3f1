import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is `no-store` unless its route chose its own caching: most of them are personal
 * (the member, trades, conversations, notifications, wishlist, blocks), and a shared or browser
 * cache must never hand one member's answer to another or keep it after sign-out.
 */
export function installCachePolicy(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
