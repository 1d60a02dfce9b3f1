import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';
import { liftExpiredSuspensions } from './member-sanctions.service';

/** Suspensions that reached their end give their members' listings back. */
export function registerModerationSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('suspensions', (now) => liftExpiredSuspensions(ctx, now));
}
