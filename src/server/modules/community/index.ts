/**
 * The community module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/community/ is its own (eslint.config.js, the server's import boundaries).
 */
export { communityCountry } from './community.service';
