import type { ServiceContext } from '../../lib/service-context';
import { notifyWishlistMatches } from './wishlist.service';

/** A listed item alerts the members whose wishlist it matches. */
export function registerWishlistListeners(ctx: ServiceContext) {
  ctx.events.afterCommit('item.listed', (event) => notifyWishlistMatches(ctx, event.itemId));
}
