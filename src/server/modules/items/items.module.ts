import type { ServerModule } from '../../lib/server-module';
import { draftsRoutes } from './drafts.routes';
import { registerDraftsSweep } from './drafts.sweep';
import { registerFacetFoldSweep } from './facet-counts';
import { itemsRoutes } from './items.routes';
import { registerListedTownsSweep } from './listed-towns.sweep';
import { registerSearchWordsFoldSweep } from './search-vocabulary';
import { registerTrendingSweep } from './trending';

/** The items module as the app starts it (app.ts): its periodic tasks and routes. */
export const itemsModule: ServerModule = {
  name: 'items',
  sweeps(app) {
    // Drafts before images (app.ts): the photos of the drafts that expire are then swept with the
    // other unused photos.
    registerDraftsSweep(app.sweep, app.services);
    registerTrendingSweep(app.sweep, app.services);
    registerFacetFoldSweep(app.sweep, app.services);
    registerSearchWordsFoldSweep(app.sweep, app.services);
    registerListedTownsSweep(app.sweep, app.services);
  },
  async routes(app) {
    await app.register(itemsRoutes);
    await app.register(draftsRoutes);
  },
};
