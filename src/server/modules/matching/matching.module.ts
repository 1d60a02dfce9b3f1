import type { ServerModule } from '../../lib/server-module';
import { registerMatchingListeners } from './matching.listeners';
import { matchingRoutes } from './matching.routes';

/** The matching module as the app starts it (app.ts): its listeners and routes. */
export const matchingModule: ServerModule = {
  name: 'matching',
  listeners(app) {
    registerMatchingListeners(app.services);
  },
  async routes(app) {
    await app.register(matchingRoutes);
  },
};
