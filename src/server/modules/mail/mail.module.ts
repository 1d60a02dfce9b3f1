import type { ServerModule } from '../../lib/server-module';
import { outboxRoutes } from './outbox.routes';

/** The mail module as the app starts it (app.ts): its periodic tasks and routes. */
export const mailModule: ServerModule = {
  name: 'mail',
  sweeps(app) {
    // Last in app.ts's list: what the tasks before it queued goes out in the same run. Each commit
    // that queues mail delivers it at once too; this run catches what a process that ended left
    // behind, and retries.
    app.sweep.register('mail.deliver', (now) => app.services.mailer.deliverDue(now));
  },
  async routes(app) {
    await app.register(outboxRoutes);
  },
};
