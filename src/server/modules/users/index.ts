/**
 * The users module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/users/ is its own (eslint.config.js, the server's import boundaries).
 */
export { presentTradePartner, presentUser, presentUserSummary } from './users.presenter';
