import type { ServerModule } from '../../lib/server-module';
import { registerFavoritesListeners } from './favorites.listeners';
import { favoritesRoutes } from './favorites.routes';

/** The favorites module as the app starts it (app.ts): its listeners and routes. */
export const favoritesModule: ServerModule = {
  name: 'favorites',
  listeners(app) {
    registerFavoritesListeners(app.services);
  },
  async routes(app) {
    await app.register(favoritesRoutes);
  },
};
