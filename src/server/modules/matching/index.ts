/**
 * The matching module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/matching/ is its own (eslint.config.js, the server's import boundaries).
 */
export { loadProfiles } from './profiles';
