import type { ServerModule } from '../../lib/server-module';
import { registerSavedSearchesListeners } from './saved-searches.listeners';
import { savedSearchesRoutes } from './saved-searches.routes';

/** The saved-searches module as the app starts it (app.ts): its listeners and routes. */
export const savedSearchesModule: ServerModule = {
  name: 'saved-searches',
  listeners(app) {
    registerSavedSearchesListeners(app.services);
  },
  async routes(app) {
    await app.register(savedSearchesRoutes);
  },
};
