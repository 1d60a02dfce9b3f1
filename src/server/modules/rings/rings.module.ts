import type { ServerModule } from '../../lib/server-module';
import { registerRingsListeners } from './rings.listeners';
import { ringsRoutes } from './rings.routes';
import { registerRingsRepack, registerRingsSweep } from './rings.sweep';
import { swapRulesRoutes } from './swap-rules.routes';

/** The rings module as the app starts it (app.ts): its listeners, periodic tasks and routes. */
export const ringsModule: ServerModule = {
  name: 'rings',
  listeners(app) {
    registerRingsListeners(app.services, app.config.ringTimers);
  },
  sweeps(app) {
    registerRingsSweep(app.sweep, app.services, app.config.tradeTimers);
    // The global re-pack runs on its own sweep (its own interval and advisory lock).
    registerRingsRepack(app.ringRepack, app.services, app.config.ringTimers);
  },
  async routes(app) {
    await app.register(swapRulesRoutes);
    await app.register(ringsRoutes);
  },
};
