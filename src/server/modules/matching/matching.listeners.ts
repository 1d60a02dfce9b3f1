import type { ServiceContext } from '../../lib/service-context';
import { notifyStrongMatches } from './matching.service';

/** A listed item alerts the members it is a strong direct swap for. */
export function registerMatchingListeners(ctx: ServiceContext) {
  ctx.events.afterCommit('item.listed', (event) => notifyStrongMatches(ctx, event.itemId));
}
