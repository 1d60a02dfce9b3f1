import type { ServiceContext } from '../../lib/service-context';
import { sendImmediateEmails } from './notification-mailing';

/**
 * Once notifications are committed, the ones that cannot wait are emailed, off the request's path:
 * the mailer tracks the work and logs a failure, which never reaches the member who acted. Should
 * the process end before this runs, the sweep queues them (sendMissedImmediateEmails).
 */
export function registerNotificationsListeners(ctx: ServiceContext) {
  ctx.events.afterCommit('notifications.stored', async ({ notifications }) => {
    const urgent = notifications.filter((note) => note.emailType).map((note) => note.id);
    if (urgent.length === 0) return;
    ctx.mailer.defer('notify', () => sendImmediateEmails(ctx, urgent));
  });
}
