import type { ServerModule } from '../../lib/server-module';
import { registerCommunityListeners } from './community.listeners';
import { communityRoutes } from './community.routes';

/** The community module as the app starts it (app.ts): its listeners and routes. */
export const communityModule: ServerModule = {
  name: 'community',
  listeners(app) {
    registerCommunityListeners(app.services);
  },
  async routes(app) {
    await app.register(communityRoutes);
  },
};
