import type { ServerModule } from '../../lib/server-module';
import { registerSocialListeners } from './social.listeners';
import { socialRoutes } from './social.routes';

/** The social module as the app starts it (app.ts): its listeners and routes. */
export const socialModule: ServerModule = {
  name: 'social',
  listeners(app) {
    registerSocialListeners(app.services);
  },
  async routes(app) {
    await app.register(socialRoutes);
  },
};
