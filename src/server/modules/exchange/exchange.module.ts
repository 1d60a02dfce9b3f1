import type { ServerModule } from '../../lib/server-module';
import { exchangeRoutes } from './exchange.routes';

/** The exchange module as the app starts it (app.ts): its routes. */
export const exchangeModule: ServerModule = {
  name: 'exchange',
  async routes(app) {
    await app.register(exchangeRoutes);
  },
};
