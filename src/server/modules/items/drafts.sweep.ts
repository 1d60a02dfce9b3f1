import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';
import { sweepExpiredDrafts } from './drafts.service';

/** Register before the images sweep: the photos of the drafts deleted here then go in the same run. */
export function registerDraftsSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('drafts.expired', async (now) => {
    await sweepExpiredDrafts(ctx, now);
  });
}
