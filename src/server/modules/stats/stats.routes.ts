import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stats } from '../../../common/api/items';
import { marketplaceStats } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stats', { config: { auth: 'public' }, schema: { response: { 200: stats } } }, async () =>
    marketplaceStats(app.services),
  );
};
