import type { ServiceContext } from '../../lib/service-context';
import { matchSavedSearches } from './saved-searches.service';

/** A listed item alerts the members whose saved searches select it. */
export function registerSavedSearchesListeners(ctx: ServiceContext) {
  ctx.events.afterCommit('item.listed', (event) => matchSavedSearches(ctx, event.itemId));
}
