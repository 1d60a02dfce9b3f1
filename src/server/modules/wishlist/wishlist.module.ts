import type { ServerModule } from '../../lib/server-module';
import { registerWishlistListeners } from './wishlist.listeners';
import { wishlistRoutes } from './wishlist.routes';

/** The wishlist module as the app starts it (app.ts): its listeners and routes. */
export const wishlistModule: ServerModule = {
  name: 'wishlist',
  listeners(app) {
    registerWishlistListeners(app.services);
  },
  async routes(app) {
    await app.register(wishlistRoutes);
  },
};
