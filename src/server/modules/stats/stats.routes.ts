import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stats } from '../../../common/api/items';
import { marketplaceStats } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  // One per app instance: a large market's figures are kept for a minute (stats.service.ts).
  const current = marketplaceStats(app.services);
  app.get('/api/stats', { config: { auth: 'public' }, schema: { response: { 200: stats } } }, async () =>
    current(),
  );
};
