import type { ServerModule } from '../../lib/server-module';
import { registerChatListeners } from './chat.listeners';
import { chatRoutes } from './chat.routes';

/** The chat module as the app starts it (app.ts): its listeners and routes. */
export const chatModule: ServerModule = {
  name: 'chat',
  listeners(app) {
    registerChatListeners(app.services);
  },
  async routes(app) {
    await app.register(chatRoutes);
  },
};
