import type { ServerModule } from '../../lib/server-module';
import { reviewsRoutes } from './reviews.routes';

/** The reviews module as the app starts it (app.ts): its routes. */
export const reviewsModule: ServerModule = {
  name: 'reviews',
  async routes(app) {
    await app.register(reviewsRoutes);
  },
};
