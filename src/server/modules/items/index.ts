/**
 * The items module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/items/ is its own (eslint.config.js, the server's import boundaries).
 */
export { itemColumns, presentItem, shownItemsByIds } from './items.presenter';
export { marketplaceWhere } from './items.query';
export { foldSearchWordDeltas } from './search-vocabulary';
export { KEEPS_MARKETPLACE } from './marketplace-cache';
export { favouriteAdded, favouriteRemoved } from './trending';
