/**
 * The rings module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/rings/ is its own (eslint.config.js, the server's import boundaries).
 */
export { listRingDisputes, resolveRingDispute } from './ring-disputes.service';
