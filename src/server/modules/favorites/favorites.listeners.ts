import type { ServiceContext } from '../../lib/service-context';
import { alertFavoriters } from './favorites.alerts';

/**
 * Members who favourited an item hear when it is reserved, available again, or withdrawn, in the
 * transaction that changed it (so an alert never announces a change that rolled back).
 */
export function registerFavoritesListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('items.availability-changed', (event, tx, effects) =>
    alertFavoriters(tx, effects, event.itemIds, event.availability, event.parties),
  );
  ctx.events.inTransaction('item.withdrawn', async (event, tx, effects) => {
    if (event.wasListed) await alertFavoriters(tx, effects, [event.itemId], 'withdrawn');
  });
}
