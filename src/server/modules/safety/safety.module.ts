import type { ServerModule } from '../../lib/server-module';
import { safetyRoutes } from './safety.routes';

/** The safety module as the app starts it (app.ts): its routes. */
export const safetyModule: ServerModule = {
  name: 'safety',
  async routes(app) {
    await app.register(safetyRoutes);
  },
};
