import type { ServerModule } from '../../lib/server-module';
import { imagesRoutes } from './images.routes';
import { registerImagesSweep } from './images.sweep';

/** The images module as the app starts it (app.ts): its periodic tasks and routes. */
export const imagesModule: ServerModule = {
  name: 'images',
  sweeps(app) {
    registerImagesSweep(app.sweep, app.services);
  },
  async routes(app) {
    await app.register(imagesRoutes);
  },
};
