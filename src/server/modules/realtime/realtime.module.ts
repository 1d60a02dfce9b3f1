import type { ServerModule } from '../../lib/server-module';
import { realtimeGateway, type RealtimeGatewayOptions } from './gateway';
import { registerRealtimeListeners } from './realtime.listeners';

/** The realtime module as the app starts it (app.ts): its listeners and the WebSocket gateway. */
export function realtimeModule(options: RealtimeGatewayOptions): ServerModule {
  return {
    name: 'realtime',
    listeners(app) {
      registerRealtimeListeners(app.services.events, app.bus);
    },
    async routes(app) {
      await app.register(realtimeGateway, options);
    },
  };
}
