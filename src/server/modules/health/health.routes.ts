import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { config: { auth: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { auth: 'public' } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable' });
    }
  });
};
