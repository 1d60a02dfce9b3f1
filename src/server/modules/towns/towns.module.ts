import type { ServerModule } from '../../lib/server-module';
import { townsRoutes } from './towns.routes';

/** The towns module as the app starts it (app.ts): its routes. */
export const townsModule: ServerModule = {
  name: 'towns',
  async routes(app) {
    await app.register(townsRoutes);
  },
};
