import type { ServerModule } from '../../lib/server-module';
import { usersRoutes } from './users.routes';

/** The users module as the app starts it (app.ts): its routes. */
export const usersModule: ServerModule = {
  name: 'users',
  async routes(app) {
    await app.register(usersRoutes);
  },
};
