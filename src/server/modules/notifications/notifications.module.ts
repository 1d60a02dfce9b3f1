import type { ServerModule } from '../../lib/server-module';
import { registerNotificationsSweep } from './notification-mailing';
import { registerNotificationsListeners } from './notifications.listeners';
import { notificationsRoutes } from './notifications.routes';
import { unsubscribeRoutes } from './unsubscribe.routes';

/** The notifications module as the app starts it (app.ts): its listeners, periodic tasks and routes. */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  listeners(app) {
    registerNotificationsListeners(app.services);
  },
  sweeps(app) {
    registerNotificationsSweep(app.sweep, app.services);
  },
  async routes(app) {
    await app.register(notificationsRoutes);
    await app.register(unsubscribeRoutes);
  },
};
