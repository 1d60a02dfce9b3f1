import type { ServerModule } from '../../lib/server-module';
import { registerModerationListeners } from './moderation.listeners';
import { moderationRoutes } from './moderation.routes';
import { registerModerationSweep } from './moderation.sweep';

/** The moderation module as the app starts it (app.ts): its listeners, periodic tasks and routes. */
export const moderationModule: ServerModule = {
  name: 'moderation',
  listeners(app) {
    registerModerationListeners(app.services);
  },
  sweeps(app) {
    registerModerationSweep(app.sweep, app.services);
  },
  async routes(app) {
    await app.register(moderationRoutes);
  },
};
