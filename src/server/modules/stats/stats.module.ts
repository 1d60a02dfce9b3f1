import type { ServerModule } from '../../lib/server-module';
import { statsRoutes } from './stats.routes';

/** The stats module as the app starts it (app.ts): its routes. */
export const statsModule: ServerModule = {
  name: 'stats',
  async routes(app) {
    await app.register(statsRoutes);
  },
};
