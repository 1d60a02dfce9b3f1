import type { ServerModule } from '../../lib/server-module';
import { authRoutes } from './auth.routes';
import { externalSignInRoutes } from './oidc.routes';

/** The auth module as the app starts it (app.ts): its routes. */
export const authModule: ServerModule = {
  name: 'auth',
  async routes(app) {
    await app.register(authRoutes);
    await app.register(externalSignInRoutes);
  },
};
