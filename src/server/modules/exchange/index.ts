/**
 * The exchange module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/exchange/ is its own (eslint.config.js, the server's import boundaries).
 */
export {
  ringAddressViews,
  shippingCountryOf,
  tradeAddressViews,
  type AddressView,
} from './recipient-address.query';
export { checkCarrierAndNumber } from './tracking-rules';
