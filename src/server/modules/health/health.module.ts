import type { ServerModule } from '../../lib/server-module';
import { healthRoutes } from './health.routes';
import { metricsRoutes } from './metrics.routes';

/** The health module as the app starts it (app.ts): its routes. */
export const healthModule: ServerModule = {
  name: 'health',
  async routes(app) {
    await app.register(healthRoutes);
    await app.register(metricsRoutes);
  },
};
