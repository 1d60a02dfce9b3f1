import type { ServerModule } from '../../lib/server-module';
import { registerGiveawaysListeners } from './giveaways.listeners';
import { giveawaysRoutes } from './giveaways.routes';
import { meetupsRoutes } from './meetups.routes';
import { registerTradesListeners } from './trades.listeners';
import { tradesRoutes } from './trades.routes';
import { registerTradesSweep } from './trades.sweep';

/** The trades module as the app starts it (app.ts): its listeners, periodic tasks and routes. */
export const tradesModule: ServerModule = {
  name: 'trades',
  listeners(app) {
    registerTradesListeners(app.services);
    registerGiveawaysListeners(app.services);
  },
  sweeps(app) {
    registerTradesSweep(app.sweep, app.services, app.config.tradeTimers);
  },
  async routes(app) {
    await app.register(tradesRoutes);
    await app.register(giveawaysRoutes);
    await app.register(meetupsRoutes);
  },
};
